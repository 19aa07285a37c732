/** The .api language: its reader and its formatter. */
import type { Language } from "../read-context.js";
import { readApi } from "./index.js";

export const language: Language = {
  read: (files, ctx) =>
    readApi(files, {
      root: ctx.root,
      ...(ctx.scope ? { scope: ctx.scope } : {}),
      onWarning: (w) => ctx.onWarning?.(w),
    }),
  format: async (text, file) => (await import("./format.js")).formatApiSource(text, file),
};

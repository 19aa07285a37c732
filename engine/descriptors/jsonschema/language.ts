/** JSON Schema documents, one per file. */
import type { Language } from "../read-context.js";
import { readJsonSchema } from "./index.js";

export const language: Language = {
  read: async (files, ctx) =>
    files.length === 0
      ? { documents: [] }
      : readJsonSchema(files, { root: ctx.root, onWarning: (w) => ctx.onWarning?.(w) }),
};

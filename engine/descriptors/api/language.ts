/** The .api language: its reader and its formatter. */
import type { Language, ReadContext } from "../read-context.js";
import { readApi } from "./index.js";

/** What a pack says to this language (pack.yaml `api`). */
export interface ApiSettings {
  /** The info key whose value names a file's types package. */
  packageKey: string;
}

export const language: Language = {
  read: (files, ctx) =>
    readApi(files, {
      root: ctx.root,
      ...(ctx.scope ? { scope: ctx.scope } : {}),
      ...packageKey(ctx),
      onWarning: (w) => ctx.onWarning?.(w),
    }),
  format: async (text, file) => (await import("./format.js")).formatApiSource(text, file),
};

function packageKey(ctx: ReadContext): { packageKey?: string } {
  // Given by the engine from the loaded pack, which pack.schema.json checked.
  const settings = ctx.pack.settings["api"] as ApiSettings | undefined;
  return settings ? { packageKey: settings.packageKey } : {};
}

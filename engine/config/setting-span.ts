/**
 * Where the project's settings file writes a setting: a check about the project as a whole (no
 * descriptor file to point at) reports there, at the first of its keys the file sets.
 */
import type { SourceSpan } from "../diagnostics/index.js";
import type { LoadedConfig } from "./loaded-config.js";

/** The span of the first dotted key the settings file sets; its start when it sets none; undefined without a file. */
export function settingSpan(config: LoadedConfig, keys: readonly string[]): SourceSpan | undefined {
  const doc = config.layers.doc;
  if (!doc) return undefined;
  for (const key of keys) {
    const path = key.split(".");
    let v: unknown = doc.value;
    for (const k of path)
      v =
        v !== null && typeof v === "object" && !Array.isArray(v) && Object.hasOwn(v, k)
          ? (v as Record<string, unknown>)[k]
          : undefined;
    if (v !== undefined) return doc.spanAt(path);
  }
  return doc.spanAt([]);
}

/**
 * Whole steps (compilers) kept in the memo: the files they created, keyed by their arguments,
 * the programs they run and the contents of their declared inputs (wholeStepKey; per-file steps
 * have file-cache.ts). A no-change `gen` runs neither.
 */
import { keep, recall } from "../cache/index.js";

export { toolIdentity } from "../exec/index.js";

/** Files a whole step produced, stored as one JSON document under the step's key. */
export function cachedFiles(key: string): Array<{ path: string; contents: Buffer }> | null {
  const raw = recall("step-cache", key);
  if (!raw) return null;
  try {
    const list = JSON.parse(raw.toString("utf8")) as Array<{ path: string; data: string }>;
    return list.map((f) => ({ path: f.path, contents: Buffer.from(f.data, "base64") }));
  } catch {
    return null;
  }
}

export function storeFiles(key: string, files: Array<{ path: string; contents: Buffer }>): void {
  keep(
    "step-cache",
    key,
    Buffer.from(JSON.stringify(files.map((f) => ({ path: f.path, data: f.contents.toString("base64") })))),
  );
}

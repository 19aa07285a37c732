/**
 * Content-addressed cache for whole steps (compilers): the files they created, keyed by their
 * arguments, the programs they run and the contents of their declared inputs (per-file steps
 * have file-cache.ts). A no-change `gen` runs neither.
 */
import { cachedOutput, storeOutput } from "../cache/index.js";

export { toolIdentity } from "../exec/index.js";

/** Files a whole step produced, stored as one JSON document under the step's key. */
export async function cachedFiles(key: string): Promise<Array<{ path: string; contents: Buffer }> | null> {
  const raw = await cachedOutput(key);
  if (!raw) return null;
  try {
    const list = JSON.parse(raw.toString("utf8")) as Array<{ path: string; data: string }>;
    return list.map((f) => ({ path: f.path, contents: Buffer.from(f.data, "base64") }));
  } catch {
    return null;
  }
}

export async function storeFiles(key: string, files: Array<{ path: string; contents: Buffer }>): Promise<void> {
  await storeOutput(key, Buffer.from(JSON.stringify(files.map((f) => ({ path: f.path, data: f.contents.toString("base64") })))));
}

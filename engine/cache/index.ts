/**
 * The one cache every stage uses: a folder per user (fetched packs, step outputs, whole-IR data,
 * compiler include links) holding content-addressed entries. A cache that cannot be written only
 * costs speed, so writes never fail a run.
 */
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";

/** `$CODEGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/codegen`, else `~/.cache/codegen`. */
export function cacheDir(...parts: string[]): string {
  const base = process.env["CODEGEN_CACHE_DIR"] ?? join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "codegen");
  return join(base, ...parts);
}

const entries = (): string => cacheDir("steps");

/** Bytes stored under a hex key, or null. */
export async function cachedOutput(key: string): Promise<Buffer | null> {
  try {
    return await readFile(join(entries(), key.slice(0, 2), key));
  } catch {
    return null;
  }
}

export async function storeOutput(key: string, output: Buffer): Promise<void> {
  const folder = join(entries(), key.slice(0, 2));
  try {
    await mkdir(folder, { recursive: true });
    const tmp = join(folder, `${key}.${process.pid}.tmp`);
    await writeFile(tmp, output);
    await rename(tmp, join(folder, key));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

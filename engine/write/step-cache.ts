/**
 * Content-addressed cache for per-file steps (formatters): the output for a given step and
 * input bytes is stored once, so a no-change `gen` runs no formatter at all.
 */
import { createHash } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { packCacheDir } from "../packs/source.js";

const dir = (): string => join(packCacheDir(), "steps");

export function stepKey(argv: string[], input: Buffer): string {
  return createHash("sha256").update(JSON.stringify(argv)).update("\0").update(input).digest("hex");
}

export async function cachedOutput(key: string): Promise<Buffer | null> {
  try {
    return await readFile(join(dir(), key.slice(0, 2), key));
  } catch {
    return null;
  }
}

export async function storeOutput(key: string, output: Buffer): Promise<void> {
  const folder = join(dir(), key.slice(0, 2));
  try {
    await mkdir(folder, { recursive: true });
    const tmp = join(folder, `${key}.${process.pid}.tmp`);
    await writeFile(tmp, output);
    await rename(tmp, join(folder, key));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

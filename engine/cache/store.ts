/**
 * Where kept results live: a folder per user holding one file per entry, named by its key
 * (memo.ts derives them). Entries are read and written with synchronous calls: they are small,
 * and a promise per file (a thread-pool round trip each) made a thousand reads five times slower.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { packageRoot } from "./package-root.js";
import { switchedOff } from "./switches.js";

/** `$CODEGEN_CACHE_DIR`, else `$XDG_CACHE_HOME/codegen`, else `~/.cache/codegen`. */
export function cacheDir(...parts: string[]): string {
  const base =
    process.env["CODEGEN_CACHE_DIR"] ?? join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "codegen");
  return join(base, ...parts);
}

const entries = (): string => cacheDir("memo");

/**
 * Entries made when codegen was built (packs/seed.ts): what every first run computes the same
 * way (the built-in packs, loaded and validated). Read after the user's cache, never written.
 */
export const seedDir = join(packageRoot, "dist/cache-seed");

/** Bytes stored under a hex key (in the cache, else in the build's seed), or null. */
export function readCached(key: string): Buffer | null {
  const at = join(key.slice(0, 2), key);
  try {
    return readFileSync(join(entries(), at));
  } catch {
    if (switchedOff("seed")) return null;
    try {
      return readFileSync(join(seedDir, at));
    } catch {
      return null;
    }
  }
}

/** Store bytes under a hex key, whole or not at all; a cache that cannot be written only costs speed. */
export function writeCached(key: string, output: Buffer): void {
  const folder = join(entries(), key.slice(0, 2));
  try {
    mkdirSync(folder, { recursive: true });
    const tmp = join(folder, `${key}.${process.pid}.tmp`);
    writeFileSync(tmp, output);
    renameSync(tmp, join(folder, key));
  } catch {
    // A cache that cannot be written only costs speed.
  }
}

import { randomBytes } from "node:crypto";
import { chmodSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";

/**
 * Replace a file by a new one renamed over it, keeping its mode: a reader, or a crash, sees the
 * old text or the new, never part. The temporary file is created exclusively beside it and
 * removed when anything fails.
 */
export function replaceFile(abs: string, text: string | Uint8Array, mode = statSync(abs).mode & 0o7777): void {
  const tmp = join(dirname(abs), `.${basename(abs)}.codegen-${process.pid}-${randomBytes(4).toString("hex")}`);
  try {
    writeFileSync(tmp, text, { flag: "wx", mode });
    // The umask may have narrowed the mode; the file keeps its own.
    if ((statSync(tmp).mode & 0o7777) !== mode) chmodSync(tmp, mode);
    renameSync(tmp, abs);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}

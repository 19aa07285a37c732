/**
 * What a command runs is more than its text: `sh ./tools/hook.sh` runs whatever the script holds
 * when it runs. Consent covers, besides each command, every file of the project the command
 * names (written literally: `./tools/hook.sh`, `tools/hook.sh`, an absolute path inside the
 * project) and that exists, by the SHA-256 of its bytes, so a pull that edits a trusted script
 * asks again. Files a command reads without naming them (a Makefile, package.json scripts) are
 * not known here: name the script itself.
 */
import { createHash } from "node:crypto";
import { closeSync, constants, fstatSync, openSync, readSync } from "node:fs";
import { isAbsolute, relative, resolve, sep } from "node:path";

export interface NamedScript {
  /** Root-relative, with "/". */
  path: string;
  sha256: string;
}

/** Words of a shell command line that may name files: split at white space, quotes and shell operators. */
const WORD_BREAKS = /[\s;&|()<>`'"=,]+/;

/** Scripts larger than this are identified by their size and modification time instead of their bytes. */
const MAX_HASHED = 16 * 1024 * 1024;

export function namedScripts(command: string, root: string): NamedScript[] {
  const out = new Map<string, string>();
  for (const word of command.split(WORD_BREAKS)) {
    if (word === "" || word.includes("\0") || word.startsWith("-") || word.includes("$")) continue;
    const abs = isAbsolute(word) ? word : resolve(root, word);
    const rel = relative(root, abs);
    if (rel === "" || rel === ".." || rel.startsWith(`..${sep}`) || isAbsolute(rel)) continue;
    const path = rel.split(sep).join("/");
    if (out.has(path)) continue;
    const digest = fileDigest(abs);
    if (digest !== null) out.set(path, digest);
  }
  return [...out]
    .map(([path, sha256]) => ({ path, sha256 }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

/** The SHA-256 of a regular file (a link is followed: what runs is what it points to); null for anything else. */
function fileDigest(abs: string): string | null {
  let fd: number;
  try {
    // Non-blocking: a fifo named by a command must not stop codegen here.
    fd = openSync(abs, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) return null;
    const hash = createHash("sha256");
    if (st.size > MAX_HASHED) return hash.update(`size ${st.size} mtime ${st.mtimeMs}`).digest("hex");
    const buf = Buffer.alloc(64 * 1024);
    for (let n; (n = readSync(fd, buf, 0, buf.length, null)) > 0; ) hash.update(buf.subarray(0, n));
    return hash.digest("hex");
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

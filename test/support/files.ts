import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

/**
 * codegen's transient state (gitignored): the lock, and the record of "nothing changed" a gen
 * leaves for the next (write/snapshot.ts). Not part of what a gen writes.
 */
export const TRANSIENT = [".codegen/lock", ".codegen/snapshot.json"];

/** Every file under dir with its bytes, keyed by posix relative path (transient state left out). */
export function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const full = join(e.parentPath, e.name);
    const rel = relative(dir, full).split("\\").join("/");
    if (TRANSIENT.includes(rel)) continue;
    out[rel] = `${statSync(full).mtimeMs}:${readFileSync(full, "latin1")}`;
  }
  return out;
}

export function copyInto(from: string, to: string): void {
  cpSync(from, to, { recursive: true, force: true });
}

/** Paths that differ between two snapshots: changed, appeared or vanished. */
export function changedFiles(before: Record<string, string>, after: Record<string, string>): string[] {
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => before[k] !== after[k]).sort();
}

/** Write files given by relative path into `dir` (folders created as needed); returns `dir`. */
export function writeTree(dir: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

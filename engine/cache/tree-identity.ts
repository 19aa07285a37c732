import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Paths, sizes and modification times of every file under a folder (no contents read; a
 * symbolic link counts as a link to what it points to, so a file replaced by a link to its twin
 * is a change): what decides whether something loaded from the
 * folder may be reused. `newest` is the latest modification time seen.
 */
export function treeState(
  dir: string,
  include: (file: string) => boolean = () => true,
): { identity: string; newest: number } {
  const hash = createHash("sha256");
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return { identity: "missing", newest: 0 };
  }
  let newest = 0;
  const links = new Set<string>();
  const files = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && include(e.name))
    .map((e) => {
      const f = join(e.parentPath, e.name);
      if (e.isSymbolicLink()) links.add(f);
      return f;
    })
    .sort();
  for (const f of files) {
    let line = `${f}\0${links.has(f) ? "link\0" : ""}dangling\0`;
    try {
      const s = statSync(f);
      newest = Math.max(newest, s.mtimeMs);
      line = `${f}\0${links.has(f) ? "link\0" : ""}${s.isDirectory() ? "folder" : s.size}\0${s.mtimeMs}\0`;
    } catch {
      // a link to nothing
    }
    hash.update(line);
  }
  return { identity: hash.digest("hex"), newest };
}

export function treeIdentity(dir: string, include?: (file: string) => boolean): string {
  return treeState(dir, include).identity;
}

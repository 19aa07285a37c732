import { createHash } from "node:crypto";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/**
 * Paths, sizes and modification times of every file under a folder (no contents read): what
 * decides whether something loaded from the folder may be reused.
 */
export function treeIdentity(dir: string): string {
  const hash = createHash("sha256");
  let entries;
  try {
    entries = readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return "missing";
  }
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name)).sort();
  for (const f of files) {
    const s = statSync(f);
    hash.update(`${f}\0${s.size}\0${s.mtimeMs}\0`);
  }
  return hash.digest("hex");
}

/**
 * Managed files that the plan no longer names (their route or table was removed) would keep
 * stale code in the project. They are found by the pack's marker, so no state file is needed.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";

const skippedDirs = new Set(["node_modules", "vendor", "bin"]);
const maxSize = 1024 * 1024;

export async function findStaleManaged(root: string, marker: string, planned: Set<string>): Promise<string[]> {
  if (!marker) return [];
  const stale: string[] = [];
  const walk = async (dir: string): Promise<void> => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      if (e.name.startsWith(".")) continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) {
        if (!skippedDirs.has(e.name)) await walk(full);
        continue;
      }
      if (!e.isFile()) continue;
      const rel = relative(root, full).split("\\").join("/");
      if (planned.has(rel)) continue;
      if ((await stat(full)).size > maxSize) continue;
      if ((await readFile(full)).includes(marker)) stale.push(rel);
    }
  };
  await walk(root);
  return stale.sort();
}

/**
 * Managed files that the plan no longer names (their route or table was removed) would keep
 * stale code in the project. They are found by the pack's marker, so no state file is needed.
 */
import { readdir, readFile, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import { minimatch } from "minimatch";

const skippedDirs = new Set(["node_modules", "vendor", "bin"]);
const maxSize = 1024 * 1024;

/** A marker generated files contain; with a glob, only files matching it count. */
export interface Marker {
  text: string;
  glob: string | null;
}

export async function findStaleManaged(root: string, markers: Marker[], planned: Set<string>): Promise<string[]> {
  const active = markers.filter((m) => m.text !== "");
  if (active.length === 0) return [];
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
      const candidates = active.filter((m) => !m.glob || minimatch(rel, m.glob, { dot: true }));
      if (candidates.length === 0) continue;
      const bytes = await readFile(full);
      if (candidates.some((m) => bytes.includes(m.text))) stale.push(rel);
    }
  };
  await walk(root);
  return stale.sort();
}

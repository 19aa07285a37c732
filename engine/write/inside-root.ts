import { existsSync, realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";

/**
 * A check for the destinations of one write: refuse a file whose nearest existing folder
 * resolves (through symlinks) outside the root. Synchronous: it runs for every file a gen
 * writes, and a thread-pool round trip each cost more than the lookup. What each folder leads
 * to is remembered for the write (nothing changes on disk until every destination is checked):
 * a thousand files in a hundred folders cost a hundred lookups, not seven thousand system calls.
 */
export function rootGuard(root: string): (rel: string) => void {
  const nearest = new Map<string, { dir: string; real: string }>();
  const resolve = (start: string): { dir: string; real: string } => {
    const walked: string[] = [];
    let dir = start;
    let found = nearest.get(dir);
    while (!found && !existsSync(dir)) {
      walked.push(dir);
      dir = dirname(dir);
      found = nearest.get(dir);
    }
    found ??= { dir, real: realpathSync.native(dir) };
    for (const d of [dir, ...walked]) nearest.set(d, found);
    return found;
  };
  return (rel) => {
    const { dir, real } = resolve(dirname(join(root, rel)));
    if (real !== root && !real.startsWith(root + sep)) {
      throw new CodegenError(diag("UNSAFE_PATH", `${rel} would be written through ${relative(root, dir)}, which leads outside the project (${real})`));
    }
  };
}

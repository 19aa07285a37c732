import { existsSync, realpathSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";

/**
 * Refuse a destination whose nearest existing ancestor resolves (through symlinks) outside the
 * root. Synchronous: it runs for every file a gen writes, and a thread-pool round trip each cost
 * more than the lookup.
 */
export async function assertInsideRoot(root: string, rel: string): Promise<void> {
  let dir = dirname(join(root, rel));
  while (!existsSync(dir)) dir = dirname(dir);
  const real = realpathSync.native(dir);
  if (real !== root && !real.startsWith(root + sep)) {
    throw new CodegenError(diag("UNSAFE_PATH", `${rel} would be written through ${relative(root, dir)}, which leads outside the project (${real})`));
  }
}

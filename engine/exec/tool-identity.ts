import { realpathSync, statSync } from "node:fs";
import { delimiter, join } from "node:path";

/**
 * The identity of a program on PATH (resolved path, size, modification time), so upgrading a
 * compiler or plugin invalidates what was cached with the old one. Looked up with synchronous
 * calls: most PATH folders do not hold the program, and a thread-pool round trip per miss cost
 * more than the lookup.
 */
export async function toolIdentity(name: string): Promise<string> {
  const found = findProgram(name);
  return found ? `${found.path}:${found.size}:${found.mtimeMs}` : `${name}:missing`;
}

/** Where a program is (resolved path, size, mtime): on PATH for a bare name, as given for a path; null when it is not there. */
export function findProgram(name: string): { path: string; size: number; mtimeMs: number } | null {
  const dirs = name.includes("/") ? [""] : (process.env["PATH"] ?? "").split(delimiter);
  for (const dir of dirs) {
    try {
      const path = realpathSync(dir ? join(dir, name) : name);
      const s = statSync(path);
      if (s.isFile()) return { path, size: s.size, mtimeMs: s.mtimeMs };
    } catch {
      // not in this folder
    }
  }
  return null;
}

import { realpath, stat } from "node:fs/promises";
import { delimiter, join } from "node:path";

/**
 * The identity of a program on PATH (resolved path, size, modification time), so upgrading a
 * compiler or plugin invalidates what was cached with the old one.
 */
export async function toolIdentity(name: string): Promise<string> {
  const dirs = name.includes("/") ? [""] : (process.env["PATH"] ?? "").split(delimiter);
  for (const dir of dirs) {
    try {
      const path = await realpath(dir ? join(dir, name) : name);
      const s = await stat(path);
      if (s.isFile()) return `${path}:${s.size}:${s.mtimeMs}`;
    } catch {
      // not in this folder
    }
  }
  return `${name}:missing`;
}

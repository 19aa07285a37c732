// A file's stat as one string (device, inode, size, modification and change times): any rewrite
// changes it, since no user can set a change time. engine/write/disk.ts has the engine's own.
import { statSync } from "node:fs";

export function fileStamp(path) {
  const s = statSync(path);
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

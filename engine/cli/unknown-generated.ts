/**
 * `gen --check` also lists files that say they are codegen's but are not: they carry the pack's
 * managed marker near their top (in their first KiB, where every file codegen writes carries
 * it) while the ledger does not list them and this gen does not plan them. Reviewers and code
 * hosts skip generated files, so a forged one would otherwise hide code in plain sight. Not
 * this project's, and not looked at: hidden files and folders (`.git`, `.codegen`), links, and
 * folders holding their own `.codegen.yaml` (nested projects).
 */
import { closeSync, existsSync, openSync, readdirSync, readSync } from "node:fs";
import { join } from "node:path";
import { CONFIG_FILE } from "../config/index.js";

/** How much of a file's start is read for the marker. */
const HEAD = 1024;

export function markedUnknown(root: string, marker: string, known: ReadonlySet<string>): string[] {
  if (marker === "") return [];
  const needle = Buffer.from(marker);
  const found: string[] = [];
  const folders = [""];
  const head = Buffer.alloc(HEAD);
  while (folders.length > 0) {
    const rel = folders.pop()!;
    const abs = rel === "" ? root : join(root, rel);
    let entries;
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch {
      continue; // unreadable: not something gen wrote either
    }
    for (const e of entries) {
      if (e.name.startsWith(".")) continue;
      const path = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (!existsSync(join(root, path, CONFIG_FILE))) folders.push(path);
      } else if (e.isFile() && !known.has(path) && startsWith(join(root, path), head, needle)) {
        found.push(path);
      }
    }
  }
  return found.sort();
}

function startsWith(abs: string, head: Buffer, needle: Buffer): boolean {
  let fd: number;
  try {
    fd = openSync(abs, "r");
  } catch {
    return false;
  }
  try {
    const n = readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).includes(needle);
  } catch {
    return false;
  } finally {
    closeSync(fd);
  }
}

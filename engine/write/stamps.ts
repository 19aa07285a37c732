/**
 * What gen knows of the bytes of its files without reading them. For each file a gen read and
 * left as it was, the record keeps the stamp (device, inode, size, modification and change
 * times) of the open file it read, the SHA-256 of those bytes, and the file system's clock
 * before that run read anything. A later gen whose stat of the file gives the same stamp, with a
 * change time older than that clock (as git trusts its index), knows the bytes without reading
 * them: after a one-file edit, a thousand files need a stat each instead of a read and a digest.
 *
 * Knowledge from here only ever decides that a file needs no write (the writer's decide.ts):
 * every write, and every decision about whose a file is, is made from bytes read now. A record
 * that were wrong could thus only leave a file as it is, never replace a byte of the user's.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { FileOutcome } from "./decide.js";
import { stampChangeTime, type ProjectFiles } from "./disk.js";
import { isPlainRelative, STATE_DIR } from "./ledger.js";
import { readStateFile } from "./state-dir.js";
import { ensureStateDir } from "./lock.js";

export const STAMPS_PATH = `${STATE_DIR}/stamps.txt`;
/** The first line. Then one line per file: stamp, SHA-256, clock and path, separated by spaces (text: JSON took 50 ms to write). */
const HEADER = "codegen-stamps 1";

/** Stamp, SHA-256 of the bytes read with it, and the clock the stamp's change time must be older than. */
export type StampRecord = [stamp: string, sha256: string, clock: number];

export function readStamps(root: string): Map<string, StampRecord> {
  const out = new Map<string, StampRecord>();
  let text: string;
  try {
    text = readStateFile(root, STAMPS_PATH)?.toString("utf8") ?? "";
  } catch {
    return out; // unreadable, or a link: the files are read instead
  }
  const lines = text.split("\n");
  if (lines[0] !== HEADER) return out;
  for (let i = 1; i < lines.length; i++) {
    const [stamp = "", sha = "", clock = "", ...rest] = lines[i]!.split(" ");
    const path = rest.join(" ");
    if (/^\d+:\d+:\d+:[\d.]+:[\d.]+$/.test(stamp) && /^[0-9a-f]{64}$/.test(sha) && Number.isFinite(Number(clock)) && isPlainRelative(path)) out.set(path, [stamp, sha, Number(clock)]);
  }
  return out;
}

export function saveStamps(root: string, records: Map<string, StampRecord>): void {
  const file = join(root, STAMPS_PATH);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    // A run that read none of its files (the first, which wrote them all) leaves none.
    if (records.size === 0) return rmSync(file, { force: true });
    ensureStateDir(root);
    let text = HEADER;
    for (const [path, [stamp, sha, clock]] of records) text += `\n${stamp} ${sha} ${clock} ${path}`;
    writeFileSync(tmp, text + "\n");
    renameSync(tmp, file);
  } catch {
    // Without records the next gen reads the files: slower, never wrong.
    for (const f of [tmp, file]) rmSync(f, { force: true });
  }
}

/** Save what a run knew of the files it left as they were (unchanged, kept), for the next run. */
export function keepStamps(root: string, disk: ProjectFiles, outcomes: FileOutcome[], clock: number): void {
  const records = new Map<string, StampRecord>();
  for (const o of outcomes) {
    if (o.state !== "unchanged" && o.state !== "kept") continue;
    const known = disk.knownRecords.get(o.path);
    if (known) {
      records.set(o.path, known);
      continue;
    }
    const stamp = disk.stamps.get(o.path);
    const hash = disk.hash(o.path);
    if (!stamp || !hash) continue;
    // Read again as recorded, and trusted already: the record stands, its older clock with it.
    const before = disk.records.get(o.path);
    const stands = before !== undefined && before[0] === stamp && before[1] === hash && stampChangeTime(before[0]) < before[2];
    records.set(o.path, stands ? before : [stamp, hash, clock]);
  }
  if (records.size === disk.records.size && [...records].every(([path, r]) => disk.records.get(path) === r)) return;
  saveStamps(root, records);
}

/**
 * What the last gen that wrote nothing saw, so that the next one can tell "nothing to do" from
 * file stats alone, without reading the generated files or the cached generation: the generation
 * key, the ledger's digest, what the writer decided for each file, and the stamp (device, inode,
 * size, modification and change times) of every file it read, taken from the open file it read.
 *
 * A stamp is trusted only when the file's change time is older than a reading of the file
 * system's clock taken before the run read anything (the change time of the project lock it
 * holds), as git does with its index: a file changed in that clock tick or later could change
 * again unseen within the tick, so it is read again next time. A user cannot set a change time,
 * so an edit that keeps a file's size and modification time still shows.
 */
import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { switchedOff } from "../cache/index.js";
import type { NestedProjects } from "../project/index.js";
import { pathStamp, sha256, stampChangeTime } from "./disk.js";
import type { FileOutcome, FileState, WriteReport } from "./outcome.js";
import { isPlainRelative, STATE_DIR } from "./ledger.js";
import { ensureStateDir, LOCK_PATH } from "./lock.js";
import { readStateFile } from "./state-dir.js";

export const SNAPSHOT_PATH = `${STATE_DIR}/snapshot.json`;
const VERSION = 1;

/** What a generation said besides its files (warnings always, notes with --verbose). */
export interface Said {
  warnings: string[];
  notes: string[];
}

export interface Snapshot {
  version: number;
  key: string;
  /** The file system's clock before the run read anything (ms, with fraction). */
  clock: number;
  /** SHA-256 of the ledger's bytes. */
  ledger: string;
  said: Said;
  /** Every outcome is unchanged or kept (a run with orphans changed the ledger, so it took none). */
  outcomes: Array<[path: string, state: FileState, rule: string]>;
  /** Root-relative path → stamp, or null for a file that was absent. */
  stamps: Record<string, string | null>;
}

/**
 * The snapshot, when the project is exactly as it was when it was taken: same generation key,
 * same ledger, every file it read unchanged, and no planned file now inside a nested project.
 * `read`: the snapshot file's contents when the caller has just parsed it.
 */
export function unchangedSnapshot(
  root: string,
  key: string,
  ledger: Buffer | null,
  nested: NestedProjects,
  read?: Snapshot,
): Snapshot | null {
  if (!ledger || switchedOff("snapshot")) return null;
  let snapshot: Snapshot;
  // A snapshot that is a link (or under a linked .codegen) is refused, not passed over quietly.
  const text = read ? null : (readStateFile(root, SNAPSHOT_PATH)?.toString("utf8") ?? "null");
  try {
    snapshot = read ?? (JSON.parse(text!) as Snapshot);
  } catch {
    return null;
  }
  if (!wellFormed(snapshot) || snapshot.key !== key || snapshot.ledger !== sha256(ledger)) return null;
  for (const [path, stamp] of Object.entries(snapshot.stamps)) {
    // Plain relative paths (wellFormed): joined by hand, as path.join would normalise each one.
    if (stamp !== pathStamp(`${root}/${path}`)) return null;
    // Rounding to a double keeps order (a later time never rounds below an earlier one), so
    // a change time equal to the clock reading or later is never taken as older.
    if (stamp !== null && !(stampChangeTime(stamp) < snapshot.clock)) return null;
  }
  // A folder that now holds a .codegen.yaml is another project's: gen would refuse to write there.
  const folders = new Set(snapshot.outcomes.map(([path]) => path.slice(0, Math.max(0, path.lastIndexOf("/")))));
  for (const folder of folders) if (folder !== "" && nested.owner(`${folder}/x`) !== null) return null;
  return snapshot;
}

/** What the writer decided when the snapshot was taken: every file unchanged or kept. */
export function snapshotReport(snapshot: Snapshot): WriteReport {
  const counts: WriteReport["counts"] = { created: 0, updated: 0, unchanged: 0, kept: 0, removed: 0, moved: 0 };
  const outcomes = snapshot.outcomes.map(([path, state, rule]) => {
    counts[state]++;
    return { path, state, rule, before: null, after: Buffer.alloc(0) };
  });
  return { outcomes, counts, orphans: [], adopted: 0, changes: false, ledger: "same" };
}

/** The file system's clock now: the change time of the lock this run holds, or null without one. */
export function fileClock(root: string): number | null {
  return statSync(join(root, LOCK_PATH), { throwIfNoEntry: false })?.ctimeMs ?? null;
}

/** Record a run whose writer changed nothing (its outcomes are all unchanged or kept). */
export function saveSnapshot(
  root: string,
  parts: {
    key: string;
    clock: number;
    ledger: Buffer;
    said: Said;
    outcomes: FileOutcome[];
    stamps: Map<string, string | null>;
  },
): void {
  if (switchedOff("snapshot")) return;
  const snapshot: Snapshot = {
    version: VERSION,
    key: parts.key,
    clock: parts.clock,
    ledger: sha256(parts.ledger),
    said: parts.said,
    outcomes: parts.outcomes.map((o) => [o.path, o.state, o.rule]),
    stamps: Object.fromEntries(parts.stamps),
  };
  const file = join(root, SNAPSHOT_PATH);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    ensureStateDir(root);
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, file);
  } catch {
    // Without a snapshot the next gen reads the files: slower, never wrong.
    for (const f of [tmp, file]) rmSync(f, { force: true });
  }
}

/** Before anything is written: a snapshot must never describe a project being changed. */
export function dropSnapshot(root: string): void {
  rmSync(join(root, SNAPSHOT_PATH), { force: true });
}

function wellFormed(s: Snapshot): boolean {
  const states = new Set(["unchanged", "kept"]);
  return (
    s !== null &&
    typeof s === "object" &&
    s.version === VERSION &&
    typeof s.key === "string" &&
    typeof s.clock === "number" &&
    typeof s.ledger === "string" &&
    Array.isArray(s.outcomes) &&
    s.outcomes.every(
      (o) => Array.isArray(o) && typeof o[0] === "string" && states.has(o[1]) && typeof o[2] === "string",
    ) &&
    s.said !== null &&
    typeof s.said === "object" &&
    Array.isArray(s.said.warnings) &&
    Array.isArray(s.said.notes) &&
    s.stamps !== null &&
    typeof s.stamps === "object" &&
    Object.keys(s.stamps).every(isPlainRelative)
  );
}

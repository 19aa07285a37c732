/**
 * The one record of "nothing changed" (`.codegen/snapshot.json`): what a gen saw, so that the
 * next one can tell "nothing to do" without generating or reading the generated files. It holds
 * the generation key, the ledger's digest, what the writer decided (or, after a write, will
 * decide) for each file, what it printed, each file's stamp (device, inode, size, modification
 * and change times, taken from the open file) and digest, and for the launcher's early path
 * (cli/replay.ts) the inputs its key came from.
 *
 * A stamp is trusted only when the file's change time is older than a reading of the file
 * system's clock taken before the run read anything (the change time of the project lock it
 * holds), as git does with its index: a file changed in that clock tick or later could change
 * again unseen within the tick. A user cannot set a change time, so an edit that keeps a file's
 * size and modification time still shows. A file whose stamp is not trusted, or differs, is read
 * and compared by digest: the files a gen just wrote are known by their digests alone.
 */
import { renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { switchedOff } from "../cache/index.js";
import { LinkRefused, readNoFollow } from "../fs/index.js";
import type { NestedProjects } from "../project/index.js";
import { pathStamp, sha256, stampChangeTime, statStamp, type ProjectFiles } from "./disk.js";
import type { FileState, WriteReport } from "./outcome.js";
import { isPlainRelative, STATE_DIR } from "./ledger.js";
import { ensureStateDir, LOCK_PATH } from "./lock.js";
import { readStateFile } from "./state-dir.js";

export const SNAPSHOT_PATH = `${STATE_DIR}/snapshot.json`;
const VERSION = 2;

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
  /** What the next gen's writer decides when nothing changed: every file unchanged or kept. */
  outcomes: Array<[path: string, state: "unchanged" | "kept", rule: string]>;
  /** Root-relative path → [stamp ("" when none was taken), SHA-256 of its bytes], or null for no file. */
  files: Record<string, [stamp: string, digest: string] | null>;
  /** What the launcher's early path checks before deriving the key (cli/replay.ts); opaque here. */
  replay?: unknown;
}

/** A record that describes the project as it is; `restamped` when files had to be read to know it. */
export interface Unchanged {
  snapshot: Snapshot;
  restamped: boolean;
}

/**
 * The record, when the project is exactly as it describes: same generation key, same ledger,
 * every file it names the same, and no planned file now inside a nested project. `read`: the
 * record's contents when the caller has just parsed it. Files whose stamps cannot be trusted are
 * read and compared by digest, and the answer carries their stamps now.
 */
export function unchangedSnapshot(
  root: string,
  key: string,
  ledger: Buffer | null,
  nested: NestedProjects,
  read?: Snapshot,
): Unchanged | null {
  if (!ledger || switchedOff("snapshot")) return null;
  let snapshot: Snapshot;
  // A record that is a link (or under a linked .codegen) is refused, not passed over quietly.
  const text = read ? null : (readStateFile(root, SNAPSHOT_PATH)?.toString("utf8") ?? "null");
  try {
    snapshot = read ?? (JSON.parse(text!) as Snapshot);
  } catch {
    return null;
  }
  if (!wellFormed(snapshot) || snapshot.key !== key || snapshot.ledger !== sha256(ledger)) return null;
  const files = { ...snapshot.files };
  let restamped = false;
  for (const [path, entry] of Object.entries(snapshot.files)) {
    // Plain relative paths (wellFormed): joined by hand, as path.join would normalise each one.
    const now = fileNow(`${root}/${path}`, entry, snapshot.clock);
    if (now === undefined) return null;
    if (now !== entry) (files[path] = now), (restamped = true);
  }
  // A folder that now holds a .codegen.yaml is another project's: gen would refuse to write there.
  const folders = new Set(snapshot.outcomes.map(([path]) => path.slice(0, Math.max(0, path.lastIndexOf("/")))));
  for (const folder of folders) if (folder !== "" && nested.owner(`${folder}/x`) !== null) return null;
  return { snapshot: restamped ? { ...snapshot, files } : snapshot, restamped };
}

/** The entry for what is at `abs` now when it is the recorded file (a fresh one when it had to be read); undefined when not. */
function fileNow(abs: string, entry: [string, string] | null, clock: number): [string, string] | null | undefined {
  if (entry === null) return pathStamp(abs) === null ? null : undefined;
  const [stamp, digest] = entry;
  // Rounding to a double keeps order (a later time never rounds below an earlier one), so
  // a change time equal to the clock reading or later is never taken as older.
  if (stamp !== "" && stampChangeTime(stamp) < clock && pathStamp(abs) === stamp) return entry;
  try {
    const file = readNoFollow(abs);
    return file && sha256(file.bytes) === digest ? [statStamp(file.stats), digest] : undefined;
  } catch (e) {
    if (e instanceof LinkRefused || (e as NodeJS.ErrnoException).code === "EISDIR") return undefined;
    throw e;
  }
}

/** What the writer decided when the record was taken: every file unchanged or kept. */
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

/**
 * The record of a run's write, or null when the next gen's report cannot be told from it (files
 * adopted, orphans kept). After a write the files it wrote are recorded by digest, and each file
 * by the state the next gen gives it: a managed file unchanged, a `once` or `merge` one kept.
 */
export function takeSnapshot(parts: {
  key: string;
  clock: number;
  /** The ledger's bytes now (after the write). */
  ledger: Buffer;
  said: Said;
  report: WriteReport;
  disk: ProjectFiles;
  /** The mode of each planned file. */
  modes: Map<string, string>;
}): Snapshot | null {
  const { report, disk } = parts;
  if (report.adopted > 0 || report.orphans.length > 0) return null;
  const files: Snapshot["files"] = {};
  for (const [rel, stamp] of disk.stamps) files[rel] = stamp === null ? null : [stamp, disk.hash(rel)!];
  const outcomes: Snapshot["outcomes"] = [];
  for (const o of report.outcomes) {
    if (o.from !== undefined) files[o.from] = null;
    if (o.state === "removed") {
      files[o.path] = null;
      continue;
    }
    const next: FileState = !report.changes ? o.state : parts.modes.get(o.path) === "managed" ? "unchanged" : "kept";
    if (next !== "unchanged" && next !== "kept") return null;
    if (o.state !== "unchanged" && o.state !== "kept") files[o.path] = ["", sha256(o.after)];
    outcomes.push([o.path, next, o.rule]);
  }
  return {
    version: VERSION,
    key: parts.key,
    clock: parts.clock,
    ledger: sha256(parts.ledger),
    said: parts.said,
    outcomes,
    files,
  };
}

/** Write the record (atomically); never fails the gen. */
export function saveSnapshot(root: string, snapshot: Snapshot): void {
  if (switchedOff("snapshot")) return;
  const file = join(root, SNAPSHOT_PATH);
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    ensureStateDir(root);
    writeFileSync(tmp, JSON.stringify(snapshot));
    renameSync(tmp, file);
  } catch {
    // Without a record the next gen generates again: slower, never wrong.
    for (const f of [tmp, file]) rmSync(f, { force: true });
  }
}

/** Before anything is written: a record must never describe a project being changed. */
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
    s.files !== null &&
    typeof s.files === "object" &&
    Object.entries(s.files).every(
      ([path, e]) =>
        isPlainRelative(path) &&
        (e === null || (Array.isArray(e) && e.length === 2 && typeof e[0] === "string" && typeof e[1] === "string")),
    )
  );
}

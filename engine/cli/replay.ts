/**
 * A plain `codegen gen` on a project nothing has touched, answered before the config, the pack or
 * the descriptors are loaded. A gen that the snapshot (write/snapshot.ts) answered records, in
 * the snapshot, everything its generation key was computed from: the working folder, the
 * environment, codegen's and the pack's file trees, the step programs, and the stamp of every
 * config file, descriptor and descriptor folder (a folder's stamp changes when a file is added,
 * removed or renamed in it). The next plain gen that finds all of these as recorded has the same
 * key, so it checks the snapshot (under the project lock) and prints what that gen printed.
 * Anything else, and any doubt, falls back to the full gen, which gives the same answer slower.
 *
 * A stamp is trusted only when its change time is older than the clock reading of the run that
 * took the snapshot: such a file was as it is now before that run read it, and the run that
 * recorded the inputs had the same key.
 */
import { createHash } from "node:crypto";
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { engineIdentity, treeIdentity } from "../cache/index.js";
import { toolIdentity } from "../exec/index.js";
import { CONFIG_FILE, NestedProjects } from "../project/index.js";
import { acquireLock, guardSignals, LEDGER_PATH, pathStamp, SNAPSHOT_PATH, snapshotReport, stampChangeTime, TX_DIR, unchangedSnapshot, type Snapshot } from "../write/index.js";
import { readStateFile } from "../write/index.js";
import { summary, type Out } from "./report.js";

const VERSION = 1;

/** Stamps of these files now, before the config that reads them is loaded (see ReplayInputs). */
export function stampsBeforeLoading(files: string[]): Record<string, string | null> {
  return Object.fromEntries(files.map((f) => [f, pathStamp(f)]));
}

export interface Replay {
  version: number;
  cwd: string;
  /** Digest of the environment (without the shell's own bookkeeping variables). */
  env: string;
  engine: string;
  /** Each pack layer's folder and tree identity, as the key used them. */
  layers: Array<[dir: string, identity: string]>;
  /** Each step program's name and identity (where PATH finds it), as the key used them. */
  tools: Array<[name: string, identity: string]>;
  /** Absolute path → stamp (null: absent) of every file and folder the key was computed from. */
  stamps: Record<string, string | null>;
}

/** What a gen answered by the snapshot knows about the inputs of its key. */
export interface ReplayInputs {
  root: string;
  snapshot: Snapshot;
  /** Where each descriptor glob starts (a plain root-relative folder), and what it matches there. */
  inputs: Array<{ prefix: string; match: (path: string) => boolean }>;
  identities: { layers: Array<[string, string]>; tools: Array<[string, string]> };
  /**
   * Files read while loading the config and the pack (.codegen.yaml, the user's settings), with
   * their stamps taken before they were read: one changed since is not recorded (the run may
   * have read either version).
   */
  configStamps: Record<string, string | null>;
  /** Folders whose absence the run relied on (the plugins folder). */
  absent: string[];
}

/** Record the inputs in the snapshot, when all of them are stamps that can be trusted; never fails the gen. */
export function recordReplay(inputs: ReplayInputs): void {
  const file = `${inputs.root}/${SNAPSHOT_PATH}`;
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const stamps = inputStamps(inputs);
    if (!stamps) return;
    const replay: Replay = { version: VERSION, cwd: inputs.root, env: environmentDigest(), engine: engineIdentity(), ...inputs.identities, stamps };
    writeFileSync(tmp, JSON.stringify({ ...inputs.snapshot, replay }));
    renameSync(tmp, file);
  } catch {
    // Without the record the next gen runs in full: slower, never wrong.
    rmSync(tmp, { force: true });
  }
}

function inputStamps(inputs: ReplayInputs): Record<string, string | null> | null {
  const root = inputs.root;
  const stamps: Record<string, string | null> = {};
  // An absent path is known absent by the stamp of the nearest folder that exists above it.
  const stamp = (path: string): string | null => {
    const s = (stamps[path] = pathStamp(path));
    for (let up = dirname(path); s === null; up = dirname(up)) if ((stamps[up] = pathStamp(up)) !== null || up === dirname(up)) break;
    return s;
  };
  for (const [f, before] of Object.entries(inputs.configStamps)) if (stamp(f) !== before) return null;
  for (const d of inputs.absent) if (stamp(d) !== null) return null;
  for (const { prefix, match } of inputs.inputs) {
    // Every folder down to where the glob starts: one that gains a .codegen.yaml hides its files.
    const segments = prefix.split("/");
    for (let i = 1; i < segments.length; i++) stamp(`${root}/${segments.slice(0, i).join("/")}`);
    const start = `${root}/${prefix}`;
    if (stamp(start) === null) continue;
    for (const e of readdirSync(start, { recursive: true, withFileTypes: true })) {
      const full = `${e.parentPath}/${e.name}`;
      if (e.isDirectory()) stamp(full);
      else if (e.isFile() && match(full.slice(root.length + 1))) stamp(full);
    }
  }
  return Object.values(stamps).every((s) => s === null || stampChangeTime(s) < inputs.snapshot.clock) ? stamps : null;
}

/**
 * For `codegen gen` with no flags: print what the last gen printed and return its exit code
 * when nothing it depended on changed; null to run the full gen.
 */
export async function replayGen(cwd: string, out: Out): Promise<number | null> {
  try {
    if (!existsSync(`${cwd}/${CONFIG_FILE}`) || existsSync(`${cwd}/${TX_DIR}`)) return null;
    // Never through a link: a .codegen (or a file in it) that is one makes the full gen refuse.
    const text = readStateFile(cwd, SNAPSHOT_PATH)?.toString("utf8");
    if (text === undefined) return null;
    const snapshot = JSON.parse(text) as Snapshot & { replay?: Replay };
    const replay = snapshot.replay;
    if (!replay || replay.version !== VERSION || replay.cwd !== cwd || typeof snapshot.clock !== "number") return null;
    if (replay.env !== environmentDigest() || replay.engine !== engineIdentity()) return null;
    for (const [dir, identity] of replay.layers) if (treeIdentity(dir) !== identity) return null;
    for (const [name, identity] of replay.tools) if ((await toolIdentity(name)) !== identity) return null;
    for (const [path, stamp] of Object.entries(replay.stamps)) if (stamp !== pathStamp(path)) return null;
    // As the full gen does: a stale lock is taken over and said so; a live one sends it there.
    const release = await acquireLock(cwd, { command: "gen", noWait: true, onWait: (m) => out.error(`codegen: ${m}`) });
    const unguard = guardSignals(release);
    try {
      // The snapshot read before the lock is still the one on disk (a gen that writes drops it).
      if (readStateFile(cwd, SNAPSHOT_PATH)?.toString("utf8") !== text) return null;
      const found = unchangedSnapshot(cwd, snapshot.key, readStateFile(cwd, LEDGER_PATH), new NestedProjects(cwd), snapshot);
      if (!found) return null;
      for (const w of found.said.warnings) out.info(w);
      out.info(summary(snapshotReport(found), false));
      return 0;
    } finally {
      unguard();
      release();
    }
  } catch {
    // Held lock, unreadable snapshot, anything unexpected: the full gen decides.
    return null;
  }
}

/** The environment's digest; `_` and OLDPWD are the shell's bookkeeping, not settings. */
function environmentDigest(): string {
  const hash = createHash("sha256");
  for (const k of Object.keys(process.env).sort()) if (k !== "_" && k !== "OLDPWD") hash.update(`${k}=${process.env[k]}\0`);
  return hash.digest("hex");
}

/**
 * A plain `codegen gen` on a project nothing has touched, answered before the config, the pack or
 * the descriptors are loaded. A gen that the snapshot (write/snapshot.ts) answered records, in
 * the snapshot, the inputs its generation key was derived from (generation-cache.ts) and the
 * sources of the two it computed from config files (the resolved config's digest, the
 * project): the stamps of those files, the folder it ran in and the environment. The next plain
 * gen whose sources are as recorded derives the key again from those inputs, as things are now,
 * with the same function the full gen uses; when it is the snapshot's key, it checks the snapshot (under
 * the project lock) and prints what that gen printed. Anything else, and any doubt, falls back
 * to the full gen, which gives the same answer slower.
 *
 * A stamp is trusted only when its change time is older than the clock reading of the run that
 * took the snapshot: such a file was as it is now before that run read it.
 */
import { createHash } from "node:crypto";
import { existsSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { descriptorHashes, generationKey, type GenerationInputs } from "../generation-cache.js";
import { CONFIG_FILE, NestedProjects } from "../project/index.js";
import {
  acquireLock,
  guardSignals,
  LEDGER_PATH,
  pathStamp,
  SNAPSHOT_PATH,
  snapshotReport,
  stampChangeTime,
  TX_DIR,
  unchangedSnapshot,
  type Snapshot,
} from "../write/index.js";
import { readStateFile } from "../write/index.js";
import { summary, type Out } from "./report.js";

const VERSION = 2;

/** Stamps of these files now, before the config that reads them is loaded (see ReplaySources). */
export function stampsBeforeLoading(files: string[]): Record<string, string | null> {
  return Object.fromEntries(files.map((f) => [f, pathStamp(f)]));
}

export interface Replay {
  version: number;
  /** Digest of the environment (without the shell's own bookkeeping variables). */
  env: string;
  inputs: GenerationInputs;
  /** Absolute path → stamp (null: absent) of the config files and the folders whose absence counts. */
  stamps: Record<string, string | null>;
}

/** What a gen answered by the snapshot knows about where its config and project values came from. */
export interface ReplaySources {
  snapshot: Snapshot;
  inputs: GenerationInputs;
  /**
   * Files read while loading the config and the pack (.codegen.yaml, the user's settings), with
   * their stamps taken before they were read: one changed since is not recorded (the run may
   * have read either version).
   */
  configStamps: Record<string, string | null>;
  /** Folders whose absence the run relied on (the plugins folder). */
  absent: string[];
}

/** Record the inputs in the snapshot, when every source's stamp can be trusted; never fails the gen. */
export function recordReplay(sources: ReplaySources): void {
  const file = `${sources.inputs.root}/${SNAPSHOT_PATH}`;
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    const stamps = sourceStamps(sources);
    if (!stamps) return;
    const replay: Replay = { version: VERSION, env: environmentDigest(), inputs: sources.inputs, stamps };
    writeFileSync(tmp, JSON.stringify({ ...sources.snapshot, replay }));
    renameSync(tmp, file);
  } catch {
    // Without the record the next gen runs in full: slower, never wrong.
    rmSync(tmp, { force: true });
  }
}

function sourceStamps(sources: ReplaySources): Record<string, string | null> | null {
  const stamps: Record<string, string | null> = {};
  // An absent path is known absent by the stamp of the nearest folder that exists above it.
  const stamp = (path: string): string | null => {
    const s = (stamps[path] = pathStamp(path));
    for (let up = dirname(path); s === null; up = dirname(up))
      if ((stamps[up] = pathStamp(up)) !== null || up === dirname(up)) break;
    return s;
  };
  for (const [f, before] of Object.entries(sources.configStamps)) if (stamp(f) !== before) return null;
  for (const d of sources.absent) if (stamp(d) !== null) return null;
  return Object.values(stamps).every((s) => s === null || stampChangeTime(s) < sources.snapshot.clock) ? stamps : null;
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
    if (!replay || replay.version !== VERSION || replay.inputs.root !== cwd || typeof snapshot.clock !== "number")
      return null;
    if (replay.env !== environmentDigest()) return null;
    for (const [path, stamp] of Object.entries(replay.stamps)) if (stamp !== pathStamp(path)) return null;
    const { inputs } = replay;
    if ((await generationKey(inputs, await descriptorHashes(inputs.root, inputs.globs))) !== snapshot.key) return null;
    // As the full gen does: a stale lock is taken over and said so; a live one sends it there.
    const release = await acquireLock(cwd, { command: "gen", noWait: true, onWait: (m) => out.error(`codegen: ${m}`) });
    const unguard = guardSignals(release);
    try {
      // The snapshot read before the lock is still the one on disk (a gen that writes drops it).
      if (readStateFile(cwd, SNAPSHOT_PATH)?.toString("utf8") !== text) return null;
      const found = unchangedSnapshot(
        cwd,
        snapshot.key,
        readStateFile(cwd, LEDGER_PATH),
        new NestedProjects(cwd),
        snapshot,
      );
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
  for (const k of Object.keys(process.env).sort())
    if (k !== "_" && k !== "OLDPWD") hash.update(`${k}=${process.env[k]}\0`);
  return hash.digest("hex");
}

/**
 * The launcher's early path: a plain `codegen gen` on a project nothing has touched, answered
 * before the config, the pack or the descriptors are loaded, from the project's one record of
 * "nothing changed" (write/snapshot.ts). A gen that may be repeated so also records there the
 * inputs its generation key was derived from (generation-key.ts) and the sources of the two it
 * computed from config files (the resolved config's digest, the project): the stamps of those
 * files, the folder it ran in and the environment. The next plain gen whose sources are as
 * recorded derives the key again from those inputs, as things are now, with the same function
 * the full gen uses, and checks the record with the same function too (under the project lock).
 * Anything else, and any doubt, falls back to the full gen, which gives the same answer slower.
 *
 * A stamp is trusted only when its change time is older than the clock reading of the run that
 * took the record: such a file was as it is now before that run read it.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { dirname } from "node:path";
import { descriptorHashes, generationKey, type GenerationInputs } from "../generation-key.js";
import { CONFIG_FILE, NestedProjects } from "../project/index.js";
import {
  acquireLock,
  fileClock,
  guardSignals,
  LEDGER_PATH,
  pathStamp,
  readStateFile,
  saveSnapshot,
  SNAPSHOT_PATH,
  snapshotReport,
  stampChangeTime,
  TX_DIR,
  unchangedSnapshot,
  type Snapshot,
} from "../write/index.js";
import { summary, type Out } from "./report.js";

/** Stamps of these files now, before the config that reads them is loaded (see replaySection). */
export function stampsBeforeLoading(files: string[]): Record<string, string | null> {
  return Object.fromEntries(files.map((f) => [f, pathStamp(f)]));
}

/** The record's section for the early path. */
export interface Replay {
  /** Digest of the environment (without the shell's own bookkeeping variables). */
  env: string;
  inputs: GenerationInputs;
  /** Absolute path → stamp (null: absent) of the config files and the folders whose absence counts. */
  stamps: Record<string, string | null>;
}

/**
 * The record's early-path section, when every source's stamp can be trusted; undefined when
 * not. `configStamps`: the files read while loading the config and the pack (.codegen.yaml, the
 * user's settings), stamped before they were read (one changed since is not recorded: the run
 * may have read either version); `absent`: folders whose absence the run relied on (the plugins
 * folder). A stamp is trusted when older than a clock reading taken before what it vouches for
 * was read: the config's, the record's that this run was answered from; the absent folders',
 * this run's own (it looked for them after).
 */
export function replaySection(
  inputs: GenerationInputs,
  configStamps: Record<string, string | null>,
  absent: string[],
  clocks: { config: number; run: number },
): Replay | undefined {
  const stamps: Record<string, string | null> = {};
  let trusted = true;
  const take = (path: string, clock: number): string | null => {
    const s = (stamps[path] = pathStamp(path));
    trusted &&= s === null || stampChangeTime(s) < clock;
    return s;
  };
  // An absent path is known absent by the stamp of the nearest folder that exists above it.
  const stamp = (path: string, clock: number): string | null => {
    const s = take(path, clock);
    for (let up = dirname(path); s === null; up = dirname(up))
      if (take(up, clock) !== null || up === dirname(up)) break;
    return s;
  };
  for (const [f, before] of Object.entries(configStamps)) if (stamp(f, clocks.config) !== before) return undefined;
  for (const d of absent) if (stamp(d, clocks.run) !== null) return undefined;
  return trusted ? { env: environmentDigest(), inputs, stamps } : undefined;
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
    if (!replay || replay.inputs?.root !== cwd || replay.env !== environmentDigest()) return null;
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
      // Files that had to be read (just written, or touched) are known by their stamps next time.
      const clock = fileClock(cwd);
      if (found.restamped && clock !== null) saveSnapshot(cwd, { ...found.snapshot, clock });
      for (const w of found.snapshot.said.warnings) out.info(w);
      out.info(summary(snapshotReport(found.snapshot), false));
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

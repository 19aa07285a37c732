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
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { engineIdentity, treeIdentity } from "../cache/index.js";
import { toolIdentity } from "../exec/index.js";
import { NestedProjects } from "../project/index.js";
import { acquireLock, LEDGER_PATH, SNAPSHOT_PATH, snapshotReport, statStamp, TX_DIR, unchangedSnapshot, type Snapshot } from "../write/index.js";
import { summary, type Out } from "./report.js";

const VERSION = 1;
const CONFIG_FILE = ".codegen.yaml";

export interface Replay {
  version: number;
  cwd: string;
  /** Digest of the environment (without the shell's own bookkeeping variables). */
  env: string;
  engine: string;
  /** Each pack layer's folder and tree identity. */
  layers: Array<[dir: string, identity: string]>;
  /** Each step program's name and identity (where PATH finds it). */
  tools: Array<[name: string, identity: string]>;
  /** Absolute path → stamp (null: absent) of every file and folder the key was computed from. */
  stamps: Record<string, string | null>;
}

/** What a gen answered by the snapshot knows about the inputs of its key. */
export interface ReplayInputs {
  root: string;
  cwd: string;
  snapshot: Snapshot;
  /** Descriptor globs (root-relative). */
  globs: string[];
  match: (glob: string) => Promise<(path: string) => boolean>;
  layers: Array<[dir: string, identity: string]>;
  tools: string[];
  /** Other files read while loading the config (the user's settings), present or not. */
  files: string[];
  /** Folders whose absence the run relied on (the plugins folder). */
  absent: string[];
}

/** Record the inputs in the snapshot, when all of them are stamps that can be trusted. */
export async function recordReplay(inputs: ReplayInputs): Promise<void> {
  const stamps: Record<string, string | null> = {};
  const root = inputs.root;
  stamps[`${root}/${CONFIG_FILE}`] = stampOf(`${root}/${CONFIG_FILE}`);
  for (const f of inputs.files) stamps[f] = stampOf(f);
  for (const d of inputs.absent) {
    stamps[d] = stampOf(d);
    if (stamps[d] !== null) return;
  }
  for (const glob of inputs.globs) {
    const prefix = fixedPrefix(glob);
    // A glob walking the whole project would see .codegen/ change on every run.
    if (prefix === "") return;
    const start = `${root}/${prefix}`;
    stamps[start] = stampOf(start);
    if (stamps[start] === null) continue;
    const match = await inputs.match(glob);
    for (const e of readdirSync(start, { recursive: true, withFileTypes: true })) {
      const full = `${e.parentPath}/${e.name}`;
      if (e.isDirectory()) stamps[full] = stampOf(full);
      else if (e.isFile() && match(full.slice(root.length + 1))) stamps[full] = stampOf(full);
    }
  }
  if (Object.values(stamps).some((s) => s !== null && !(changeTime(s) < inputs.snapshot.clock))) return;
  const replay: Replay = {
    version: VERSION,
    cwd: inputs.cwd,
    env: environmentDigest(),
    engine: engineIdentity(),
    layers: inputs.layers,
    tools: await Promise.all(inputs.tools.map(async (t): Promise<[string, string]> => [t, await toolIdentity(t)])),
    stamps,
  };
  const file = `${root}/${SNAPSHOT_PATH}`;
  const tmp = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, JSON.stringify({ ...inputs.snapshot, replay }));
    renameSync(tmp, file);
  } catch {
    rmSync(tmp, { force: true });
  }
}

/**
 * For `codegen gen` with no flags: print what the last gen printed and return its exit code
 * when nothing it depended on changed; null to run the full gen.
 */
export async function replayGen(cwd: string, out: Out): Promise<number | null> {
  try {
    const root = cwd;
    if (!existsSync(`${root}/${CONFIG_FILE}`) || existsSync(`${root}/${TX_DIR}`)) return null;
    const snapshotFile = `${root}/${SNAPSHOT_PATH}`;
    const snapshotStamp = stampOf(snapshotFile);
    const snapshot = JSON.parse(readFileSync(snapshotFile, "utf8")) as Snapshot & { replay?: Replay };
    const replay = snapshot.replay;
    if (!replay || replay.version !== VERSION || replay.cwd !== cwd || typeof snapshot.clock !== "number") return null;
    if (replay.env !== environmentDigest() || replay.engine !== engineIdentity()) return null;
    for (const [dir, identity] of replay.layers) if (treeIdentity(dir) !== identity) return null;
    for (const [name, identity] of replay.tools) if ((await toolIdentity(name)) !== identity) return null;
    for (const [path, stamp] of Object.entries(replay.stamps)) {
      if (stamp !== stampOf(path)) return null;
      if (stamp !== null && !(changeTime(stamp) < snapshot.clock)) return null;
    }
    const release = await acquireLock(root, { command: "gen", timeoutMs: 0 });
    try {
      // The snapshot read before the lock is still the one on disk (a gen that writes drops it).
      if (stampOf(snapshotFile) !== snapshotStamp) return null;
      const found = unchangedSnapshot(root, snapshot.key, readFileSync(`${root}/${LEDGER_PATH}`), new NestedProjects(root), snapshot);
      if (!found) return null;
      for (const w of found.said.warnings) out.info(w);
      out.info(summary(snapshotReport(found), false));
      return 0;
    } finally {
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

function stampOf(path: string): string | null {
  try {
    const s = statSync(path, { throwIfNoEntry: false });
    return s ? statStamp(s) : null;
  } catch {
    return null;
  }
}

const changeTime = (stamp: string): number => Number(stamp.split(":")[4]);

/** The folders of a glob before its first wildcard (`desc/api/**\/*.api` → `desc/api`). */
function fixedPrefix(glob: string): string {
  const fixed: string[] = [];
  for (const seg of glob.split("/").slice(0, -1)) {
    if (/[*?[{]/.test(seg)) break;
    fixed.push(seg);
  }
  return fixed.join("/");
}

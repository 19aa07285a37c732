/**
 * What `gen` and `new` share: take the project lock, finish a transaction an earlier run left,
 * generate (pure), then hand the files to the writer with the ledger and the disk.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { LoadedConfig } from "../config/index.js";
import { generate, type GenerateResult } from "../generate.js";
import type { Pack, PackPins, Phase } from "../packs/index.js";
import { NestedProjects } from "../project/index.js";
import {
  acquireLock,
  fileClock,
  generatedMarker,
  guardSignals,
  LEDGER_PATH,
  ProjectFiles,
  readLedger,
  readStateFile,
  recoverTransaction,
  saveSnapshot,
  snapshotReport,
  takeSnapshot,
  TX_DIR,
  unchangedSnapshot,
  userOwnedOnce,
  writeFiles,
  type Ledger,
  type Said,
  type Unchanged,
  type WriteReport,
} from "../write/index.js";
import type { Out } from "./report.js";

export interface GenRun {
  config: LoadedConfig;
  phase: Phase;
  dryRun: boolean;
  /** A partial run's descriptors (`--desc`, `--git-change`); null or absent for a full gen. */
  only?: string[] | null;
  /** Files `new` seeded that gen takes as its own. */
  adopt?: Set<string>;
  /** False while `new` seeds the user's files (config, sample descriptors). */
  recordLedger: boolean;
  pack?: Pack;
  log?: (line: string) => void;
  progress?: (message: string) => void;
  /** Pack versions when the caller loaded the pack itself (`new`); otherwise the ledger's pins are used. */
  pins?: PackPins;
  /** Descriptors named on the command line (one-shot gen), absolute, by kind. */
  named?: Record<string, string[]>;
  /**
   * What the launcher's early path needs in the record (cli/replay.ts), given a clock reading
   * taken before the config was read (the reused record's) and this run's; undefined when this
   * run is not one it may repeat.
   */
  early?: (clocks: { config: number; run: number }, result: GenerateResult) => unknown;
}

export async function genProject(run: GenRun): Promise<{ report: WriteReport; result: GenerateResult }> {
  const root = run.config.root;
  const disk = new ProjectFiles(root);
  const ledger: Ledger = run.recordLedger
    ? readLedger(root)
    : { exists: true, entries: new Map(), descriptors: {}, packs: {}, raw: null };
  const pins: PackPins = run.pins ?? { pinned: ledger.packs, used: {} };
  const adopt = run.adopt ?? new Set<string>();
  const recorded = ledger.exists && ledger.raw ? ledger.descriptors : null;
  // A plain full gen may find the project exactly as the project's record describes it.
  const plain = run.phase === "gen" && run.recordLedger && !run.only && !run.named && adopt.size === 0;
  // Read before any file is: files changed at this tick or later are not trusted next time.
  const clock = plain && !run.dryRun ? fileClock(root) : null;
  const found: { record: Unchanged | null } = { record: null };
  const unchanged = plain
    ? (key: string): Said | null =>
        (found.record = unchangedSnapshot(root, key, ledger.raw, new NestedProjects(root)))?.snapshot.said ?? null
    : undefined;
  const result = await generate({
    config: run.config,
    phase: run.phase,
    only: run.only ?? null,
    recorded,
    log: run.log,
    progress: run.progress,
    pack: run.pack,
    pins,
    ...(run.named ? { named: run.named } : {}),
    userOwned: userOwnedOnce(disk, ledger, adopt),
    unchanged,
  });
  const reused = found.record;
  if (result.reused && reused) {
    // The config was read before this run's clock reading, but after the record's.
    const clocks = clock === null ? null : { config: reused.snapshot.clock, run: clock };
    const early = (clocks && run.early?.(clocks, result)) || reused.snapshot.replay;
    // Files that had to be read (just written, or touched) are known by their stamps next time.
    if (clock !== null && (reused.restamped || JSON.stringify(early) !== JSON.stringify(reused.snapshot.replay)))
      saveSnapshot(root, { ...reused.snapshot, clock, replay: early });
    return { report: snapshotReport(reused.snapshot), result };
  }
  const { scope, descriptors } = partialScope(result, ledger);
  for (const d of result.selection?.widened ?? [])
    run.log?.(
      `also generating ${d}: it changed since the last gen, and routes and other aggregate files name its files`,
    );
  const report = await writeFiles({
    root,
    files: result.files,
    ledger,
    disk,
    looksGenerated: result.looksGenerated,
    marked: generatedMarker(result.pack),
    force: run.config.values.gen.force,
    dryRun: run.dryRun,
    scope,
    descriptors,
    packs: pins.used,
    adopt,
    recordLedger: run.recordLedger,
  });
  // The record of this run: after a write, of the files it wrote, known by their digests.
  const after = clock !== null && result.key ? (report.changes ? readStateFile(root, LEDGER_PATH) : ledger.raw) : null;
  if (clock !== null && result.key && after) {
    const modes = new Map(result.files.map((f) => [f.path, f.mode]));
    const taken = takeSnapshot({ key: result.key, clock, ledger: after, said: result.said, report, disk, modes });
    if (taken) saveSnapshot(root, taken);
  }
  return { report, result };
}

/**
 * A partial run may remove the files of the descriptors it generated and of those deleted since
 * the last gen; the ledger's descriptor record changes only for those.
 */
function partialScope(
  result: GenerateResult,
  ledger: Ledger,
): { scope: Set<string> | null; descriptors: Record<string, string> } {
  if (!result.selection) return { scope: null, descriptors: result.descriptors };
  const deleted = Object.keys(ledger.descriptors).filter((d) => !(d in result.descriptors));
  const descriptors = { ...ledger.descriptors };
  for (const d of deleted) delete descriptors[d];
  for (const d of result.selection.only) if (result.descriptors[d]) descriptors[d] = result.descriptors[d];
  return { scope: new Set([...result.selection.only, ...deleted]), descriptors };
}

/**
 * Run `action` holding the project lock, after finishing (rolling forward) any transaction a
 * killed run left behind, and say so.
 */
export async function withProjectLock<T>(
  root: string,
  command: string,
  out: Out,
  action: () => Promise<T>,
): Promise<T> {
  const release = await acquireLock(root, { command, onWait: (m) => out.error(`codegen: ${m}`) });
  const unguard = guardSignals(release);
  try {
    reportRecovery(recoverTransaction(root, "forward"), out);
    return await action();
  } finally {
    unguard();
    release();
  }
}

/** A dry run: no lock, no recovery; it warns when an interrupted write is pending. */
export async function previewing<T>(root: string, out: Out, action: () => Promise<T>): Promise<T> {
  if (existsSync(join(root, TX_DIR)))
    out.error(
      "codegen: an earlier gen was interrupted while writing; this preview compares with the files as they are now (any other command, or codegen recover, finishes it first)",
    );
  return action();
}

export function reportRecovery(r: ReturnType<typeof recoverTransaction>, out: Out): void {
  if (r.action === "discarded")
    out.error(
      "codegen: discarded the staging of an earlier gen that was interrupted before writing (the project was not changed)",
    );
  if (r.action === "completed")
    out.error(
      `codegen: an earlier gen was interrupted while writing; finished it (${r.files} files): the project holds the new files`,
    );
  if (r.action === "rolled back")
    out.error(
      `codegen: an earlier gen was interrupted while writing; rolled it back (${r.files} files restored): the project is as it was before that gen`,
    );
  if (r.action === "cleaned")
    out.error(
      r.tree === "new"
        ? "codegen: an earlier run had finished its write (the project holds the new files); removed its leftovers"
        : "codegen: an earlier run had rolled its write back (the project is as it was before that gen); removed its leftovers",
    );
}

/**
 * What `gen` and `new` share: take the project lock, finish a transaction an earlier run left,
 * generate (pure), then hand the files to the writer with the ledger and the disk.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { LoadedConfig } from "../config/index.js";
import { generate, type GenerateResult } from "../generate.js";
import type { Pack } from "../packs/index.js";
import { acquireLock, guardSignals, ProjectFiles, readLedger, recoverTransaction, TX_DIR, userOwnedOnce, writeFiles, type Ledger, type WriteReport } from "../write/index.js";
import type { Out } from "./report.js";

export interface GenRun {
  config: LoadedConfig;
  phase: "gen" | "new";
  dryRun: boolean;
  only?: string[];
  /** Files `new` seeded that gen takes as its own. */
  adopt?: Set<string>;
  /** False while `new` seeds the user's files (config, sample descriptors). */
  recordLedger: boolean;
  pack?: Pack;
  log?: (line: string) => void;
}

export async function genProject(run: GenRun): Promise<{ report: WriteReport; result: GenerateResult }> {
  const root = run.config.root;
  const disk = new ProjectFiles(root);
  const ledger: Ledger = run.recordLedger ? readLedger(root) : { exists: true, entries: new Map(), raw: null };
  const adopt = run.adopt ?? new Set<string>();
  const result = await generate({ config: run.config, phase: run.phase, only: run.only, log: run.log, pack: run.pack, userOwned: userOwnedOnce(disk, ledger, adopt) });
  const report = await writeFiles({
    root,
    files: result.files,
    ledger,
    disk,
    looksGenerated: result.looksGenerated,
    force: run.config.values.gen.force,
    dryRun: run.dryRun,
    only: run.only ?? [],
    adopt,
    recordLedger: run.recordLedger,
  });
  return { report, result };
}

/**
 * Run `action` holding the project lock, after finishing (rolling forward) any transaction a
 * killed run left behind, and say so.
 */
export async function withProjectLock<T>(root: string, command: string, out: Out, action: () => Promise<T>): Promise<T> {
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
  if (existsSync(join(root, TX_DIR))) out.error("codegen: an earlier gen was interrupted while writing; this preview compares with the files as they are now (any other command, or codegen recover, finishes it first)");
  return action();
}

export function reportRecovery(r: ReturnType<typeof recoverTransaction>, out: Out): void {
  if (r.action === "discarded") out.error("codegen: discarded the staging of an earlier gen that was interrupted before writing (the project was not changed)");
  if (r.action === "completed") out.error(`codegen: an earlier gen was interrupted while writing; finished it (${r.files} files)`);
  if (r.action === "rolled back") out.error(`codegen: an earlier gen was interrupted while writing; rolled it back (${r.files} files restored)`);
}

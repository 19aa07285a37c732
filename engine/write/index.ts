/**
 * The one writer. Given the generated files (rendered, steps applied), it decides per file what
 * to do from the ledger and the disk, refuses anything outside the project, and applies every
 * change as one transaction that also updates the ledger. A dry run stops before applying.
 */
import { realpath } from "node:fs/promises";
import { CodegenError, diag } from "../diagnostics/index.js";
import { PathPolicy } from "../fs/index.js";
import { fillSecrets, holdsSecret } from "../secrets/index.js";
import type { PlannedFile } from "../plan/index.js";
import { NestedProjects } from "../project/index.js";
import { decide } from "./decide.js";
import type { FileState, WriteReport } from "./outcome.js";
import { type ProjectFiles, sha256 } from "./disk.js";
import { whileWriting } from "./interrupts.js";
import { serializeLedger, type Ledger, type LedgerEntry } from "./ledger.js";
import { ensureStateDir } from "./lock.js";
import { applyTransaction, type Change } from "./transaction.js";
import { dropSnapshot } from "./snapshot.js";
import { CloneRecord } from "./clone-record.js";

export { userOwnedOnce } from "./decide.js";
export type { FileOutcome, FileState, WriteReport } from "./outcome.js";
export { pathStamp, ProjectFiles, sha256 } from "./disk.js";
export {
  isPlainRelative,
  readLedger,
  serializeLedger,
  LEDGER_PATH,
  STATE_DIR,
  type Ledger,
  type LedgerEntry,
} from "./ledger.js";
export { acquireLock, LOCK_PATH } from "./lock.js";
export { applyTransaction, recoverTransaction, TX_DIR, type Recovery } from "./transaction.js";
export { guardSignals, Interrupted, signalExitCode, signalsGuarded } from "./interrupts.js";
export {
  fileClock,
  saveSnapshot,
  snapshotReport,
  takeSnapshot,
  unchangedSnapshot,
  SNAPSHOT_PATH,
  type Said,
  type Snapshot,
  type Unchanged,
} from "./snapshot.js";
export { stampChangeTime } from "./disk.js";
export { moveCloneRecord } from "./clone-record.js";
export { generatedMarker } from "./markers.js";

export interface WriteOptions {
  root: string;
  files: PlannedFile[];
  ledger: Ledger;
  disk: ProjectFiles;
  looksGenerated: (file: PlannedFile, bytes: Buffer) => boolean;
  /** Whether bytes carry the pack's marker for a ledger rule (markers.ts): with the clone record, what lets gen remove or move a listed file. */
  marked: (rule: string, bytes: Buffer) => boolean;
  force: boolean;
  dryRun: boolean;
  /** A partial run: only files planned from these descriptors, or from all of them (plannedFromAll), may be removed (null: any). */
  scope: Set<string> | null;
  /** The ledger's descriptor record after this run. */
  descriptors: Record<string, string>;
  /** Fetched packs and the versions this run used. */
  packs: Record<string, string>;
  /** Files `new` seeded (sample logic): gen's from the start. */
  adopt?: Set<string>;
  /** Keep the ledger (false while `new` seeds config and samples, which are the user's). */
  recordLedger: boolean;
}

/**
 * A partial run plans every rendered file that no one descriptor owns (a types package shared
 * by several descriptors) from all descriptors, as a full gen does: one it no longer plans is
 * stale. A step's outputs come only from the files the run rendered, so they are not.
 */
function plannedFromAll(entry: LedgerEntry): boolean {
  return entry.sources.length === 0 && !entry.rule.startsWith("step:");
}

/**
 * A merge or once file with its `secret` placeholders filled with fresh random values: a merge
 * adds only the keys the file lacks, and a once file is written when missing (later runs compare
 * what its rule renders, placeholders and all), so a value is chosen once and kept after. A
 * managed file would get a new value on every write.
 */
function withSecrets(f: PlannedFile): PlannedFile {
  if (!holdsSecret(f.contents)) return f;
  if (f.mode === "managed") {
    throw new CodegenError(
      diag(
        "PACK_RULE_INVALID",
        `rule "${f.rule}" renders a secret into ${f.path}, a managed file; nothing was written`,
        undefined,
        "the secret filter is for merge and once files, whose values are chosen once and then kept: give the rule mode: merge or once",
      ),
    );
  }
  return {
    ...f,
    contents: fillSecrets(f.contents, f.path),
    ...(f.mode === "once" ? { renderedDigest: sha256(f.contents) } : {}),
  };
}

export async function writeFiles(options: WriteOptions): Promise<WriteReport> {
  const root = await realpath(options.root);
  const scope = options.scope;
  const record = CloneRecord.read(root);
  const decision = decide({
    disk: options.disk,
    planned: options.files.map(withSecrets),
    ledger: options.ledger,
    looksGenerated: options.looksGenerated,
    force: options.force,
    pruneScope: scope ? (entry) => entry.sources.some((s) => scope.has(s)) || plannedFromAll(entry) : null,
    adopt: options.adopt ?? new Set(),
    nested: new NestedProjects(root),
    marked: options.marked,
    wroteHere: (path) => record.hash(path),
  });
  const changes: Change[] = [];
  // Every destination reached through real folders (what each folder is, remembered from the reads).
  const policy = options.disk.root === root ? options.disk.policy : new PathPolicy(root);
  for (const o of decision.outcomes) {
    if (o.state === "moved") {
      // One transaction: a kill leaves the file at its old path or at its new one, never both or
      // neither. The old path goes first: on a file system that ignores case it may be the new one.
      policy.check(o.from!, "gen would move");
      policy.check(o.path, "gen would write");
      changes.push({ path: o.from!, bytes: null, existed: true }, { path: o.path, bytes: o.after, existed: false });
      continue;
    }
    if (o.state !== "created" && o.state !== "updated" && o.state !== "removed") continue;
    policy.check(o.path, o.state === "removed" ? "gen would remove" : "gen would write");
    changes.push({ path: o.path, bytes: o.state === "removed" ? null : o.after, existed: o.before !== null });
  }
  const counts: Record<FileState, number> = { created: 0, updated: 0, unchanged: 0, kept: 0, removed: 0, moved: 0 };
  for (const o of decision.outcomes) counts[o.state]++;
  const ledger = options.recordLedger ? serializeLedger(decision.ledger, options.descriptors, options.packs) : null;
  const ledgerChanged = ledger !== null && !(options.ledger.raw?.equals(ledger) ?? false);
  const ledgerState = !options.recordLedger ? "same" : !options.ledger.raw ? "new" : ledgerChanged ? "changed" : "same";
  const report = {
    outcomes: decision.outcomes,
    counts,
    orphans: decision.orphans,
    adopted: decision.adopted,
    changes: changes.length > 0 || ledgerChanged,
    ledger: ledgerState,
  } as const;
  if (options.dryRun) return report;
  // What codegen wrote (or found as it planned) is remembered for this clone; `new`'s seed writes the user's files, not gen's.
  if (options.recordLedger)
    record.update(
      decision.vouched,
      decision.outcomes
        .filter((o) => o.state === "removed" || o.state === "moved")
        .map((o) => (o.state === "moved" ? o.from! : o.path)),
    );
  if (report.changes) {
    ensureStateDir(root);
    dropSnapshot(root);
    await whileWriting(() => applyTransaction(root, changes, ledgerChanged ? ledger : null));
  }
  record.save();
  return report;
}
export { checkStateDir, readStateFile } from "./state-dir.js";

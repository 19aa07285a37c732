/**
 * Writes to the project are one transaction. Every new file is staged under `.codegen/tx/new/`,
 * then a journal is written; only then are files renamed into place, each replaced or removed
 * file first moved aside to `.codegen/tx/old/`. An error or a signal while applying rolls back
 * from the copies; a process that died (SIGKILL, power) leaves the journal, and the next codegen
 * command finishes the transaction (or, when asked, rolls it back) before doing anything else.
 *
 * Every step in either direction is one rename that the other direction can undo, so a recovery
 * killed at any point can be resumed, or turned round: the project always ends in the old tree or
 * the new one (steps.ts). When a direction completes, the journal is renamed to say which tree the
 * project holds, and only then are the leftovers removed.
 *
 * A journal is data like any other file in the project (a cloned repository can hold one): it is
 * validated whole (journal.ts) before its first step, and an invalid one is left for the user.
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  realpathSync,
  renameSync,
  rmSync,
  rmdirSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { lstatOrNull, systemRefusal } from "../fs/index.js";
import { checkInterrupted, Interrupted } from "./interrupts.js";
import { DONE_NEW, DONE_OLD, JOURNAL, readJournal, TX_DIR, type Journal } from "./journal.js";
import { checkStateDir } from "./state-dir.js";
import { applyLedger, applyOp, undoLedger, undoOp } from "./steps.js";

export { TX_DIR } from "./journal.js";

export interface Change {
  path: string;
  /** New bytes, or null to remove the file. */
  bytes: Buffer | null;
  /** The file exists now (its bytes are copied aside first). */
  existed: boolean;
}

export async function applyTransaction(root: string, changes: Change[], ledger: Buffer | null): Promise<void> {
  checkStateDir(root);
  const tx = join(root, TX_DIR);
  if (lstatOrNull(tx)) throw new Error(`${TX_DIR} exists; recovery should have run first`);
  const journal: Journal = {
    version: 1,
    ops: changes.map((c) => ({ path: c.path, op: c.bytes ? "write" : "remove", existed: c.existed })),
    ledger: ledger !== null,
  };
  try {
    mkdirSync(join(tx, "new"), { recursive: true });
    mkdirSync(join(tx, "old"), { recursive: true });
    for (const [i, c] of changes.entries()) {
      if (i % 64 === 0) await yieldToSignals();
      if (c.bytes) writeFileSync(join(tx, "new", String(i)), c.bytes);
    }
    if (ledger) writeFileSync(join(tx, "ledger.json"), ledger);
    await yieldToSignals();
    writeDurably(join(tx, JOURNAL), Buffer.from(JSON.stringify(journal)));
  } catch (e) {
    rmSync(tx, { recursive: true, force: true });
    throw failure(e, "nothing was written");
  }

  try {
    const made = new Set<string>();
    const folders = new FolderGuard(root);
    for (const [i, op] of journal.ops.entries()) {
      if (i % 64 === 0) await yieldToSignals();
      // A file replaced or removed is first moved aside (old/<i>): rolling back moves it back.
      const target = join(root, op.path);
      if (op.existed) {
        folders.check(op.path);
        renameSync(target, join(tx, "old", String(i)));
      }
      if (op.op === "write") {
        const dir = dirname(target);
        if (!made.has(dir)) {
          mkdirSync(dir, { recursive: true });
          made.add(dir);
        }
        renameSync(join(tx, "new", String(i)), target);
        // Checked after the rename too: a folder swapped for a link in between is caught here,
        // and the file is taken back from wherever the link led.
        if (!folders.real(op.path)) {
          renameSync(target, join(tx, "new", String(i)));
          folders.check(op.path);
        }
      }
    }
    await yieldToSignals();
    if (journal.ledger) applyLedger(root);
  } catch (e) {
    try {
      rollBack(root, journal, new FolderGuard(root));
    } catch (undo) {
      throw new CodegenError(
        diag(
          "WRITE_FAILED",
          `${describe(e)}; rolling back failed too (${(undo as Error).message}): the project is partly written`,
          undefined,
          "run codegen recover to finish the write, or codegen recover --rollback to restore the previous files",
        ),
      );
    }
    finish(root, journal, DONE_OLD);
    throw failure(e, "rolled back: the project is as it was before this gen");
  }
  finish(root, journal, DONE_NEW);
}

/**
 * Each file goes where its path says: its folder, resolved, is that folder of the project. A
 * folder replaced by a symbolic link while gen writes (by another process) would send the file
 * elsewhere; the check raises, and the transaction rolls back.
 */
class FolderGuard {
  private readonly realRoot: string;
  constructor(private readonly root: string) {
    this.realRoot = realpathSync(root);
  }

  /** Whether rel's folder, resolved, is that folder of the project (or does not exist). */
  real(rel: string): boolean {
    const found = this.resolved(rel);
    return found === null || found === this.expected(rel);
  }

  check(rel: string): void {
    const found = this.resolved(rel);
    if (found !== null && found !== this.expected(rel)) {
      const folder = dirname(rel);
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${folder} changed while gen wrote ${rel}: it leads to ${found}, not into the project (a folder replaced by a symbolic link)`,
          undefined,
          "make sure nothing else changes the project while codegen writes, and run again",
        ),
      );
    }
  }

  private expected(rel: string): string {
    const folder = dirname(rel);
    return folder === "." ? this.realRoot : join(this.realRoot, folder);
  }

  private resolved(rel: string): string | null {
    try {
      return realpathSync(join(this.root, dirname(rel)));
    } catch {
      return null;
    }
  }
}

/** Let pending signal handlers run (they only take note; the loop then stops and rolls back). */
async function yieldToSignals(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  checkInterrupted();
}

export type Recovery =
  | { action: "none" }
  | { action: "discarded" }
  | { action: "completed" | "rolled back"; files: number }
  /** An earlier run (gen or recover) had brought the project to this tree; only leftovers were removed. */
  | { action: "cleaned"; tree: "new" | "old" };

/**
 * Finish (or roll back) a transaction a dead process left behind; discard unfinished staging.
 * Resumable: killed at any point, the next call (either direction) carries on from there.
 */
export function recoverTransaction(root: string, direction: "forward" | "back"): Recovery {
  checkStateDir(root);
  const tx = join(root, TX_DIR);
  const found = readJournal(root);
  if (found.state === "none") return { action: "none" };
  if (found.state === "done") {
    cleanUp(root, found.marker);
    return { action: "cleaned", tree: found.marker === DONE_NEW ? "new" : "old" };
  }
  if (found.state === "staging") {
    // Staging never finished: nothing was applied yet.
    rmSync(tx, { recursive: true, force: true });
    return { action: "discarded" };
  }
  const journal = found.journal;
  if (direction === "forward") rollForward(root, journal);
  else rollBack(root, journal);
  finish(root, journal, direction === "forward" ? DONE_NEW : DONE_OLD);
  return { action: direction === "forward" ? "completed" : "rolled back", files: journal.ops.length };
}

function rollForward(root: string, journal: Journal): void {
  for (const [i, op] of journal.ops.entries()) applyOp(root, i, op);
  if (journal.ledger) applyLedger(root);
}

/** With a guard (a write that failed), a file whose folder no longer leads into the project is left where it is. */
function rollBack(root: string, journal: Journal, folders?: FolderGuard): void {
  if (journal.ledger) undoLedger(root);
  for (const [i, op] of [...journal.ops.entries()].reverse())
    if (!folders || folders.real(op.path)) undoOp(root, i, op);
}

/**
 * The project holds one whole tree: say which (the journal renamed, one atomic step), then
 * remove empty folders and the leftovers, the marker last.
 */
function finish(root: string, journal: Journal, marker: typeof DONE_NEW | typeof DONE_OLD): void {
  renameSync(join(root, TX_DIR, JOURNAL), join(root, TX_DIR, marker));
  // Folders left empty: those of removed files going forward, of new files going back.
  const emptied =
    marker === DONE_NEW
      ? journal.ops.filter((o) => o.op === "remove")
      : journal.ops.filter((o) => o.op === "write" && !o.existed);
  removeEmptyFolders(
    root,
    emptied.map((o) => o.path),
  );
  cleanUp(root, marker);
}

function cleanUp(root: string, marker: string): void {
  const tx = join(root, TX_DIR);
  for (const name of readdirSync(tx)) if (name !== marker) rmSync(join(tx, name), { recursive: true, force: true });
  rmSync(join(tx, marker), { force: true });
  rmdirSync(tx);
}

/** Folders left empty by removed files go too, up to the project root. */
function removeEmptyFolders(root: string, paths: string[]): void {
  const dirs = new Set<string>();
  for (const p of paths) for (let d = dirname(p); d !== "." && d !== ""; d = dirname(d)) dirs.add(d);
  for (const d of [...dirs].sort((a, b) => b.length - a.length)) {
    const full = join(root, d);
    try {
      if (readdirSync(full).length === 0) rmdirSync(full);
    } catch {
      // gone already, or not empty
    }
  }
}

function writeDurably(path: string, bytes: Buffer): void {
  const tmp = `${path}.part`;
  writeFileSync(tmp, bytes);
  const fd = openSync(tmp, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(tmp, path);
}

function describe(e: unknown): string {
  if (e instanceof Interrupted) return e.message;
  if (e instanceof CodegenError) return e.diagnostics.map((d) => d.message).join("; ");
  return `cannot write: ${(e as Error).message}`;
}

function failure(e: unknown, state: string): Error {
  if (e instanceof Interrupted) return new Interrupted(e.signal, state);
  const refused = systemRefusal(e);
  if (refused) return new CodegenError(diag("WRITE_FAILED", `${refused.message}; ${state}`, undefined, refused.hint));
  return new CodegenError(diag("WRITE_FAILED", `${describe(e)}; ${state}`));
}

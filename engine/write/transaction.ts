/**
 * Writes to the project are one transaction. Every new file is staged under `.codegen/tx/new/`,
 * then a journal is written; only then are files renamed into place, each replaced or removed
 * file first moved aside to `.codegen/tx/old/`. An error or a signal while applying rolls back from the copies; a
 * process that died (SIGKILL, power) leaves the journal, and the next codegen command finishes
 * the transaction (or, when asked, rolls it back) before doing anything else.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, rmdirSync, unlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { checkInterrupted, Interrupted } from "./interrupts.js";
import { LEDGER_PATH, STATE_DIR } from "./ledger.js";

export const TX_DIR = `${STATE_DIR}/tx`;

export interface Change {
  path: string;
  /** New bytes, or null to remove the file. */
  bytes: Buffer | null;
  /** The file exists now (its bytes are copied aside first). */
  existed: boolean;
}

interface Journal {
  version: 1;
  ops: Array<{ path: string; op: "write" | "remove"; existed: boolean }>;
  ledger: boolean;
}

export async function applyTransaction(root: string, changes: Change[], ledger: Buffer | null): Promise<void> {
  const tx = join(root, TX_DIR);
  if (existsSync(tx)) throw new Error(`${TX_DIR} exists; recovery should have run first`);
  const journal: Journal = { version: 1, ops: changes.map((c) => ({ path: c.path, op: c.bytes ? "write" : "remove", existed: c.existed })), ledger: ledger !== null };
  try {
    mkdirSync(join(tx, "new"), { recursive: true });
    mkdirSync(join(tx, "old"), { recursive: true });
    for (const [i, c] of changes.entries()) {
      if (i % 64 === 0) await yieldToSignals();
      if (c.bytes) writeFileSync(join(tx, "new", String(i)), c.bytes);
    }
    if (ledger) writeFileSync(join(tx, "ledger.json"), ledger);
    await yieldToSignals();
    writeDurably(join(tx, "journal.json"), Buffer.from(JSON.stringify(journal)));
  } catch (e) {
    rmSync(tx, { recursive: true, force: true });
    throw failure(e, "nothing was written");
  }

  try {
    const made = new Set<string>();
    for (const [i, op] of journal.ops.entries()) {
      if (i % 64 === 0) await yieldToSignals();
      // A file replaced or removed is first moved aside (old/<i>): rolling back moves it back.
      const target = join(root, op.path);
      if (op.existed) renameSync(target, join(tx, "old", String(i)));
      if (op.op === "write") {
        const dir = dirname(target);
        if (!made.has(dir)) {
          mkdirSync(dir, { recursive: true });
          made.add(dir);
        }
        renameSync(join(tx, "new", String(i)), target);
      }
    }
    await yieldToSignals();
    if (ledger) {
      if (existsSync(join(root, LEDGER_PATH))) renameSync(join(root, LEDGER_PATH), join(tx, "old-ledger.json"));
      renameSync(join(tx, "ledger.json"), join(root, LEDGER_PATH));
    }
  } catch (e) {
    try {
      rollBack(root, journal);
    } catch (undo) {
      throw new CodegenError(diag("WRITE_FAILED", `${describe(e)}; rolling back failed too (${(undo as Error).message}): the project is partly written`, undefined, "run codegen recover to finish the write, or codegen recover --rollback to restore the previous files"));
    }
    rmSync(tx, { recursive: true, force: true });
    throw failure(e, "rolled back: the project is as it was before this gen");
  }
  // Committed: without its journal the folder is only leftovers, whatever else is in it.
  unlinkSync(join(tx, "journal.json"));
  removeEmptyFolders(root, journal.ops.filter((o) => o.op === "remove").map((o) => o.path));
  rmSync(tx, { recursive: true, force: true });
}

/** Let pending signal handlers run (they only take note; the loop then stops and rolls back). */
async function yieldToSignals(): Promise<void> {
  await new Promise((r) => setImmediate(r));
  checkInterrupted();
}

export type Recovery = { action: "none" } | { action: "discarded" } | { action: "completed" | "rolled back"; files: number };

/** Finish (or roll back) a transaction a dead process left behind; discard unfinished staging. */
export function recoverTransaction(root: string, direction: "forward" | "back"): Recovery {
  const tx = join(root, TX_DIR);
  if (!existsSync(tx)) return { action: "none" };
  const journalFile = join(tx, "journal.json");
  if (!existsSync(journalFile)) {
    // Staging never finished (nothing was applied yet), or the transaction had committed.
    rmSync(tx, { recursive: true, force: true });
    return { action: "discarded" };
  }
  const journal = JSON.parse(readFileSync(journalFile, "utf8")) as Journal;
  if (direction === "forward") rollForward(root, journal);
  else rollBack(root, journal);
  unlinkSync(journalFile);
  rmSync(tx, { recursive: true, force: true });
  return { action: direction === "forward" ? "completed" : "rolled back", files: journal.ops.length };
}

function rollForward(root: string, journal: Journal): void {
  const tx = join(root, TX_DIR);
  for (const [i, op] of journal.ops.entries()) {
    const target = join(root, op.path);
    const staged = join(tx, "new", String(i));
    if (op.op === "write") {
      if (!existsSync(staged)) continue; // already in place
      mkdirSync(dirname(target), { recursive: true });
      renameSync(staged, target);
    } else if (!existsSync(join(tx, "old", String(i))) && existsSync(target)) {
      unlinkSync(target);
    }
  }
  if (journal.ledger && existsSync(join(tx, "ledger.json"))) renameSync(join(tx, "ledger.json"), join(root, LEDGER_PATH));
  removeEmptyFolders(root, journal.ops.filter((o) => o.op === "remove").map((o) => o.path));
}

function rollBack(root: string, journal: Journal): void {
  const tx = join(root, TX_DIR);
  for (const [i, op] of [...journal.ops.entries()].reverse()) {
    const target = join(root, op.path);
    const saved = join(tx, "old", String(i));
    if (op.existed) {
      // Moved aside means applied (or half-applied): put the old file back over whatever is there.
      if (!existsSync(saved)) continue;
      mkdirSync(dirname(target), { recursive: true });
      renameSync(saved, target);
    } else if (op.op === "write" && !existsSync(join(tx, "new", String(i))) && existsSync(target)) {
      unlinkSync(target);
    }
  }
  if (journal.ledger && !existsSync(join(tx, "ledger.json"))) {
    // The new ledger had been moved into place: the old one (if any) comes back.
    const old = join(tx, "old-ledger.json");
    if (existsSync(old)) renameSync(old, join(root, LEDGER_PATH));
    else rmSync(join(root, LEDGER_PATH), { force: true });
  } else if (journal.ledger && existsSync(join(tx, "old-ledger.json"))) {
    renameSync(join(tx, "old-ledger.json"), join(root, LEDGER_PATH));
  }
  removeEmptyFolders(root, journal.ops.filter((o) => o.op === "write" && !o.existed).map((o) => o.path));
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
  return new CodegenError(diag("WRITE_FAILED", `${describe(e)}; ${state}`));
}

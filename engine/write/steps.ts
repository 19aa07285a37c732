/**
 * The steps of a transaction, one rename each, in both directions. For operation i on file T,
 * with its new bytes staged as N = tx/new/<i> and its old bytes moved aside to O = tx/old/<i>:
 *
 *   write of a file that existed   A: T old, N, no O  →  B: O, N, no T  →  C: T new, O, no N
 *   write of a new file            A: N, no T  →  C: T new, no N
 *   removal                        A: T old, no O  →  C: O, no T
 *
 * Which files exist tells the state, so applying (A → C) and undoing (C → A) can each start from
 * any state the other left: undoing a write first moves the new file back to N, which keeps
 * every step reversible. The ledger goes the same way (tx/ledger.json new, tx/old-ledger.json old).
 */
import { mkdirSync, renameSync } from "node:fs";
import { dirname, join } from "node:path";
import { lstatOrNull } from "../fs/index.js";
import type { JournalOp } from "./journal.js";
import { TX_DIR } from "./journal.js";
import { LEDGER_PATH } from "./ledger.js";

const exists = (p: string): boolean => lstatOrNull(p) !== null;

function moveInto(from: string, to: string): void {
  mkdirSync(dirname(to), { recursive: true });
  renameSync(from, to);
}

export function applyOp(root: string, i: number, op: JournalOp): void {
  const target = join(root, op.path);
  const staged = join(root, TX_DIR, "new", String(i));
  const saved = join(root, TX_DIR, "old", String(i));
  if (op.existed && !exists(saved) && exists(target) && (op.op === "remove" || exists(staged)))
    renameSync(target, saved);
  if (op.op === "write" && exists(staged)) moveInto(staged, target);
}

export function undoOp(root: string, i: number, op: JournalOp): void {
  const target = join(root, op.path);
  const staged = join(root, TX_DIR, "new", String(i));
  const saved = join(root, TX_DIR, "old", String(i));
  if (op.op === "write" && !exists(staged) && exists(target) && (!op.existed || exists(saved)))
    renameSync(target, staged);
  if (op.existed && exists(saved)) moveInto(saved, target);
}

export function applyLedger(root: string): void {
  const next = join(root, TX_DIR, "ledger.json");
  const old = join(root, TX_DIR, "old-ledger.json");
  const ledger = join(root, LEDGER_PATH);
  if (!exists(next)) return;
  if (!exists(old) && exists(ledger)) renameSync(ledger, old);
  renameSync(next, ledger);
}

export function undoLedger(root: string): void {
  const next = join(root, TX_DIR, "ledger.json");
  const old = join(root, TX_DIR, "old-ledger.json");
  const ledger = join(root, LEDGER_PATH);
  if (!exists(next) && exists(ledger)) renameSync(ledger, next);
  if (exists(old)) renameSync(old, ledger);
}

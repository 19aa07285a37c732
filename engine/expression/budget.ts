/**
 * Budgets for evaluating a pack's expressions and templates: a pack is someone else's code, and
 * a recursive function or a loop over a huge range must end in a diagnostic, not hang or crash
 * the run. The evaluators (the fast one here, jsonata, the compiled Liquid and liquidjs) call
 * `tick()` at every function call, path step and loop round: every 1024th tick reads the clock
 * and the signal flag (signal-flag.ts), so a deadline or a Ctrl-C stops synchronous evaluation
 * within microseconds of it. The thread that raises the flag starts with the budget (a few
 * milliseconds of the main thread; it listens some tens of milliseconds later). Limits come from the environment (the user's, never a project's
 * file, so a cloned repository cannot raise them).
 */
import { enterEvaluation, leaveEvaluation, pendingSignal, watchSignals } from "./signal-flag.js";

export interface Limits {
  /** Evaluation time per gen, in ms. */
  timeMs: number;
  /** Nested function calls in one expression. */
  depth: number;
  /** Items of one `each` list or Liquid `for` loop (and of a Liquid range). */
  items: number;
  /** Characters of one rendered file. */
  bytes: number;
}

// 120 s: the built-in packs' heaviest real projects evaluate in seconds; a runaway ends sooner.
export const DEFAULT_LIMITS: Limits = { timeMs: 120_000, depth: 2_000, items: 1_000_000, bytes: 64 * 2 ** 20 };

/** The environment variable that raises each limit, and the unit it is given in. */
export const LIMIT_ENV: Record<keyof Limits, { name: string; unit: string; scale: number }> = {
  timeMs: { name: "CODEGEN_BUDGET_SECONDS", unit: "seconds", scale: 1000 },
  depth: { name: "CODEGEN_BUDGET_DEPTH", unit: "nested calls", scale: 1 },
  items: { name: "CODEGEN_BUDGET_ITEMS", unit: "items", scale: 1 },
  bytes: { name: "CODEGEN_BUDGET_BYTES", unit: "bytes", scale: 1 },
};

/** A limit was reached; `limit` names which (its environment variable raises it). */
export class BudgetExceeded extends Error {
  constructor(
    readonly limit: keyof Limits,
    what: string,
  ) {
    super(`${what} (budget: ${LIMIT_ENV[limit].name}=${describe(limit, budget.limits[limit])})`);
    this.name = "BudgetExceeded";
  }
}

/** A signal arrived while evaluation ran: the caller turns it into the run's interruption. */
export class SignalStop extends Error {
  constructor(readonly signal: NodeJS.Signals) {
    super(`interrupted by ${signal}`);
    this.name = "SignalStop";
  }
}

function describe(limit: keyof Limits, value: number): string {
  return String(value / LIMIT_ENV[limit].scale);
}

/** Limits as the environment sets them; a value that is not a positive number is refused. */
export function limitsFrom(env: NodeJS.ProcessEnv): Limits {
  const out = { ...DEFAULT_LIMITS };
  for (const key of Object.keys(LIMIT_ENV) as Array<keyof Limits>) {
    const { name, scale } = LIMIT_ENV[key];
    const raw = env[name];
    if (raw === undefined || raw === "") continue;
    const n = Number(raw);
    if (!(n > 0) || !Number.isFinite(n)) throw new RangeError(`${name} must be a positive number, got "${raw}"`);
    out[key] = Math.round(n * scale);
  }
  return out;
}

const EVERY = 1024;

/** The budget of this process's evaluation (one gen at a time per process). */
export const budget = {
  limits: { ...DEFAULT_LIMITS },
  /** performance.now() past which evaluation stops; Infinity until a gen starts its clock. */
  deadline: Infinity,
  /** Function calls nested now (the fast evaluator's). */
  depth: 0,
  countdown: EVERY,
};

/**
 * Start a gen's evaluation clock with these limits. Until `endBudget`, a signal that no check
 * sees in time (a call that never returns to one) ends the evaluation where it is (signal-flag.ts).
 */
export function startBudget(limits: Limits): void {
  budget.limits = limits;
  budget.deadline = performance.now() + limits.timeMs;
  watchSignals();
  enterEvaluation();
  budget.depth = 0;
  budget.countdown = EVERY;
}

/** The gen's evaluation is over, however it ended: what follows (the write) is never cut short. */
export function endBudget(): void {
  leaveEvaluation();
}

/** Run work that is not evaluation (a step's program): its time does not count. */
export async function withoutClock<T>(work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await work();
  } finally {
    budget.deadline += performance.now() - started;
  }
}

/** Called by the evaluators at every unit of work; cheap except every EVERY-th call. */
export function tick(): void {
  if (--budget.countdown < 0) checkNow();
}

/** Throws when a signal came or the time is up. */
export function checkNow(): void {
  budget.countdown = EVERY;
  const signal = pendingSignal();
  if (signal) throw new SignalStop(signal);
  if (performance.now() > budget.deadline)
    throw new BudgetExceeded("timeMs", `evaluation ran longer than ${budget.limits.timeMs / 1000} s`);
}

/** Whether an error (or one liquidjs wrapped) is a budget or a signal stop, which no fallback may retry. */
export function stopOf(e: unknown): BudgetExceeded | SignalStop | null {
  for (
    let err = e, i = 0;
    err && typeof err === "object" && i < 5;
    err = (err as { originalError?: unknown }).originalError, i++
  ) {
    if (err instanceof BudgetExceeded || err instanceof SignalStop) return err;
  }
  return null;
}

/**
 * Expressions of packs (rules, views, checks, the function library): jsonata, evaluated by a
 * synchronous evaluator of its syntax tree where that implements the expression, by jsonata
 * otherwise. jsonata awaits every node; on the views and checks of a 500-route project the fast
 * evaluator is an order of magnitude quicker. Whenever it meets something it leaves to jsonata
 * (a construct, an asynchronous function, any error) the whole expression runs again in jsonata,
 * so results and error messages are jsonata's. Expressions are pure, so running one twice is safe.
 *
 * Functions the fast evaluator makes are plain JavaScript functions. A value jsonata runs with
 * must not hold them where it could call them on a path the fast evaluator leaves to jsonata, so
 * bindings that are fast functions with a registered jsonata equivalent (the pack's function library)
 * are swapped for that equivalent when jsonata runs.
 */
import jsonata from "jsonata";
import type { Node } from "./ast.js";
import { compile, type Code } from "./evaluate.js";
import { Frame } from "./frame.js";
import { isSupported } from "./support.js";
export { JSONATA_FUNCTIONS } from "./builtins.js";
export { isFunction } from "./values.js";
import { flag, isSequence, sequence } from "./values.js";
import { budget, BudgetExceeded, checkNow, SignalStop, stopOf } from "./budget.js";
export {
  BudgetExceeded,
  DEFAULT_LIMITS,
  endBudget,
  LIMIT_ENV,
  limitsFrom,
  SignalStop,
  startBudget,
  stopOf,
  tick,
  budget,
  withoutClock,
  type Limits,
} from "./budget.js";
export { enterEvaluation, watchSignals } from "./signal-flag.js";

export type JsonataExpression = ReturnType<typeof jsonata>;

export interface Compiled {
  source: string;
  jsonata: JsonataExpression;
  /** The syntax tree compiled for the fast evaluator, when it implements all of it. */
  fast: Code | null;
}

/** CODEGEN_EXPRESSIONS=jsonata turns the fast evaluator off (to rule it out when an expression surprises). */
const fastEnabled = process.env["CODEGEN_EXPRESSIONS"] !== "jsonata";

/** Compile with jsonata (its syntax errors are thrown as they are). */
export function compileExpression(source: string): Compiled {
  const expr = jsonata(source, JSONATA_GUARDS);
  const ast = expr.ast() as unknown as Node;
  return { source, jsonata: expr, fast: fastEnabled && isSupported(ast) ? compile(ast) : null };
}

/** Evaluations so far by each evaluator, and why the last one went to jsonata (--verbose prints them). */
export const evaluations = { fast: 0, jsonata: 0, lastLeft: "" };

/** The value, when the fast evaluator gives it; null when jsonata has to run. */
export function evaluateNow(c: Compiled, input: unknown, bindings: Record<string, unknown>): { value: unknown } | null {
  if (!c.fast) {
    evaluations.jsonata++;
    evaluations.lastLeft = `${fastEnabled ? "a construct left to jsonata" : "CODEGEN_EXPRESSIONS=jsonata"}: ${oneLine(c.source)}`;
    return null;
  }
  const depth = budget.depth;
  const root = new Frame(null, bindings);
  root.bind("$", input);
  let context = input;
  if (Array.isArray(input) && !isSequence(input)) {
    context = sequence(input);
    flag(context as unknown[], "outerWrapper");
  }
  try {
    const value = c.fast(context, root);
    evaluations.fast++;
    return { value };
  } catch (e) {
    budget.depth = depth;
    // A stack overflow is deep recursion, which jsonata would only repeat more slowly.
    if (e instanceof RangeError && /call stack/.test(e.message))
      throw new BudgetExceeded("depth", `functions nested too deep (the stack ran out)`);
    if (e instanceof BudgetExceeded || e instanceof SignalStop) throw e;
    evaluations.jsonata++;
    evaluations.lastLeft = `${(e as Error).message}: ${oneLine(c.source)}`;
    return null;
  }
}

const oneLine = (source: string): string => source.replace(/\s+/g, " ").trim().slice(0, 100);

/** Evaluate: the fast evaluator's value when it gives one, else jsonata's. */
export function evaluateExpression(c: Compiled, input: unknown, bindings: Record<string, unknown>): unknown {
  const now = evaluateNow(c, input, bindings);
  if (now) return now.value;
  return jsonataBindings(bindings).then(async (b) => {
    try {
      return await c.jsonata.evaluate(input, b);
    } catch (e) {
      // jsonata's guardrails (JSONATA_GUARDS) stopped it: say which budget, or the signal.
      if ((e as { code?: unknown }).code === "D1011") {
        checkNow();
        throw new BudgetExceeded(
          "depth",
          `expressions nested deeper than ${budget.limits.depth * JSONATA_NODES_PER_CALL} (jsonata counts nodes)`,
        );
      }
      throw stopOf(e) ?? e;
    }
  });
}

/** jsonata nests this many expression nodes per function call, about. */
const JSONATA_NODES_PER_CALL = 8;

/**
 * jsonata (2.2) checks `stack` against its nesting of nodes at every node it evaluates: read
 * through a getter, the check also stops it when a signal came or the gen's time ran out
 * (a depth of 0.5 fails at once; the caller tells which, above).
 */
const JSONATA_GUARDS = {
  get stack(): number {
    if (--budget.countdown < 0 && pendingStop()) return 0.5;
    return budget.limits.depth * JSONATA_NODES_PER_CALL;
  },
};

function pendingStop(): boolean {
  try {
    checkNow();
    return false;
  } catch {
    return true;
  }
}

const jsonataEquivalents = new WeakMap<object, () => Promise<unknown>>();

/** `equivalent` gives the function jsonata should call in place of `fast`. */
export function registerJsonataEquivalent(fast: object, equivalent: () => Promise<unknown>): void {
  jsonataEquivalents.set(fast, equivalent);
}

async function jsonataBindings(bindings: Record<string, unknown>): Promise<Record<string, unknown>> {
  let out: Record<string, unknown> | null = null;
  for (const [k, v] of Object.entries(bindings)) {
    const equivalent =
      v !== null && (typeof v === "object" || typeof v === "function") ? jsonataEquivalents.get(v) : undefined;
    if (!equivalent) continue;
    out ??= { ...bindings };
    out[k] = await equivalent();
  }
  return out ?? bindings;
}

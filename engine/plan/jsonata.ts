import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";
import {
  BudgetExceeded,
  compileExpression,
  evaluateExpression,
  LIMIT_ENV,
  stopOf,
  type Compiled,
} from "../expression/index.js";

const compiled = new Map<string, Compiled>();

/** Compile once per distinct expression; a syntax error points at the declaring rule. */
export function compile(source: string, span: SourceSpan): Compiled {
  const hit = compiled.get(source);
  if (hit) return hit;
  try {
    const expr = compileExpression(source);
    compiled.set(source, expr);
    return expr;
  } catch (e) {
    throw new CodegenError(diag("PACK_EXPRESSION", `invalid jsonata "${source}": ${(e as Error).message}`, span));
  }
}

/**
 * The value of an expression: at once when the fast evaluator gives it (engine/expression),
 * else a promise of jsonata's. Failures are PACK_EXPRESSION diagnostics at `span`.
 */
export function evaluateMaybeAsync(
  source: string,
  input: unknown,
  bindings: Record<string, unknown>,
  span: SourceSpan,
): unknown {
  let value: unknown;
  try {
    value = evaluateExpression(compile(source, span), input, bindings);
  } catch (e) {
    failed(source, span, e);
  }
  return value instanceof Promise ? value.catch((e: unknown) => failed(source, span, e)) : value;
}

export async function evaluate(
  source: string,
  input: unknown,
  bindings: Record<string, unknown>,
  span: SourceSpan,
): Promise<unknown> {
  return evaluateMaybeAsync(source, input, bindings, span);
}

function failed(source: string, span: SourceSpan, e: unknown): never {
  if (e instanceof CodegenError) throw e;
  const stop = stopOf(e);
  if (stop instanceof BudgetExceeded) throw budgetError(stop, span, `jsonata "${oneLine(source)}"`);
  if (stop) throw stop;
  throw new CodegenError(diag("PACK_EXPRESSION", `jsonata "${source}" failed: ${(e as Error).message}`, span));
}

/** A budget reached while evaluating `what` (an expression, a template), at the rule that holds it. */
export function budgetError(e: BudgetExceeded, span: SourceSpan, what: string): CodegenError {
  return new CodegenError(
    diag(
      "PACK_BUDGET",
      `${what}: ${e.message}`,
      span,
      `a pack's evaluation is limited; if this pack is trusted and the work is real, raise ${LIMIT_ENV[e.limit].name}`,
    ),
  );
}

const oneLine = (source: string): string => {
  const line = source.replace(/\s+/g, " ").trim();
  return line.length > 80 ? `${line.slice(0, 77)}...` : line;
};

/** Evaluate to a list: undefined → [], a single value → [value]. */
export async function evaluateList(
  source: string,
  input: unknown,
  bindings: Record<string, unknown>,
  span: SourceSpan,
): Promise<unknown[]> {
  const value = await evaluate(source, input, bindings, span);
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...value] : [value];
}

/**
 * jsonata's group-by (`items{key: value}`) pushes `undefined` into its input when that input is
 * empty, and for a path into the IR the input is the IR's own array: one rule's grouping would
 * then hand `[undefined]` to every later rule and check. Empty arrays of the IR get a no-op
 * `push` (not enumerable, so JSON and templates never see it); the IR is never changed after
 * reading, so nothing else pushes.
 */
export function guardEmptyArrays(value: unknown): void {
  // The IR and cached data are trees (JSON-shaped): a walk without a visited set takes a third
  // of the time. A walk that goes deeper than any tree of ours met a cycle: walk again, marking.
  if (!guardTree(value, 0)) guardGraph(value, new Set());
}

const MAX_TREE_DEPTH = 200;

function guardTree(value: unknown, depth: number): boolean {
  if (value === null || typeof value !== "object") return true;
  if (depth > MAX_TREE_DEPTH) return false;
  if (Array.isArray(value)) {
    if (value.length === 0) Object.defineProperty(value, "push", NO_PUSH);
    for (let i = 0; i < value.length; i++) if (!guardTree(value[i], depth + 1)) return false;
    return true;
  }
  // for-in over plain objects: Object.values allocated an array per object, half the walk's time.
  for (const k in value) if (!guardTree((value as Record<string, unknown>)[k], depth + 1)) return false;
  return true;
}

function guardGraph(value: unknown, seen: Set<object>): void {
  if (value === null || typeof value !== "object" || seen.has(value)) return;
  seen.add(value);
  if (Array.isArray(value)) {
    if (value.length === 0) Object.defineProperty(value, "push", NO_PUSH);
    for (const v of value) guardGraph(v, seen);
    return;
  }
  for (const k in value) guardGraph((value as Record<string, unknown>)[k], seen);
}

const NO_PUSH: PropertyDescriptor = { value: () => 0, enumerable: false };

/** Data read back from a cache gets the guard the IR has: a group-by over one of its empty lists must not fill it. */
export function guarded<T>(value: T): T {
  guardEmptyArrays(value);
  return value;
}

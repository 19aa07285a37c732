/**
 * Differential checks of the fast expression evaluator against jsonata: the same value (with
 * jsonata's sequence flags at every level), or the fast evaluator declining (then jsonata runs).
 */
import { compileExpression, evaluateNow } from "../../engine/expression/index.js";
import { guarded } from "../../engine/plan/jsonata.js";

type Flagged = unknown[] & { sequence?: boolean; keepSingleton?: boolean; cons?: boolean };

const isFn = (v: unknown): boolean =>
  typeof v === "function" ||
  (typeof v === "object" && v !== null && (v as { _jsonata_lambda?: unknown })._jsonata_lambda === true);

/** Where two values differ ("" when they do not). */
export function difference(a: unknown, b: unknown, at = "$"): string {
  if (isFn(a) || isFn(b)) return isFn(a) && isFn(b) ? "" : `${at}: function vs ${typeof b}`;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b)) return `${at}: array vs not`;
    const [x, y] = [a as Flagged, b as Flagged];
    for (const f of ["sequence", "keepSingleton", "cons"] as const)
      if (Boolean(x[f]) !== Boolean(y[f])) return `${at}: ${f} ${Boolean(x[f])} vs ${Boolean(y[f])}`;
    if (a.length !== b.length) return `${at}: length ${a.length} vs ${b.length}`;
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], `${at}[${i}]`);
      if (d) return d;
    }
    return "";
  }
  if (a !== null && b !== null && typeof a === "object" && typeof b === "object") {
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.join("\0") !== kb.join("\0")) return `${at}: keys ${ka.join(",")} vs ${kb.join(",")}`;
    for (const k of ka) {
      const d = difference((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${at}.${k}`);
      if (d) return d;
    }
    return "";
  }
  if (Object.is(a, b) || (a === 0 && b === 0)) return "";
  return `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`;
}

export interface DiffResult {
  /** Whether the fast evaluator gave the value (false: it left the expression to jsonata). */
  fast: boolean;
  /** "" when both agree (or the fast evaluator declined). */
  mismatch: string;
}

/** Evaluate `source` both ways over copies of the same input. */
export async function compare(
  source: string,
  input: unknown,
  bindings: Record<string, unknown> = {},
  copyInput = true,
): Promise<DiffResult> {
  const c = compileExpression(source);
  // Each evaluator gets its own copy, guarded as the engine guards the IR: jsonata's group-by
  // pushes into an empty array of its input, which the fast evaluator never does.
  const copy = <T>(v: T): T => (v === undefined || !copyInput ? v : guarded(JSON.parse(JSON.stringify(v)) as T));
  let expected: { value: unknown } | { error: string };
  try {
    expected = { value: await c.jsonata.evaluate(copy(input), bindings) };
  } catch (e) {
    expected = { error: (e as Error).message };
  }
  const now = evaluateNow(c, copy(input), bindings);
  if (!now) return { fast: false, mismatch: "" };
  if ("error" in expected)
    return {
      fast: true,
      mismatch: `jsonata fails (${expected.error}) but the fast evaluator gave ${JSON.stringify(now.value)}`,
    };
  return { fast: true, mismatch: difference(now.value, expected.value) };
}

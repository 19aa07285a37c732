import jsonata from "jsonata";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";

type Expression = ReturnType<typeof jsonata>;
const compiled = new Map<string, Expression>();

/** Compile once per distinct expression; a syntax error points at the declaring rule. */
export function compile(source: string, span: SourceSpan): Expression {
  const hit = compiled.get(source);
  if (hit) return hit;
  try {
    const expr = jsonata(source);
    compiled.set(source, expr);
    return expr;
  } catch (e) {
    throw new CodegenError(diag("PACK_EXPRESSION", `invalid jsonata "${source}": ${(e as Error).message}`, span));
  }
}

export async function evaluate(source: string, input: unknown, bindings: Record<string, unknown>, span: SourceSpan): Promise<unknown> {
  try {
    return await compile(source, span).evaluate(input, bindings);
  } catch (e) {
    if (e instanceof CodegenError) throw e;
    throw new CodegenError(diag("PACK_EXPRESSION", `jsonata "${source}" failed: ${(e as Error).message}`, span));
  }
}

/** Evaluate to a list: undefined → [], a single value → [value]. */
export async function evaluateList(source: string, input: unknown, bindings: Record<string, unknown>, span: SourceSpan): Promise<unknown[]> {
  const value = await evaluate(source, input, bindings, span);
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? [...value] : [value];
}

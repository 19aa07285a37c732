/**
 * Rules without `each` (one file from the whole IR: an OpenAPI document, a route table) decide
 * `when` and compute `data` from the IR alone.
 */
import type { Pack, Phase, Rule } from "../packs/index.js";
import { bindFunctions } from "./functions.js";
import { evaluate } from "./jsonata.js";
import { ViewMemo, viewFunction } from "./views.js";

export interface AggregateInput {
  pack: Pick<Pack, "functions" | "viewDirs" | "rules">;
  ir: object;
  project: { frame: string };
  config: object;
  phase: Phase;
}

/** What a whole-IR rule needs besides its template: whether it applies, and its data. */
export interface Aggregate {
  skip: boolean;
  data: unknown;
}

/** The bindings every expression of a plan sees: the function library, the IR, project, config and `$view`. */
export async function planBindings(
  input: Omit<AggregateInput, "phase">,
  views = new ViewMemo(),
): Promise<Record<string, unknown>> {
  const base = { ir: input.ir, project: input.project, config: input.config };
  const bindings: Record<string, unknown> = { ...(await bindFunctions(input.pack, base)), ...base };
  bindings["view"] = viewFunction(input.pack, views, () => bindings);
  return bindings;
}

export async function aggregateOf(
  rule: Rule,
  input: AggregateInput,
  bindings: Record<string, unknown>,
): Promise<Aggregate> {
  if (rule.when && !(await evaluate(rule.when, input.ir, bindings, rule.span))) return { skip: true, data: null };
  if (!rule.data) return { skip: false, data: null };
  return { skip: false, data: await evaluate(rule.data, input.ir, bindings, rule.span) };
}

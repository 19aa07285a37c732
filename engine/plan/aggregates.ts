/**
 * Rules without `each` (one file from the whole IR: an OpenAPI document, a route table) decide
 * `when` and compute `data` from the IR alone; their data is kept in the cache under a digest of
 * the IR and config.
 */
import type { Pack, Phase, Rule } from "../packs/index.js";
import { treeIdentity } from "../cache/index.js";
import { cachedData } from "./data-cache.js";
import { bindFunctions, libraryKey } from "./functions.js";
import { evaluate } from "./jsonata.js";
import { ViewMemo, viewFunction } from "./views.js";

export interface AggregateInput {
  pack: Pick<Pack, "functions" | "viewDirs" | "rules">;
  ir: object;
  project: { frame: string };
  config: object;
  phase: Phase;
  /** planDigest of the IR and config: data is cached under it. */
  digest?: string;
}

/** What a whole-IR rule needs besides its template: whether it applies, and its data. */
export interface Aggregate {
  skip: boolean;
  data: unknown;
}

/** The bindings every expression of a plan sees: the function library, the IR, project, config and `$view`. */
export async function planBindings(input: Omit<AggregateInput, "phase" | "digest">, views = new ViewMemo()): Promise<Record<string, unknown>> {
  const base = { ir: input.ir, project: input.project, config: input.config };
  const bindings: Record<string, unknown> = { ...(await bindFunctions(input.pack, base)), ...base };
  bindings["view"] = viewFunction(input.pack, views, () => bindings);
  return bindings;
}

export async function aggregateOf(rule: Rule, input: AggregateInput, bindings: Record<string, unknown>): Promise<Aggregate> {
  if (rule.when && !(await evaluate(rule.when, input.ir, bindings, rule.span))) return { skip: true, data: null };
  if (!rule.data) return { skip: false, data: null };
  const data = rule.data;
  const compute = (): Promise<unknown> => evaluate(data, input.ir, bindings, rule.span);
  // The views it may name with $view are part of what it computes from.
  const views = input.pack.viewDirs.map((d) => treeIdentity(d)).join("\0");
  return { skip: false, data: input.digest ? await cachedData(input.digest, `${libraryKey(input.pack)}\0${views}\0${data}`, compute) : await compute() };
}

/**
 * What jsonata does with sequences: paths (each step over every item of the one before, lists
 * spliced in), predicates, group-by `{key: value}` and `^()` sorting.
 */
import type { Node } from "./ast.js";
import { BuiltinRef, evaluate, variable } from "./evaluate.js";
import type { Frame } from "./frame.js";
import { append, field, flag, isNumber, isSequence, mergeSort, sequence, truthy, Unsupported, type Sequence } from "./values.js";

export function path(node: Node, input: unknown, env: Frame): unknown {
  const steps = node.steps!;
  if (!node.keepSingletonArray && !node.group && !node.predicate) {
    const quick = walk(steps, input, env);
    if (quick !== GENERAL) return quick;
  }
  let items: unknown[] = Array.isArray(input) && steps[0]!.type !== "variable" ? input : sequence(input);
  let result: unknown[] = items;
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i]!;
    // A path that starts with `[...]` takes that array as it is, not once per context item.
    result = i === 0 && s.consarray ? firstArray(evaluate(s, items, env), node) : step(s, items, env, i === steps.length - 1);
    if (result.length === 0) break;
    items = result;
  }
  if (node.keepSingletonArray) {
    if ((result as Sequence).cons && !isSequence(result)) throw new Unsupported("[] after an array constructor");
    // jsonata marks whatever array the path gave, a list of the input included; the mark changes
    // nothing for a list that is not a sequence, but is kept so the values are jsonata's.
    flag(result, "keepSingleton");
  }
  if (node.group) return group(node.group.lhs, result, env);
  return result;
}

const GENERAL = Symbol("take the general walk");

/**
 * A path through single objects (`$r.type.kind`, `api.routes`), by far the most common kind:
 * the value the general walk gives, without making its sequences. Anything else (a list on the
 * way, a predicate, a sequence kept in the data) takes the general walk.
 */
function walk(steps: Node[], input: unknown, env: Frame): unknown {
  let v: unknown = input;
  let i = 0;
  const first = steps[0]!;
  if (first.type === "variable") {
    if (first.stages || first.keepArray || first.predicate || first.group) return GENERAL;
    v = variable(first, input, env);
    if (v instanceof BuiltinRef) return GENERAL;
    i = 1;
  }
  for (; i < steps.length; i++) {
    const s = steps[i]!;
    if (s.type !== "name" || s.stages || s.keepArray || s.predicate || s.group) return GENERAL;
    if (v === undefined) return undefined;
    if (Array.isArray(v)) return GENERAL;
    v = field(v, s.value as string);
  }
  return isSequence(v) ? GENERAL : v;
}

/**
 * The value of a path's first step `[...]`. jsonata walks on from whatever it gives: a single
 * value (a predicate picked one member) it iterates as if it were a list, by its length; nothing,
 * and a `[]` after the path fails. Those cases are left to it.
 */
function firstArray(v: unknown, path: Node): unknown[] {
  if (v === undefined) {
    if (path.keepSingletonArray) throw new Unsupported("[] after a path that gave nothing");
    return sequence();
  }
  if (!Array.isArray(v)) throw new Unsupported("a path from a single value picked out of [...]");
  return v;
}

function step(node: Node, items: unknown[], env: Frame, last: boolean): unknown[] {
  if (node.type === "sort") {
    let sorted: unknown = sortStep(node, items, env);
    for (const stage of node.stages ?? []) sorted = filter(stage.expr, sorted, env);
    return sorted as unknown[];
  }
  // Indexed loops and no list of results in between: this is the evaluator's innermost loop.
  let out: Sequence | null = null;
  let first: unknown;
  let count = 0;
  for (let i = 0; i < items.length; i++) {
    let res = evaluate(node, items[i], env);
    if (node.stages) for (const stage of node.stages) res = filter(stage.expr, res, env);
    if (res === undefined) continue;
    if (++count === 1) {
      first = res;
      continue;
    }
    if (count === 2) pushFlat((out = sequence()), first);
    pushFlat(out!, res);
  }
  if (count === 0) return sequence();
  if (count === 1) {
    if (last && Array.isArray(first) && !isSequence(first)) return first;
    pushFlat((out = sequence()), first);
  }
  return out!;
}

/** A step's result joins the path's: arrays are spliced in, except arrays built by `[...]`. */
function pushFlat(out: unknown[], res: unknown): void {
  if (!Array.isArray(res) || (res as Sequence).cons) out.push(res);
  else for (let j = 0; j < res.length; j++) out.push(res[j]);
}

/** `[predicate]`: a number picks by position (negative from the end), anything else filters by truth. */
export function filter(predicate: Node, input: unknown, env: Frame): unknown {
  const items: unknown[] = Array.isArray(input) ? input : sequence(input);
  if (predicate.type === "number") {
    let index = Math.floor(predicate.value as number);
    if (index < 0) index += items.length;
    const item = items[index];
    if (item === undefined) return sequence();
    return Array.isArray(item) ? item : sequence(item);
  }
  const out = sequence();
  for (let index = 0; index < items.length; index++) {
    const item = items[index];
    const res = evaluate(predicate, item, env);
    if (isNumber(res)) {
      let at = Math.floor(res);
      if (at < 0) at += items.length;
      if (at === index) out.push(item);
    } else if (Array.isArray(res) && res.every((n) => typeof n === "number")) {
      for (const n of res as number[]) {
        let at = Math.floor(n);
        if (at < 0) at += items.length;
        if (at === index) out.push(item);
      }
    } else if (truthy(res)) out.push(item);
  }
  return out;
}

/**
 * `{key: value}` over the input: items grouped by key (in first-seen order), each value
 * evaluated over its group. An empty input is evaluated once with no item.
 */
export function group(pairs: [Node, Node][], input: unknown, env: Frame): Record<string, unknown> {
  const items: unknown[] = Array.isArray(input) ? input : sequence(input);
  // As jsonata does, into the input itself (a list the expression holds sees it afterwards);
  // an IR list's push is a no-op (guardEmptyArrays), so it stays empty.
  if (items.length === 0) items.push(undefined);
  const groups = new Map<string, { data: unknown; pair: number }>();
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    for (let p = 0; p < pairs.length; p++) {
      const key = evaluate(pairs[p]![0], item, env);
      if (key === undefined) continue;
      if (typeof key !== "string") throw new Unsupported("a key that is not a string");
      const g = groups.get(key);
      if (!g) groups.set(key, { data: item, pair: p });
      else if (g.pair !== p) throw new Unsupported("two key expressions give one key");
      else g.data = append(g.data, item);
    }
  }
  const out: Record<string, unknown> = {};
  for (const [key, g] of groups) {
    const value = evaluate(pairs[g.pair]![1], g.data, env);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

function sortStep(node: Node, items: unknown[], env: Frame): unknown[] {
  if (items.length <= 1) return items;
  const terms = node.terms!;
  const after = (a: unknown, b: unknown): boolean => {
    for (const term of terms) {
      const x = evaluate(term.expression, a, env);
      const y = evaluate(term.expression, b, env);
      if (x === undefined) {
        if (y === undefined) continue;
        return true;
      }
      if (y === undefined) return false;
      if (!((typeof x === "string" || typeof x === "number") && typeof x === typeof y)) throw new Unsupported("sort key type");
      if (x === y) continue;
      const c = (x as number) < (y as number) ? -1 : 1;
      return (term.descending ? -c : c) === 1;
    }
    return false;
  };
  return mergeSort(items, after);
}


/**
 * What jsonata does with sequences: paths (each step over every item of the one before, lists
 * spliced in), predicates, group-by `{key: value}` and `^()` sorting; compiled as evaluate.ts
 * compiles the rest.
 */
import type { Node } from "./ast.js";
import type { Code, Compile } from "./code.js";
import { BuiltinRef, variableCode } from "./variables.js";
import type { Frame } from "./frame.js";
import { tick } from "./budget.js";
import {
  append,
  field,
  flag,
  isNumber,
  isSequence,
  mergeSort,
  sequence,
  truthy,
  Unsupported,
  type Sequence,
} from "./values.js";

/** A stage over a value already computed: a predicate, a group-by. */
type Over = (value: unknown, env: Frame) => unknown;

export function pathCode(node: Node, compile: Compile): Code {
  const steps = node.steps!;
  const quick = !node.keepSingletonArray && !node.group && !node.predicate ? walkCode(steps) : null;
  const fromInput = steps[0]!.type !== "variable";
  const stepCodes = steps.map((s, i) =>
    i === 0 && s.consarray ? firstArrayCode(s, node, compile) : stepCode(s, i === steps.length - 1, compile),
  );
  const keepSingletonArray = node.keepSingletonArray === true;
  const group = node.group ? groupCode(node.group.lhs, compile) : null;
  return (input, env) => {
    if (quick) {
      const v = quick(input, env);
      if (v !== GENERAL) return v;
    }
    let items: unknown[] = Array.isArray(input) && fromInput ? input : sequence(input);
    let result: unknown[] = items;
    for (let i = 0; i < stepCodes.length; i++) {
      result = stepCodes[i]!(items, env);
      if (result.length === 0) break;
      items = result;
    }
    if (keepSingletonArray) {
      if ((result as Sequence).cons && !isSequence(result)) throw new Unsupported("[] after an array constructor");
      // jsonata marks whatever array the path gave, a list of the input included; the mark changes
      // nothing for a list that is not a sequence, but is kept so the values are jsonata's.
      flag(result, "keepSingleton");
    }
    if (group) return group(result, env);
    return result;
  };
}

const GENERAL = Symbol("take the general walk");

/**
 * A path through single objects (`$r.type.kind`, `api.routes`), by far the most common kind:
 * the value the general walk gives, without making its sequences. Anything else (a list on the
 * way, a predicate, a sequence kept in the data) takes the general walk; null for a path that is
 * not all plain names.
 */
function walkCode(steps: Node[]): Code | null {
  const first = steps[0]!;
  const plain = (s: Node): boolean => !s.stages && !s.keepArray && !s.predicate && !s.group;
  if (first.type === "variable" && !plain(first)) return null;
  const start = first.type === "variable" ? variableCode(first) : null;
  const names: string[] = [];
  for (const s of steps.slice(start ? 1 : 0)) {
    if (s.type !== "name" || !plain(s)) break;
    names.push(s.value as string);
  }
  // A walk that stops short gives up or gives what the general walk gives: that walk alone, then.
  if (names.length < steps.length - (start ? 1 : 0)) return null;
  return (input, env) => {
    let v: unknown = input;
    if (start) {
      v = start(input, env);
      if (v instanceof BuiltinRef) return GENERAL;
    }
    for (let i = 0; i < names.length; i++) {
      if (v === undefined) return undefined;
      if (Array.isArray(v)) return GENERAL;
      v = field(v, names[i]!);
    }
    return isSequence(v) ? GENERAL : v;
  };
}

/**
 * A path's first step `[...]`, taken as the array it builds. jsonata walks on from whatever it
 * gives: a single value (a predicate picked one member) it iterates as if it were a list, by its
 * length; nothing, and a `[]` after the path fails. Those cases are left to it.
 */
function firstArrayCode(step: Node, path: Node, compile: Compile): (items: unknown[], env: Frame) => unknown[] {
  const code = compile(step);
  const keepSingletonArray = path.keepSingletonArray === true;
  return (items, env) => {
    const v = code(items, env);
    if (v === undefined) {
      if (keepSingletonArray) throw new Unsupported("[] after a path that gave nothing");
      return sequence();
    }
    if (!Array.isArray(v)) throw new Unsupported("a path from a single value picked out of [...]");
    return v;
  };
}

function stepCode(node: Node, last: boolean, compile: Compile): (items: unknown[], env: Frame) => unknown[] {
  const stages = (node.stages ?? []).map((stage) => filterCode(stage.expr, compile));
  if (node.type === "sort") {
    const sort = sortCode(node, compile);
    return (items, env) => {
      let sorted: unknown = sort(items, env);
      for (let i = 0; i < stages.length; i++) sorted = stages[i]!(sorted, env);
      return sorted as unknown[];
    };
  }
  const code = compile(node);
  // Indexed loops and no list of results in between: this is the evaluator's innermost loop.
  return (items, env) => {
    let out: Sequence | null = null;
    let first: unknown;
    let count = 0;
    for (let i = 0; i < items.length; i++) {
      tick();
      let res = code(items[i], env);
      for (let s = 0; s < stages.length; s++) res = stages[s]!(res, env);
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
  };
}

/** A step's result joins the path's: arrays are spliced in, except arrays built by `[...]`. */
function pushFlat(out: unknown[], res: unknown): void {
  if (!Array.isArray(res) || (res as Sequence).cons) out.push(res);
  else for (let j = 0; j < res.length; j++) out.push(res[j]);
}

/** `[predicate]`: a number picks by position (negative from the end), anything else filters by truth. */
export function filterCode(predicate: Node, compile: Compile): Over {
  if (predicate.type === "number") {
    const position = Math.floor(predicate.value as number);
    return (input) => {
      const items: unknown[] = Array.isArray(input) ? input : sequence(input);
      const index = position < 0 ? position + items.length : position;
      const item = items[index];
      if (item === undefined) return sequence();
      return Array.isArray(item) ? item : sequence(item);
    };
  }
  const code = compile(predicate);
  // `$list[$r.index]`: a predicate that does not read its item has one value for all of them.
  const shared = readsNoItem(predicate);
  return (input, env) => {
    const items: unknown[] = Array.isArray(input) ? input : sequence(input);
    const out = sequence();
    const once = shared && items.length > 0 ? code(items[0], env) : undefined;
    for (let index = 0; index < items.length; index++) {
      const item = items[index];
      const res = shared ? once : code(item, env);
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
  };
}

/**
 * Whether a predicate's value is the same for every item: a variable other than `$`, or a path of
 * plain field names from one. (Reading a variable changes nothing, so evaluating it once is the
 * same as evaluating it per item.)
 */
function readsNoItem(node: Node): boolean {
  const plain = (n: Node): boolean =>
    !n.stages && !n.predicate && !n.group && !n.keepArray && !n.focus && !n.index && !n.tuple;
  const fromVariable = (n: Node | undefined): boolean =>
    n !== undefined && n.type === "variable" && n.value !== "" && plain(n);
  return (
    plain(node) &&
    (fromVariable(node) ||
      (node.type === "path" &&
        !node.keepSingletonArray &&
        fromVariable(node.steps?.[0]) &&
        node.steps!.slice(1).every((s) => s.type === "name" && plain(s))))
  );
}

/**
 * `{key: value}` over the input: items grouped by key (in first-seen order), each value
 * evaluated over its group. An empty input is evaluated once with no item.
 */
export function groupCode(pairs: [Node, Node][], compile: Compile): Over {
  const keys = pairs.map(([k]) => compile(k));
  const values = pairs.map(([, v]) => compile(v));
  return (input, env) => {
    const items: unknown[] = Array.isArray(input) ? input : sequence(input);
    // As jsonata does, into the input itself (a list the expression holds sees it afterwards);
    // an IR list's push is a no-op (guardEmptyArrays), so it stays empty.
    if (items.length === 0) items.push(undefined);
    if (items.length === 1) return single(items[0], env);
    const groups = new Map<string, Group>();
    const order: Group[] = [];
    for (let i = 0; i < items.length; i++) {
      const item = items[i];
      for (let p = 0; p < keys.length; p++) {
        const key = keys[p]!(item, env);
        if (key === undefined) continue;
        if (typeof key !== "string") throw new Unsupported("a key that is not a string");
        const g = groups.get(key);
        if (!g) {
          const added = { key, data: item, pair: p };
          groups.set(key, added);
          order.push(added);
        } else if (g.pair !== p) throw new Unsupported("two key expressions give one key");
        else g.data = append(g.data, item);
      }
    }
    const out: Record<string, unknown> = {};
    for (let i = 0; i < order.length; i++) {
      const g = order[i]!;
      const value = values[g.pair]!(g.data, env);
      if (value !== undefined) out[g.key] = value;
    }
    return out;
  };

  /** One item (`list.{key: value}` groups each item alone): one group per key, no table needed. */
  function single(item: unknown, env: Frame): Record<string, unknown> {
    const found: string[] = [];
    const pairOf: number[] = [];
    for (let p = 0; p < keys.length; p++) {
      const key = keys[p]!(item, env);
      if (key === undefined) continue;
      if (typeof key !== "string") throw new Unsupported("a key that is not a string");
      // With one item, a key seen before came from another pair.
      if (found.includes(key)) throw new Unsupported("two key expressions give one key");
      found.push(key);
      pairOf.push(p);
    }
    const out: Record<string, unknown> = {};
    for (let i = 0; i < found.length; i++) {
      const value = values[pairOf[i]!]!(item, env);
      if (value !== undefined) out[found[i]!] = value;
    }
    return out;
  }
}

interface Group {
  key: string;
  data: unknown;
  pair: number;
}

function sortCode(node: Node, compile: Compile): (items: unknown[], env: Frame) => unknown[] {
  const terms = node.terms!.map((t) => ({ code: compile(t.expression), descending: t.descending }));
  return (items, env) => {
    if (items.length <= 1) return items;
    const after = (a: unknown, b: unknown): boolean => {
      for (const term of terms) {
        const x = term.code(a, env);
        const y = term.code(b, env);
        if (x === undefined) {
          if (y === undefined) continue;
          return true;
        }
        if (y === undefined) return false;
        if (!((typeof x === "string" || typeof x === "number") && typeof x === typeof y))
          throw new Unsupported("sort key type");
        if (x === y) continue;
        const c = (x as number) < (y as number) ? -1 : 1;
        return (term.descending ? -c : c) === 1;
      }
      return false;
    };
    return mergeSort(items, after);
  };
}

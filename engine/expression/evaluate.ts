/**
 * A synchronous evaluator for jsonata syntax trees: the same results as jsonata for the
 * constructs it implements, without jsonata's promise per node. Whatever it does not implement,
 * and every error, is thrown as Unsupported; the caller then runs jsonata itself (fast.ts), so
 * results and messages stay jsonata's.
 */
import type { Node } from "./ast.js";
import { BUILTINS, JSONATA_FUNCTIONS, NO_CONTEXT, PATTERN_FUNCTIONS, type Builtin } from "./builtins.js";
import { Frame } from "./frame.js";
import { LAMBDA, callFunction, type LambdaInfo } from "./call.js";
import { append, deepEqual, field, flag, isNumber, isSequence, mergeSort, sequence, stringOf, truthy, Unsupported, type Sequence } from "./values.js";
import { RegexValue } from "./regex.js";

export function evaluate(node: Node, input: unknown, env: Frame): unknown {
  let result: unknown;
  switch (node.type) {
    case "path":
      result = path(node, input, env);
      break;
    case "name":
      result = field(input, node.value as string);
      break;
    case "string":
    case "number":
    case "value":
      result = node.value;
      break;
    case "regex":
      // jsonata makes a regex a function; here it is only a pattern given to $contains,
      // $split, $replace or $match (call below), and anything else is left to jsonata.
      throw new Unsupported("a regex as a value");
    case "variable":
      result = variable(node, input, env);
      if (result instanceof BuiltinRef) throw new Unsupported("a built-in function as a value");
      break;
    case "binary":
      result = binary(node, input, env);
      break;
    case "unary":
      result = unary(node, input, env);
      break;
    case "condition":
      if (truthy(evaluate(node.condition!, input, env))) result = evaluate(node.then!, input, env);
      else if (node.else) result = evaluate(node.else, input, env);
      break;
    case "block": {
      const frame = new Frame(env);
      for (const e of node.expressions ?? []) result = evaluate(e, input, frame);
      break;
    }
    case "bind": {
      result = evaluate(node.rhs!, input, env);
      env.bind((node.lhs as Node).value as string, result);
      break;
    }
    case "function":
      result = call(node, input, env, undefined);
      break;
    case "lambda":
      // jsonata wraps calls in tail position as thunks (for its trampoline); here they are just
      // calls, whose value the trampoline hands back as it is (not unwrapped).
      if (node.thunk) return thunk(node.body!, input, env);
      result = lambda(node, input, env);
      break;
    case "apply":
      result = applyChain(node, input, env);
      break;
    default:
      throw new Unsupported(node.type);
  }
  if (node.predicate) for (const stage of node.predicate) result = filter(stage.expr, result, env);
  if (node.type !== "path" && node.group) result = group(node.group.lhs, result, env);
  if (isSequence(result)) {
    if (node.keepArray) flag(result, "keepSingleton");
    if (result.length === 0) return undefined;
    if (result.length === 1 && !result.keepSingleton) return result[0];
  }
  return result;
}

class BuiltinRef {
  constructor(readonly fn: Builtin) {}
}

/** `$`: the context item (an array given as the input is one item, not a sequence of them). */
function contextOf(input: unknown): unknown {
  return Array.isArray(input) && (input as Sequence).outerWrapper ? input[0] : input;
}

function variable(node: Node, input: unknown, env: Frame): unknown {
  const name = node.value as string;
  if (name === "") return contextOf(input);
  const v = env.lookup(name);
  if (v !== undefined) return v;
  if (env.has(name)) return undefined;
  const builtin = BUILTINS.get(name);
  if (builtin) return new BuiltinRef(builtin);
  if (JSONATA_FUNCTIONS.has(name)) throw new Unsupported(`$${name}`);
  return undefined;
}

function path(node: Node, input: unknown, env: Frame): unknown {
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
function filter(predicate: Node, input: unknown, env: Frame): unknown {
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
function group(pairs: [Node, Node][], input: unknown, env: Frame): Record<string, unknown> {
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

function binary(node: Node, input: unknown, env: Frame): unknown {
  const op = node.value as string;
  const lhs = evaluate(node.lhs as Node, input, env);
  if (op === "and") return truthy(lhs) === true && truthy(evaluate(node.rhs!, input, env)) === true;
  if (op === "or") return truthy(lhs) === true || truthy(evaluate(node.rhs!, input, env)) === true;
  const rhs = evaluate(node.rhs!, input, env);
  switch (op) {
    case "+":
    case "-":
    case "*":
    case "/":
    case "%": {
      if ((lhs !== undefined && !isNumber(lhs)) || (rhs !== undefined && !isNumber(rhs))) throw new Unsupported("arithmetic on a non-number");
      if (lhs === undefined || rhs === undefined) return undefined;
      const r = op === "+" ? lhs + rhs : op === "-" ? lhs - rhs : op === "*" ? lhs * rhs : op === "/" ? lhs / rhs : lhs % rhs;
      if (!Number.isFinite(r)) throw new Unsupported("non-finite result");
      return r;
    }
    case "=":
      return lhs !== undefined && rhs !== undefined && deepEqual(lhs, rhs);
    case "!=":
      return lhs !== undefined && rhs !== undefined && !deepEqual(lhs, rhs);
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const comparable = (v: unknown): boolean => v === undefined || typeof v === "string" || isNumber(v);
      if (!comparable(lhs) || !comparable(rhs)) throw new Unsupported("comparison of other values");
      if (lhs === undefined || rhs === undefined) return undefined;
      if (typeof lhs !== typeof rhs) throw new Unsupported("comparison of a number with a string");
      const [a, b] = [lhs as number, rhs as number];
      return op === "<" ? a < b : op === "<=" ? a <= b : op === ">" ? a > b : a >= b;
    }
    case "&":
      return (stringOf(lhs) ?? "") + (stringOf(rhs) ?? "");
    case "in": {
      if (lhs === undefined || rhs === undefined) return false;
      const list = Array.isArray(rhs) ? rhs : [rhs];
      return list.some((v) => v === lhs);
    }
    case "..": {
      if ((lhs !== undefined && !Number.isInteger(lhs)) || (rhs !== undefined && !Number.isInteger(rhs))) throw new Unsupported("range bounds");
      if (lhs === undefined || rhs === undefined) return undefined;
      const [from, to] = [lhs as number, rhs as number];
      if (from > to) return undefined;
      if (to - from >= 1e7) throw new Unsupported("range size");
      const out: number[] = [];
      for (let n = from; n <= to; n++) out.push(n);
      return out;
    }
    default:
      throw new Unsupported(`operator ${op}`);
  }
}

function unary(node: Node, input: unknown, env: Frame): unknown {
  switch (node.value) {
    case "-": {
      const v = evaluate(node.expression!, input, env);
      if (v === undefined) return undefined;
      if (!isNumber(v)) throw new Unsupported("negating a non-number");
      return -v;
    }
    case "[": {
      let out: unknown[] = [];
      for (const item of node.expressions ?? []) {
        const v = evaluate(item, input, env);
        if (v === undefined) continue;
        if (item.value === "[") out.push(v);
        else out = append(out, v) as unknown[];
      }
      if (node.consarray) flag(out, "cons");
      return out;
    }
    case "{":
      return group(node.lhs as [Node, Node][], input, env);
    default:
      throw new Unsupported(`unary ${String(node.value)}`);
  }
}

function lambda(node: Node, input: unknown, env: Frame): unknown {
  if (node.signature) throw new Unsupported("a function signature");
  const params = (node.arguments ?? []).map((a) => a.value as string);
  const info: LambdaInfo = {
    arity: params.length,
    apply: (args) => {
      const frame = new Frame(env);
      params.forEach((p, i) => frame.bind(p, args[i]));
      return evaluate(node.body!, input, frame);
    },
  };
  const fn = (...args: unknown[]): unknown => info.apply(args);
  Object.defineProperty(fn, LAMBDA, { value: info });
  Object.defineProperty(fn, "arity", { value: params.length });
  return fn;
}

/**
 * A call `$f(args)`; `first`, for `x ~> $f(args)`, is passed before the arguments. In a call
 * jsonata made a thunk (a call in tail position of a function body) a built-in that reads the
 * context value would read the caller's, not the function's: that case is left to jsonata.
 */
function call(node: Node, input: unknown, env: Frame, first: { value: unknown } | undefined, inThunk = false): unknown {
  const procedure = node.procedure!;
  const proc = procedure.type === "variable" ? variable(procedure, input, env) : evaluate(procedure, input, env);
  const args: unknown[] = first ? [first.value] : [];
  const patterns = proc instanceof BuiltinRef && PATTERN_FUNCTIONS.has(proc.fn);
  for (const a of node.arguments ?? []) {
    const plainRegex = a.type === "regex" && !a.predicate && !a.group && !a.keepArray;
    if (plainRegex && !patterns) throw new Unsupported("a regex given to a function other than $contains, $split, $replace, $match");
    args.push(plainRegex ? new RegexValue(a.value as RegExp) : evaluate(a, input, env));
  }
  if (proc instanceof BuiltinRef) return proc.fn(args, inThunk ? NO_CONTEXT : contextOf(input));
  return callFunction(proc, args);
}

/** A thunk's body is a call (jsonata's parser makes thunks of calls only); anything else goes to jsonata. */
function thunk(body: Node, input: unknown, env: Frame): unknown {
  if (body.type !== "function" || body.predicate || body.group || body.keepArray) throw new Unsupported("a thunk that is not a plain call");
  // jsonata's trampoline hands $sort its comparator unwrapped, and $sort then fails.
  if (body.procedure?.type === "variable" && body.procedure.value === "sort" && (body.arguments?.length ?? 0) > 1) throw new Unsupported("$sort with a comparator in tail position");
  // Its value is the call's as it is: jsonata's trampoline does not unwrap it (the caller does).
  return call(body, input, env, undefined, true);
}

function applyChain(node: Node, input: unknown, env: Frame): unknown {
  const lhs = evaluate(node.lhs as Node, input, env);
  const rhs = node.rhs!;
  if (rhs.type === "function") return call(rhs, input, env, { value: lhs });
  if (typeof lhs === "function") throw new Unsupported("function composition");
  const fn = rhs.type === "variable" ? variable(rhs, input, env) : evaluate(rhs, input, env);
  if (fn instanceof BuiltinRef) return fn.fn([lhs], contextOf(input));
  return callFunction(fn, [lhs]);
}

/**
 * A synchronous evaluator for jsonata syntax trees: the same results as jsonata for the
 * constructs it implements, without jsonata's promise per node. Whatever it does not implement,
 * and every error, is thrown as Unsupported; the caller then runs jsonata itself (index.ts), so
 * results and messages stay jsonata's.
 */
import type { Node } from "./ast.js";
import { BUILTINS, JSONATA_FUNCTIONS, NO_CONTEXT, PATTERN_FUNCTIONS, type Builtin } from "./builtins.js";
import { Frame } from "./frame.js";
import { LAMBDA, callFunction, type LambdaInfo } from "./call.js";
import { append, deepEqual, field, flag, isNumber, isSequence, stringOf, truthy, Unsupported, type Sequence } from "./values.js";
import { filter, group, path } from "./paths.js";
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
    case "condition": {
      const branch = truthy(evaluate(node.condition!, input, env)) ? node.then! : node.else;
      if (tailCall(branch)) return untouchedTail(node, branch!, input, env);
      if (branch) result = evaluate(branch, input, env);
      break;
    }
    case "block": {
      const frame = new Frame(env);
      const expressions = node.expressions ?? [];
      for (let i = 0; i < expressions.length; i++) {
        const e = expressions[i]!;
        if (i === expressions.length - 1 && tailCall(e)) return untouchedTail(node, e, input, frame);
        result = evaluate(e, input, frame);
      }
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

/**
 * Whether a node's value is a call jsonata's parser made a thunk of (a call in tail position of
 * a function body, through blocks and conditions): jsonata evaluates such a block or condition
 * to the thunk itself, and its trampoline makes the call afterwards, so the call's value skips
 * the sequence handling every other node's value goes through (an empty sequence stays []).
 */
function tailCall(node: Node | undefined): boolean {
  if (!node) return false;
  if (node.type === "lambda") return node.thunk === true;
  if (node.type === "block") return tailCall(node.expressions?.at(-1));
  if (node.type === "condition") return tailCall(node.then) || tailCall(node.else);
  return false;
}

function untouchedTail(node: Node, tail: Node, input: unknown, env: Frame): unknown {
  // jsonata would filter, group or keep the thunk function itself: left to jsonata.
  if (node.predicate || node.group || node.keepArray) throw new Unsupported("a stage on a block or condition ending in a tail call");
  return evaluate(tail, input, env);
}

export class BuiltinRef {
  constructor(readonly fn: Builtin) {}
}

/** `$`: the context item (an array given as the input is one item, not a sequence of them). */
function contextOf(input: unknown): unknown {
  return Array.isArray(input) && (input as Sequence).outerWrapper ? input[0] : input;
}

export function variable(node: Node, input: unknown, env: Frame): unknown {
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

/**
 * A synchronous evaluator for jsonata syntax trees: the same results as jsonata for the
 * constructs it implements, without jsonata's promise per node. Whatever it does not implement,
 * and every error, is thrown as Unsupported; the caller then runs jsonata itself (index.ts), so
 * results and messages stay jsonata's.
 *
 * A tree is compiled once into closures, one per node, that hold what the node says (its
 * operator, its names, which stages follow it): evaluating then reads no syntax node. Walking
 * the tree on every evaluation read a dozen properties of nodes of many shapes per step, which
 * V8 cannot make fast.
 */
import type { Node } from "./ast.js";
import { NO_CONTEXT, PATTERN_FUNCTIONS } from "./builtins.js";
import { Frame } from "./frame.js";
import { LAMBDA, callFunction, type LambdaInfo } from "./call.js";
import { field, flag, isSequence, truthy, Unsupported } from "./values.js";
import { unsupported, type Code } from "./code.js";
import { binaryCode, unaryCode } from "./operators.js";
import { filterCode, groupCode, pathCode } from "./paths.js";
import { BuiltinRef, contextOf, variableCode } from "./variables.js";

export type { Code } from "./code.js";
import { RegexValue } from "./regex.js";
import { budget, BudgetExceeded, tick } from "./budget.js";

export function compile(node: Node): Code {
  switch (node.type) {
    case "condition":
      return conditionCode(node);
    case "block":
      return blockCode(node);
    case "lambda":
      // jsonata wraps calls in tail position as thunks (for its trampoline); here they are just
      // calls, whose value the trampoline hands back as it is (not unwrapped).
      if (node.thunk) return thunkCode(node.body!);
      return withStages(node, lambdaCode(node));
    default:
      return withStages(node, coreCode(node));
  }
}

/** What follows a node's own value: its predicates, its group-by, and jsonata's sequence rules. */
function withStages(node: Node, core: Code): Code {
  const post = postCode(node);
  return post ? (input, env) => post(core(input, env), env) : core;
}

type Post = (result: unknown, env: Frame) => unknown;

function postCode(node: Node): Post | null {
  const filters = (node.predicate ?? []).map((stage) => filterCode(stage.expr, compile));
  const group = node.type !== "path" && node.group ? groupCode(node.group.lhs, compile) : null;
  const keepArray = node.keepArray === true;
  // A literal is never a sequence: with nothing after it, its value is the node's.
  if (filters.length === 0 && !group && ["string", "number", "value"].includes(node.type)) return null;
  return (value, env) => {
    let result = value;
    for (let i = 0; i < filters.length; i++) result = filters[i]!(result, env);
    if (group) result = group(result, env);
    if (isSequence(result)) {
      if (keepArray) flag(result, "keepSingleton");
      if (result.length === 0) return undefined;
      if (result.length === 1 && !result.keepSingleton) return result[0];
    }
    return result;
  };
}

function coreCode(node: Node): Code {
  switch (node.type) {
    case "path":
      return pathCode(node, compile);
    case "name": {
      const name = node.value as string;
      return (input) => field(input, name);
    }
    case "string":
    case "number":
    case "value": {
      const value = node.value;
      return () => value;
    }
    case "regex":
      // jsonata makes a regex a function; here it is only a pattern given to $contains,
      // $split, $replace or $match (callCode below), and anything else is left to jsonata.
      return unsupported("a regex as a value");
    case "variable": {
      const read = variableCode(node);
      return (input, env) => {
        const v = read(input, env);
        if (v instanceof BuiltinRef) throw new Unsupported("a built-in function as a value");
        return v;
      };
    }
    case "binary":
      return binaryCode(node, compile);
    case "unary":
      return unaryCode(node, compile);
    case "bind": {
      const rhs = compile(node.rhs!);
      const name = (node.lhs as Node).value as string;
      return (input, env) => {
        const result = rhs(input, env);
        env.bind(name, result);
        return result;
      };
    }
    case "function":
      return callCode(node, false, false);
    case "apply":
      return applyCode(node);
    default:
      return unsupported(node.type);
  }
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

/** A tail call's own value, untouched by the node around it. */
function untouchedTail(node: Node, tail: Node): Code {
  // jsonata would filter, group or keep the thunk function itself: left to jsonata.
  if (node.predicate || node.group || node.keepArray)
    return unsupported("a stage on a block or condition ending in a tail call");
  return compile(tail);
}

function conditionCode(node: Node): Code {
  const condition = compile(node.condition!);
  const branch = (b: Node | undefined): Code =>
    tailCall(b) ? untouchedTail(node, b!) : withStages(node, b ? compile(b) : () => undefined);
  const then = branch(node.then);
  const otherwise = branch(node.else);
  return (input, env) => (truthy(condition(input, env)) ? then(input, env) : otherwise(input, env));
}

function blockCode(node: Node): Code {
  const expressions = node.expressions ?? [];
  const tail = expressions.length > 0 && tailCall(expressions.at(-1)) ? untouchedTail(node, expressions.at(-1)!) : null;
  const body = (tail ? expressions.slice(0, -1) : expressions).map(compile);
  const post = postCode(node);
  return (input, env) => {
    const frame = new Frame(env);
    let result: unknown;
    for (let i = 0; i < body.length; i++) result = body[i]!(input, frame);
    if (tail) return tail(input, frame);
    return post ? post(result, env) : result;
  };
}

function lambdaCode(node: Node): Code {
  if (node.signature) return unsupported("a function signature");
  const params = (node.arguments ?? []).map((a) => a.value as string);
  const body = compile(node.body!);
  const distinct = new Set(params).size === params.length;
  // Every call counts against the budget (budget.ts); the depth is restored by the caller of
  // the whole expression when a call throws (index.ts).
  const enter = (): void => {
    tick();
    if (++budget.depth > budget.limits.depth)
      throw new BudgetExceeded("depth", `functions nested deeper than ${budget.limits.depth} calls`);
  };
  return (input, env) => {
    const info: LambdaInfo = {
      arity: params.length,
      apply: distinct
        ? (args) => {
            enter();
            const value = body(input, Frame.call(env, params, args));
            budget.depth--;
            return value;
          }
        : (args) => {
            enter();
            // `function($a, $a)`: the later argument is the one bound, as in jsonata.
            const frame = new Frame(env);
            for (let i = 0; i < params.length; i++) frame.bind(params[i]!, args[i]);
            const value = body(input, frame);
            budget.depth--;
            return value;
          },
    };
    const fn = (...args: unknown[]): unknown => info.apply(args);
    Object.defineProperty(fn, LAMBDA, { value: info });
    Object.defineProperty(fn, "arity", { value: params.length });
    return fn;
  };
}

/** A call's procedure: a variable is read as it is (a built-in included), anything else evaluated. */
function procedureCode(procedure: Node): Code {
  return procedure.type === "variable" ? variableCode(procedure) : compile(procedure);
}

/**
 * A call `$f(args)`; with `chained`, for `x ~> $f(args)`, the value before `~>` is passed before
 * the arguments. In a call jsonata made a thunk (a call in tail position of a function body) a
 * built-in that reads the context value would read the caller's, not the function's: that case
 * is left to jsonata.
 */
function callCode(node: Node, chained: true, inThunk: boolean): (input: unknown, env: Frame, first: unknown) => unknown;
function callCode(node: Node, chained: false, inThunk: boolean): Code;
function callCode(
  node: Node,
  chained: boolean,
  inThunk: boolean,
): (input: unknown, env: Frame, first: unknown) => unknown {
  const procedure = procedureCode(node.procedure!);
  const args: Arg[] = (node.arguments ?? []).map((a) => {
    const plainRegex = a.type === "regex" && !a.predicate && !a.group && !a.keepArray;
    if (!plainRegex) return compile(a);
    const regex = a.value as RegExp;
    return (_input, _env, patterns) => {
      if (!patterns)
        throw new Unsupported("a regex given to a function other than $contains, $split, $replace, $match");
      return new RegexValue(regex);
    };
  });
  const values = argumentList(args, chained);
  return (input, env, first) => {
    const proc = procedure(input, env);
    const patterns = proc instanceof BuiltinRef && PATTERN_FUNCTIONS.has(proc.fn);
    const list = values(input, env, patterns, first);
    if (proc instanceof BuiltinRef) return proc.fn(list, inThunk ? NO_CONTEXT : contextOf(input));
    return callFunction(proc, list);
  };
}

/** One argument of a call; `patterns`: the function takes a regex literal as it is. */
type Arg = (input: unknown, env: Frame, patterns: boolean) => unknown;

/**
 * A call's argument list, in order (the value before `~>` first): made at its size for the usual
 * counts, since a list grown from empty was the evaluator's largest allocation.
 */
function argumentList(
  args: Arg[],
  chained: boolean,
): (input: unknown, env: Frame, patterns: boolean, first: unknown) => unknown[] {
  const [a, b, c] = args;
  if (!chained && args.length === 0) return () => [];
  if (!chained && args.length === 1) return (input, env, p) => [a!(input, env, p)];
  if (!chained && args.length === 2) return (input, env, p) => [a!(input, env, p), b!(input, env, p)];
  if (!chained && args.length === 3)
    return (input, env, p) => [a!(input, env, p), b!(input, env, p), c!(input, env, p)];
  if (chained && args.length === 0) return (_input, _env, _p, first) => [first];
  if (chained && args.length === 1) return (input, env, p, first) => [first, a!(input, env, p)];
  if (chained && args.length === 2) return (input, env, p, first) => [first, a!(input, env, p), b!(input, env, p)];
  return (input, env, p, first) => {
    const list: unknown[] = chained ? [first] : [];
    for (let i = 0; i < args.length; i++) list.push(args[i]!(input, env, p));
    return list;
  };
}

/** A thunk's body is a call (jsonata's parser makes thunks of calls only); anything else goes to jsonata. */
function thunkCode(body: Node): Code {
  if (body.type !== "function" || body.predicate || body.group || body.keepArray)
    return unsupported("a thunk that is not a plain call");
  // jsonata's trampoline hands $sort its comparator unwrapped, and $sort then fails.
  if (body.procedure?.type === "variable" && body.procedure.value === "sort" && (body.arguments?.length ?? 0) > 1)
    return unsupported("$sort with a comparator in tail position");
  // Its value is the call's as it is: jsonata's trampoline does not unwrap it (the caller does).
  return callCode(body, false, true);
}

function applyCode(node: Node): Code {
  const left = compile(node.lhs as Node);
  const rhs = node.rhs!;
  if (rhs.type === "function") {
    const call = callCode(rhs, true, false);
    return (input, env) => call(input, env, left(input, env));
  }
  const procedure = procedureCode(rhs);
  return (input, env) => {
    const lhs = left(input, env);
    if (typeof lhs === "function") throw new Unsupported("function composition");
    const fn = procedure(input, env);
    if (fn instanceof BuiltinRef) return fn.fn([lhs], contextOf(input));
    return callFunction(fn, [lhs]);
  };
}

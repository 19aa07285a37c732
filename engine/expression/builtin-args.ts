/**
 * How jsonata's built-in functions take their arguments: the context value in place of a
 * missing first one (`$uppercase()` reads `$`), a single value where a list is expected, and
 * the types each accepts. jsonata checks every argument against the function's signature before
 * it looks at any, so each function here checks them all before it returns early for a missing
 * first one; where unsure whether jsonata accepts an argument, it declines (Unsupported), which
 * only costs time.
 */
import { RegexValue } from "./regex.js";
import { isFunction, isNumber, Unsupported } from "./values.js";

export type Builtin = (args: unknown[], input: unknown) => unknown;

/** Given as the context value where jsonata would give another than the evaluator knows (evaluate.ts). */
export const NO_CONTEXT = Symbol("no context value");

/** The arguments, with the context value first when fewer than `needed` were given. */
export function withContext(args: unknown[], input: unknown, needed: number): unknown[] {
  if (args.length >= needed) return args;
  if (input === NO_CONTEXT) throw new Unsupported("the context value of a call in tail position");
  return [input, ...args];
}

export function str(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new Unsupported("a string argument that is not a string");
  return v;
}

export function num(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (!isNumber(v)) throw new Unsupported("a number argument that is not a number");
  return v;
}

export function list(v: unknown): unknown[] | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

export function fn(v: unknown): unknown {
  if (!isFunction(v)) throw new Unsupported("a function argument that is not a function");
  return v;
}

/** A trailing number argument: not given, or a number. */
export function optionalNumber(v: unknown, present: boolean): number | undefined {
  if (!present) return undefined;
  if (!isNumber(v)) throw new Unsupported("a number argument that is not a number");
  return v;
}

export function pattern(v: unknown): string | RegexValue {
  if (typeof v === "string") {
    if (v === "") throw new Unsupported("an empty pattern");
    return v;
  }
  if (v instanceof RegexValue) return v;
  throw new Unsupported("a pattern that is neither a string nor a regex");
}

export function arity(args: unknown[], min: number, max: number): void {
  if (args.length < min || args.length > max) throw new Unsupported("argument count");
}

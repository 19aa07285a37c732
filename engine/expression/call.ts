/**
 * Calling a function value: a lambda of the fast evaluator directly, any other JavaScript
 * function with its arguments. A result that is a promise (an asynchronous binding) or a
 * function jsonata made is left to jsonata.
 */
import { Unsupported } from "./values.js";

export const LAMBDA = Symbol("fast jsonata lambda");

export interface LambdaInfo {
  arity: number;
  apply: (args: unknown[]) => unknown;
}

export function callFunction(fn: unknown, args: unknown[]): unknown {
  if (typeof fn !== "function") throw new Unsupported("calling a value that is not a function");
  const info = (fn as { [LAMBDA]?: LambdaInfo })[LAMBDA];
  if (info) return info.apply(args);
  if (args.some((a) => typeof a === "function")) throw new Unsupported("a function passed to a native function");
  const result: unknown = (fn as (...a: unknown[]) => unknown)(...args);
  if (result !== null && typeof result === "object" && typeof (result as { then?: unknown }).then === "function") {
    // Settle the promise's rejection here: jsonata, run next, calls the function again.
    (result as Promise<unknown>).catch(() => undefined);
    throw new Unsupported("an asynchronous function");
  }
  return result;
}

/** How many arguments a higher-order function passes (value, index, list), as jsonata counts them. */
export function arityOf(fn: unknown): number {
  const f = fn as { arity?: unknown; length?: number };
  return typeof f.arity === "number" ? f.arity : (f.length ?? 0);
}

/** Call `fn` with as many of (value, index, list) as it declares. */
export function callWith(fn: unknown, value: unknown, index: number, list: unknown): unknown {
  const arity = arityOf(fn);
  const args: unknown[] = [value];
  if (arity >= 2) args.push(index);
  if (arity >= 3) args.push(list);
  return callFunction(fn, args);
}

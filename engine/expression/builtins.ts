/**
 * jsonata's built-in functions the fast evaluator implements, with jsonata's handling of missing
 * values (most give undefined), of the context value (`$uppercase()` reads `$`), and of a single
 * value where a list is expected. Arguments of a type jsonata rejects are left to jsonata
 * (Unsupported), so its error is the one reported. Functions not listed here are left to jsonata.
 */
import { callFunction, callWith, arityOf } from "./call.js";
import { arity, fn, list, num, withContext, type Builtin } from "./builtin-args.js";
import { TEXT_FUNCTIONS } from "./builtin-text.js";
import {
  append,
  deepEqual,
  field,
  isFunction,
  isNumber,
  isSequence,
  mergeSort,
  sequence,
  truthy,
  Unsupported,
} from "./values.js";

export { NO_CONTEXT, type Builtin } from "./builtin-args.js";
export { PATTERN_FUNCTIONS } from "./builtin-text.js";

const table: Record<string, Builtin> = {
  count(args) {
    arity(args, 1, 1);
    const v = args[0];
    return v === undefined ? 0 : Array.isArray(v) ? v.length : 1;
  },
  exists(args) {
    arity(args, 1, 1);
    return args[0] !== undefined;
  },
  not(args, input) {
    const [v] = withContext(args, input, 1);
    arity(args, 0, 1);
    return v === undefined ? undefined : !truthy(v);
  },
  boolean(args, input) {
    const [v] = withContext(args, input, 1);
    arity(args, 0, 1);
    return truthy(v);
  },
  append(args) {
    arity(args, 2, 2);
    return append(args[0], args[1]);
  },
  merge(args) {
    arity(args, 1, 1);
    const objects = list(args[0]);
    if (objects === undefined) return undefined;
    const out: Record<string, unknown> = {};
    for (const o of objects) {
      if (o === null || typeof o !== "object" || Array.isArray(o) || isFunction(o))
        throw new Unsupported("$merge of a non-object");
      for (const k of Object.keys(o)) out[k] = (o as Record<string, unknown>)[k];
    }
    return out;
  },
  lookup(args, input) {
    const [obj, key] = withContext(args, input, 2);
    arity(args, 1, 2);
    if (typeof key !== "string") throw new Unsupported("$lookup key");
    return field(obj, key);
  },
  keys(args, input) {
    const [v] = withContext(args, input, 1);
    arity(args, 0, 1);
    const out = sequence();
    if (Array.isArray(v)) {
      // Gathered as an object's keys, as jsonata does (integer-like keys first, in order), from
      // lists in the list too.
      const all: Record<string, true> = {};
      const gather = (items: unknown[]): void => {
        for (const o of items) {
          if (Array.isArray(o)) gather(o);
          else if (o !== null && typeof o === "object" && !isFunction(o)) for (const k of Object.keys(o)) all[k] = true;
        }
      };
      gather(v);
      // One at a time: spread into push's arguments, 300,000 keys (an api of as many routes) overflowed the stack.
      for (const k of Object.keys(all)) out.push(k);
    } else if (v !== null && typeof v === "object" && !isFunction(v)) for (const k of Object.keys(v)) out.push(k);
    return out;
  },
  map(args) {
    arity(args, 2, 2);
    const f = fn(args[1]);
    const items = list(args[0]);
    if (items === undefined) return undefined;
    const out = sequence();
    items.forEach((v, i) => {
      const r = callWith(f, v, i, items);
      if (r !== undefined) out.push(r);
    });
    return out;
  },
  filter(args) {
    arity(args, 2, 2);
    const f = fn(args[1]);
    const items = list(args[0]);
    if (items === undefined) return undefined;
    const out = sequence();
    items.forEach((v, i) => {
      if (truthy(callWith(f, v, i, items))) out.push(v);
    });
    return out;
  },
  reduce(args) {
    arity(args, 2, 3);
    const f = fn(args[1]);
    const n = arityOf(f);
    if (n < 2) throw new Unsupported("$reduce with a function of fewer than two parameters");
    // Its signature <afj?:j> takes any JSON value to start from, but no function.
    if (isFunction(args[2])) throw new Unsupported("$reduce starting from a function");
    const items = list(args[0]);
    if (items === undefined) return undefined;
    let acc: unknown;
    let i = 0;
    if (args[2] === undefined && items.length > 0) {
      acc = items[0];
      i = 1;
    } else acc = args[2];
    for (; i < items.length; i++) {
      const callArgs: unknown[] = [acc, items[i]];
      if (n >= 3) callArgs.push(i);
      if (n >= 4) callArgs.push(items);
      acc = callFunction(f, callArgs);
    }
    return acc;
  },
  distinct(args) {
    arity(args, 1, 1);
    const v = args[0];
    if (v === undefined) return undefined;
    if (!Array.isArray(v) || v.length <= 1) return v;
    const out: unknown[] = isSequence(v) ? sequence() : [];
    for (const x of v) if (!out.some((y) => deepEqual(x, y))) out.push(x);
    return out;
  },
  sort(args) {
    arity(args, 1, 2);
    if (args.length > 1) fn(args[1]);
    const items = list(args[0]);
    if (items === undefined) return undefined;
    if (items.length <= 1) return items;
    if (args.length < 2) {
      const numbers = items.every(isNumber);
      if (!numbers && !items.every((x) => typeof x === "string")) throw new Unsupported("$sort of mixed values");
      return mergeSort(items, (a, b) => (a as number) > (b as number));
    }
    const f = fn(args[1]);
    return mergeSort(items, (a, b) => Boolean(callFunction(f, [a, b])));
  },
  reverse(args) {
    arity(args, 1, 1);
    const items = list(args[0]);
    if (items === undefined || items.length <= 1) return items;
    return items.slice().reverse();
  },
  type(args) {
    arity(args, 1, 1);
    const v = args[0];
    if (v === undefined) return undefined;
    if (v === null) return "null";
    if (isFunction(v)) return "function";
    if (Array.isArray(v)) return "array";
    return typeof v;
  },
  number(args, input) {
    arity(args, 0, 1);
    const [v] = withContext(args, input, 1);
    if (v === undefined) return undefined;
    if (isNumber(v)) return v;
    if (typeof v === "boolean") return v ? 1 : 0;
    if (typeof v === "string" && /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([Ee][-+]?[0-9]+)?$/.test(v)) {
      const n = Number(v);
      if (Number.isFinite(n)) return n;
    }
    throw new Unsupported("$number of this value");
  },
  sum(args) {
    arity(args, 1, 1);
    const items = numbers(args[0]);
    return items === undefined ? undefined : items.reduce((a, b) => a + b, 0);
  },
  max(args) {
    arity(args, 1, 1);
    const items = numbers(args[0]);
    return items === undefined || items.length === 0 ? undefined : items.reduce((a, b) => Math.max(a, b));
  },
  min(args) {
    arity(args, 1, 1);
    const items = numbers(args[0]);
    return items === undefined || items.length === 0 ? undefined : items.reduce((a, b) => Math.min(a, b));
  },
  floor(args, input) {
    arity(args, 0, 1);
    const n = num(withContext(args, input, 1)[0]);
    return n === undefined ? undefined : Math.floor(n);
  },
  ceil(args, input) {
    arity(args, 0, 1);
    const n = num(withContext(args, input, 1)[0]);
    return n === undefined ? undefined : Math.ceil(n);
  },
  abs(args, input) {
    arity(args, 0, 1);
    const n = num(withContext(args, input, 1)[0]);
    return n === undefined ? undefined : Math.abs(n);
  },
};

function numbers(v: unknown): number[] | undefined {
  const items = list(v);
  if (items !== undefined && !items.every(isNumber)) throw new Unsupported("a list of numbers with other values");
  return items as number[] | undefined;
}

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(Object.entries({ ...table, ...TEXT_FUNCTIONS }));

/** Every function jsonata 2 defines; the ones not in BUILTINS are left to jsonata. */
export const JSONATA_FUNCTIONS: ReadonlySet<string> = new Set(
  (
    "sum count max min average string substring substringBefore substringAfter lowercase uppercase length trim pad match contains replace split join " +
    "formatNumber formatBase formatInteger parseInteger number floor ceil round abs sqrt power random boolean not map zip filter single reduce sift keys " +
    "lookup append exists spread merge reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent encodeUrl " +
    "decodeUrlComponent decodeUrl eval toMillis fromMillis clone now millis"
  ).split(" "),
);

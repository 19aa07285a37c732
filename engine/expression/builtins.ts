/**
 * jsonata's built-in functions the fast evaluator implements, with jsonata's handling of missing
 * values (most give undefined), of the context value (`$uppercase()` reads `$`), and of a single
 * value where a list is expected. Arguments of a type jsonata rejects are left to jsonata
 * (Unsupported), so its error is the one reported. Functions not listed here are left to jsonata.
 */
import { callFunction, callWith, arityOf } from "./call.js";
import { RegexValue, type RegexMatch } from "./regex.js";
import { append, deepEqual, field, isFunction, isNumber, isSequence, mergeSort, sequence, stringOf, truthy, Unsupported } from "./values.js";

export type Builtin = (args: unknown[], input: unknown) => unknown;

/** Given as the context value where jsonata would give another than the evaluator knows (evaluate.ts). */
export const NO_CONTEXT = Symbol("no context value");

/** The arguments, with the context value first when fewer than `needed` were given. */
function withContext(args: unknown[], input: unknown, needed: number): unknown[] {
  if (args.length >= needed) return args;
  if (input === NO_CONTEXT) throw new Unsupported("the context value of a call in tail position");
  return [input, ...args];
}

function str(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "string") throw new Unsupported("a string argument that is not a string");
  return v;
}

function num(v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (!isNumber(v)) throw new Unsupported("a number argument that is not a number");
  return v;
}

function list(v: unknown): unknown[] | undefined {
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v : [v];
}

function fn(v: unknown): unknown {
  if (!isFunction(v)) throw new Unsupported("a function argument that is not a function");
  return v;
}

/**
 * jsonata checks every argument against the function's signature before it looks at any: so
 * does each function here, before it returns early for a missing first argument. Where unsure
 * whether jsonata accepts an argument, the function declines (Unsupported): that only costs time.
 */
function optionalNumber(v: unknown, present: boolean): number | undefined {
  if (!present) return undefined;
  if (!isNumber(v)) throw new Unsupported("a number argument that is not a number");
  return v;
}

function pattern(v: unknown): string | RegexValue {
  if (typeof v === "string") {
    if (v === "") throw new Unsupported("an empty pattern");
    return v;
  }
  if (v instanceof RegexValue) return v;
  throw new Unsupported("a pattern that is neither a string nor a regex");
}

function arity(args: unknown[], min: number, max: number): void {
  if (args.length < min || args.length > max) throw new Unsupported("argument count");
}

/** `$0`, `$1`… and `$$` of a regex replacement string, as jsonata reads them. */
function substitute(replacement: string, m: RegexMatch): string {
  if (m.groups.length >= 10 && /\$[1-9]/.test(replacement)) throw new Unsupported("a replacement naming group 10 or later");
  return replacement.replace(/\$(\$|[0-9]?)/g, (_whole, what: string) => {
    if (what === "$") return "$";
    if (what === "") return "$";
    if (what === "0") return m.match;
    return m.groups[Number(what) - 1] ?? "";
  });
}

/** What $match gives for a match. */
function matchObject(m: RegexMatch): object {
  return { match: m.match, index: m.index, groups: m.groups };
}

/** What jsonata hands a $replace function: the matcher's own result, `next` (left to jsonata) included. */
function replacerArgument(m: RegexMatch): object {
  const next = (): never => {
    throw new Unsupported("next() of a match");
  };
  return { match: m.match, start: m.index, end: m.index + m.match.length, groups: m.groups, next };
}

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
      if (o === null || typeof o !== "object" || Array.isArray(o) || isFunction(o)) throw new Unsupported("$merge of a non-object");
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
      out.push(...Object.keys(all));
    } else if (v !== null && typeof v === "object" && !isFunction(v)) out.push(...Object.keys(v));
    return out;
  },
  string(args, input) {
    const [v, pretty] = withContext(args, input, 1);
    arity(args, 0, 2);
    if (pretty !== undefined && pretty !== false) throw new Unsupported("pretty $string");
    return stringOf(v);
  },
  length(args, input) {
    arity(args, 0, 1);
    const s = str(withContext(args, input, 1)[0]);
    return s === undefined ? undefined : Array.from(s).length;
  },
  lowercase(args, input) {
    arity(args, 0, 1);
    return str(withContext(args, input, 1)[0])?.toLowerCase();
  },
  uppercase(args, input) {
    arity(args, 0, 1);
    return str(withContext(args, input, 1)[0])?.toUpperCase();
  },
  trim(args, input) {
    arity(args, 0, 1);
    const s = str(withContext(args, input, 1)[0]);
    if (s === undefined) return undefined;
    let t = s.replace(/[ \t\n\r]+/g, " ");
    if (t.startsWith(" ")) t = t.slice(1);
    if (t.endsWith(" ")) t = t.slice(0, -1);
    return t;
  },
  substring(args, input) {
    arity(args, 1, 3);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    let start = num(all[1]);
    const length = optionalNumber(all[2], all.length > 2);
    if (start === undefined || !Number.isInteger(start) || (length !== undefined && !Number.isInteger(length))) throw new Unsupported("$substring bounds");
    if (s === undefined) return undefined;
    const chars = Array.from(s);
    if (chars.length + start < 0) start = 0;
    if (length === undefined) return chars.slice(start).join("");
    if (length <= 0) return "";
    const end = start >= 0 ? start + length : chars.length + start + length;
    return chars.slice(start, end).join("");
  },
  substringBefore(args, input) {
    arity(args, 1, 2);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    const chars = str(all[1]);
    if (chars === undefined) throw new Unsupported("$substringBefore without chars");
    if (s === undefined) return undefined;
    const at = s.indexOf(chars);
    return at > -1 ? s.slice(0, at) : s;
  },
  substringAfter(args, input) {
    arity(args, 1, 2);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    const chars = str(all[1]);
    if (chars === undefined) throw new Unsupported("$substringAfter without chars");
    if (s === undefined) return undefined;
    const at = s.indexOf(chars);
    return at > -1 ? s.slice(at + chars.length) : s;
  },
  contains(args, input) {
    arity(args, 1, 2);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    const p = pattern(all[1]);
    if (s === undefined) return undefined;
    return typeof p === "string" ? s.includes(p) : p.test(s);
  },
  split(args, input) {
    arity(args, 1, 3);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    const limit = optionalNumber(all[2], all.length > 2);
    if (limit !== undefined && (limit < 0 || !Number.isInteger(limit))) throw new Unsupported("$split limit");
    const sep = all[1];
    if (typeof sep !== "string" && !(sep instanceof RegexValue)) throw new Unsupported("$split separator");
    if (s === undefined) return undefined;
    if (typeof sep === "string") return s.split(sep, limit);
    const parts: string[] = [];
    let from = 0;
    for (const m of sep.matches(s)) {
      parts.push(s.slice(from, m.index));
      from = m.index + m.match.length;
    }
    parts.push(s.slice(from));
    return limit === undefined ? parts : parts.slice(0, limit);
  },
  join(args) {
    arity(args, 1, 2);
    const strings = list(args[0]);
    if (args.length > 1 && typeof args[1] !== "string") throw new Unsupported("$join separator");
    if (strings === undefined) return undefined;
    if (!strings.every((s) => typeof s === "string")) throw new Unsupported("$join of non-strings");
    return strings.join(args.length > 1 ? (args[1] as string) : "");
  },
  replace(args, input) {
    arity(args, 2, 4);
    const all = withContext(args, input, 3);
    const s = str(all[0]);
    const p = pattern(all[1]);
    const replacement = all[2];
    const limit = optionalNumber(all[3], all.length > 3);
    if (limit !== undefined && (limit < 0 || !Number.isInteger(limit))) throw new Unsupported("$replace limit");
    if (typeof replacement !== "string" && !isFunction(replacement)) throw new Unsupported("$replace replacement");
    if (s === undefined) return undefined;
    if (typeof p === "string") {
      if (typeof replacement !== "string") throw new Unsupported("$replace of a string by a function");
      const parts = s.split(p);
      if (limit === undefined || limit >= parts.length - 1) return parts.join(replacement);
      return parts.slice(0, limit + 1).join(replacement) + p + parts.slice(limit + 1).join(p);
    }
    let out = "";
    let from = 0;
    for (const m of p.matches(s, limit)) {
      out += s.slice(from, m.index);
      if (typeof replacement === "string") out += substitute(replacement, m);
      else {
        const r = callFunction(replacement, [replacerArgument(m)]);
        if (typeof r !== "string") throw new Unsupported("a replacement function not giving a string");
        out += r;
      }
      from = m.index + m.match.length;
    }
    return out + s.slice(from);
  },
  match(args, input) {
    arity(args, 1, 3);
    const all = withContext(args, input, 2);
    const s = str(all[0]);
    if (!(all[1] instanceof RegexValue)) throw new Unsupported("$match pattern");
    const limit = optionalNumber(all[2], all.length > 2);
    if (limit !== undefined && (limit < 0 || !Number.isInteger(limit))) throw new Unsupported("$match limit");
    if (s === undefined) return undefined;
    return sequence(...all[1].matches(s, limit).map(matchObject));
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
    return items === undefined || items.length === 0 ? undefined : Math.max(...items);
  },
  min(args) {
    arity(args, 1, 1);
    const items = numbers(args[0]);
    return items === undefined || items.length === 0 ? undefined : Math.min(...items);
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

export const BUILTINS: ReadonlyMap<string, Builtin> = new Map(Object.entries(table));

/** The functions that take a regex literal as a pattern. */
export const PATTERN_FUNCTIONS: ReadonlySet<Builtin> = new Set([table["contains"]!, table["split"]!, table["replace"]!, table["match"]!]);

/** Every function jsonata 2 defines; the ones not in BUILTINS are left to jsonata. */
export const JSONATA_FUNCTIONS: ReadonlySet<string> = new Set(
  ("sum count max min average string substring substringBefore substringAfter lowercase uppercase length trim pad match contains replace split join " +
    "formatNumber formatBase formatInteger parseInteger number floor ceil round abs sqrt power random boolean not map zip filter single reduce sift keys " +
    "lookup append exists spread merge reverse each error assert type sort shuffle distinct base64encode base64decode encodeUrlComponent encodeUrl " +
    "decodeUrlComponent decodeUrl eval toMillis fromMillis clone now millis").split(" "),
);

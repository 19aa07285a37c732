/** jsonata's string functions the fast evaluator implements (builtins.ts lists them all). */
import { callFunction } from "./call.js";
import { arity, list, num, optionalNumber, pattern, str, withContext, type Builtin } from "./builtin-args.js";
import { RegexValue, type RegexMatch } from "./regex.js";
import { isFunction, sequence, stringOf, Unsupported } from "./values.js";

/** `$0`, `$1`… and `$$` of a regex replacement string, as jsonata reads them. */
function substitute(replacement: string, m: RegexMatch): string {
  if (m.groups.length >= 10 && /\$[1-9]/.test(replacement))
    throw new Unsupported("a replacement naming group 10 or later");
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

/** $substringBefore and $substringAfter: `cut` gets the string, where `chars` start in it, and `chars`. */
function around(args: unknown[], input: unknown, cut: (s: string, at: number, chars: string) => string): unknown {
  arity(args, 1, 2);
  const all = withContext(args, input, 2);
  const s = str(all[0]);
  const chars = str(all[1]);
  if (chars === undefined) throw new Unsupported("a missing substring");
  if (s === undefined) return undefined;
  const at = s.indexOf(chars);
  return at > -1 ? cut(s, at, chars) : s;
}

export const TEXT_FUNCTIONS: Record<string, Builtin> = {
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
    if (start === undefined || !Number.isInteger(start) || (length !== undefined && !Number.isInteger(length)))
      throw new Unsupported("$substring bounds");
    if (s === undefined) return undefined;
    const chars = Array.from(s);
    if (chars.length + start < 0) start = 0;
    if (length === undefined) return chars.slice(start).join("");
    if (length <= 0) return "";
    const end = start >= 0 ? start + length : chars.length + start + length;
    return chars.slice(start, end).join("");
  },
  substringBefore: (args, input) => around(args, input, (s, at) => s.slice(0, at)),
  substringAfter: (args, input) => around(args, input, (s, at, chars) => s.slice(at + chars.length)),
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
};

/** The functions that take a regex literal as a pattern. */
export const PATTERN_FUNCTIONS: ReadonlySet<Builtin> = new Set([
  TEXT_FUNCTIONS["contains"]!,
  TEXT_FUNCTIONS["split"]!,
  TEXT_FUNCTIONS["replace"]!,
  TEXT_FUNCTIONS["match"]!,
]);

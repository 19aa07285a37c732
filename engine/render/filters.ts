import { minimatch } from "minimatch";
import { cString, escapeFilters } from "./escape-filters.js";
import { secretPlaceholder } from "../secrets/index.js";

/** Generic string and data filters for pack templates. Nothing here knows any target language. */

const wordPattern = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

export function words(input: unknown): string[] {
  return String(input ?? "").match(wordPattern) ?? [];
}

const upperFirstWord = (w: string): string => w.charAt(0).toUpperCase() + w.slice(1);
const lowerFirstWord = (w: string): string => w.charAt(0).toLowerCase() + w.slice(1);

/** get_user, getUser, GetUser → GetUser (inner capitals are kept: userID → UserID). */
export function pascal(input: unknown): string {
  return words(input).map(upperFirstWord).join("");
}

/** get_user, GetUser → getUser; a leading acronym is lowered whole (URLPath → urlPath). */
export function camel(input: unknown): string {
  const list = words(input);
  const [first, ...rest] = list;
  if (first === undefined) return "";
  const head = first === first.toUpperCase() ? first.toLowerCase() : lowerFirstWord(first);
  return head + rest.map(upperFirstWord).join("");
}

export function snake(input: unknown): string {
  return words(input)
    .map((w) => w.toLowerCase())
    .join("_");
}

export function kebab(input: unknown): string {
  return words(input)
    .map((w) => w.toLowerCase())
    .join("-");
}

export function dirname(input: unknown): string {
  const s = String(input ?? "");
  const i = s.lastIndexOf("/");
  return i < 0 ? "" : s.slice(0, i);
}

export function basename(input: unknown): string {
  const s = String(input ?? "").replace(/\/+$/, "");
  return s.slice(s.lastIndexOf("/") + 1);
}

/**
 * JSON text; invisible format characters (a right-to-left override...), which can only be inside
 * its strings, are written as `\uXXXX` escapes as the escaping filters write them (same value).
 */
export function json(input: unknown, space?: unknown): string {
  const text = JSON.stringify(input ?? null, null, typeof space === "number" ? space : undefined) as string | undefined;
  // undefined (a function was given) stays what it was.
  return text?.replace(/\p{Cf}/gu, (c) =>
    c.length === 1 ? "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0") : c,
  ) as string;
}

/** Prefix every non-empty line after the first with `n` spaces (or the given string). */
export function indent(input: unknown, by: unknown = 2, first: unknown = false): string {
  const pad = typeof by === "number" ? " ".repeat(by) : String(by);
  return String(input ?? "")
    .split("\n")
    .map((line, i) => ((i > 0 || first === true) && line.length > 0 ? pad + line : line))
    .join("\n");
}

export function unique(input: unknown, key?: unknown): unknown[] {
  const list = Array.isArray(input) ? input : [];
  const seen = new Set<unknown>();
  return list.filter((x) => {
    const k = typeof key === "string" && x && typeof x === "object" ? (x as Record<string, unknown>)[key] : x;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

export function sortBy(input: unknown, key?: unknown): unknown[] {
  const list = Array.isArray(input) ? [...input] : [];
  const pick = (x: unknown): string =>
    String(typeof key === "string" && x && typeof x === "object" ? (x as Record<string, unknown>)[key] : x);
  return list.sort((a, b) => (pick(a) < pick(b) ? -1 : pick(a) > pick(b) ? 1 : 0));
}

export function trimPrefix(input: unknown, prefix: unknown): string {
  const s = String(input ?? "");
  const p = String(prefix ?? "");
  return p && s.startsWith(p) ? s.slice(p.length) : s;
}

export function trimSuffix(input: unknown, suffix: unknown): string {
  const s = String(input ?? "");
  const p = String(suffix ?? "");
  return p && s.endsWith(p) ? s.slice(0, -p.length) : s;
}

export function regexReplace(input: unknown, pattern: unknown, replacement: unknown = ""): string {
  return String(input ?? "").replace(new RegExp(String(pattern), "g"), String(replacement));
}

export function regexMatch(input: unknown, pattern: unknown): boolean {
  return new RegExp(String(pattern)).test(String(input ?? ""));
}

/** A double-quoted string literal that JSON and any C-like language read alike (c_string). */
export function quote(input: unknown): string {
  return cString(input);
}

/** Join path segments with "/", dropping empty ones. */
export function joinPath(input: unknown, ...more: unknown[]): string {
  return [input, ...more]
    .flatMap((p) => (Array.isArray(p) ? p : [p]))
    .map((p) => String(p ?? ""))
    .filter((p) => p.length > 0)
    .join("/")
    .replace(/\/{2,}/g, "/");
}

export function keys(input: unknown): string[] {
  return input && typeof input === "object" ? Object.keys(input) : [];
}

export function pad(input: unknown, width: unknown): string {
  return String(input ?? "").padEnd(Number(width) || 0);
}

export function upperFirst(input: unknown): string {
  return upperFirstWord(String(input ?? ""));
}

export function lowerFirst(input: unknown): string {
  return lowerFirstWord(String(input ?? ""));
}

/** True when the string matches one of the globs (a glob or a list of them). */
export function globMatch(input: unknown, patterns: unknown): boolean {
  const list = Array.isArray(patterns) ? patterns : [patterns];
  return list.some((p) => typeof p === "string" && minimatch(String(input ?? ""), p));
}

export const filters: Record<string, (...args: never[]) => unknown> = {
  pascal,
  camel,
  snake,
  kebab,
  dirname,
  basename,
  json,
  indent,
  unique,
  sort_by: sortBy,
  trim_prefix: trimPrefix,
  trim_suffix: trimSuffix,
  regex_replace: regexReplace,
  regex_match: regexMatch,
  quote,
  join_path: joinPath,
  keys,
  pad,
  words,
  upper_first: upperFirst,
  glob_match: globMatch,
  lower_first: lowerFirst,
  lower: (s: unknown) => String(s ?? "").toLowerCase(),
  upper: (s: unknown) => String(s ?? "").toUpperCase(),
  // `{{ 32 | secret }}`: that many random bytes, filled in when a merge file's key is added (secrets/placeholders.ts).
  secret: secretPlaceholder,
  ...escapeFilters,
};

/**
 * Struct field tags (`json:"name,optional" path:"id"`), read the way Go's vet reads them:
 * key:"value" pairs separated by spaces, each value a Go double-quoted string. A value of a
 * key vet checks for spaces (json, xml, asn1) with a space next to a comma is tidied (the
 * meaning is plain); any other suspicious space is an error. Internal to the api reader.
 */
import type { ApiTag } from "../../ir/index.js";

/**
 * `tag` is the text to emit (tidied when `tidied` lists what changed); `valueOffsets[i]` is
 * where the value of `tags[i]` starts in the raw text (just after its opening quote).
 */
export type TagResult =
  | { tags: Omit<ApiTag, "pos">[]; valueOffsets: number[]; tag: string; tidied: string[] }
  | { error: string; offset: number };

interface Pair {
  key: string;
  keyStart: number;
  /** Offsets of the opening and closing quote of the value. */
  open: number;
  close: number;
  value: string;
}

/** Parse the text between the backquotes; `offset` of an error is relative to that text. */
export function parseTags(raw: string): TagResult {
  const pairs = splitPairs(raw);
  if ("error" in pairs) return pairs;
  let tag = raw;
  const tidied: string[] = [];
  // Replace from the end so earlier offsets stay valid.
  for (const p of [...pairs].reverse()) {
    const space = spaceProblem(p.key, p.value);
    if (!space) continue;
    const tidy = tidyValue(p.key, p.value);
    if (spaceProblem(p.key, tidy))
      return { error: `suspicious space in ${p.key} tag value ${JSON.stringify(p.value)}`, offset: p.open + 1 };
    p.value = tidy;
    tag = `${tag.slice(0, p.open)}${JSON.stringify(tidy)}${tag.slice(p.close + 1)}`;
    tidied.unshift(`${p.key}:${JSON.stringify(tidy)}`);
  }
  const tags: Omit<ApiTag, "pos">[] = [];
  for (const p of pairs) {
    if (tags.some((t) => t.key === p.key)) return { error: `tag key ${p.key} is repeated`, offset: p.keyStart };
    const [name = "", ...options] = segments(p.value);
    tags.push({ key: p.key, name, options, value: p.value });
  }
  return { tags, valueOffsets: pairs.map((p) => p.open + 1), tag, tidied };
}

/** A value's comma-separated parts; a comma inside [brackets] stays in its part (`options=[a,b]`). */
function segments(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (c === "[") depth++;
    else if (c === "]" && depth > 0) depth--;
    else if (c === "," && depth === 0) {
      parts.push(value.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(value.slice(start));
  return parts;
}

/** The pairs of a tag, with go vet's syntax rules (reflect's, plus: pairs separated by spaces). */
function splitPairs(raw: string): Pair[] | { error: string; offset: number } {
  const pairs: Pair[] = [];
  let i = 0;
  while (i < raw.length) {
    if (pairs.length > 0 && raw[i] !== " ")
      return { error: 'key:"value" pairs must be separated by spaces', offset: i };
    while (raw[i] === " ") i++;
    if (i >= raw.length) break;
    const keyStart = i;
    while (i < raw.length && raw.charCodeAt(i) > 32 && raw[i] !== ":" && raw[i] !== '"' && raw.charCodeAt(i) !== 0x7f)
      i++;
    const key = raw.slice(keyStart, i);
    if (key === "") return { error: `expected a tag key, found ${JSON.stringify(raw[i])}`, offset: i };
    if (raw[i] !== ":" || raw[i + 1] !== '"')
      return { error: `tag key ${key} must be followed by :"value"`, offset: i };
    const open = i + 1;
    i = open + 1;
    while (i < raw.length && raw[i] !== '"') i += raw[i] === "\\" ? 2 : 1;
    if (i >= raw.length) return { error: `tag ${key} has no closing quote`, offset: keyStart };
    const value = unquote(raw.slice(open + 1, i));
    if (value === null) return { error: `tag ${key} has a value that is not a valid Go string`, offset: open };
    pairs.push({ key, keyStart, open, close: i, value });
    i++;
  }
  return pairs;
}

const SIMPLE: Record<string, string> = {
  a: "\x07",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  "\\": "\\",
  '"': '"',
};

/** The text of a Go double-quoted string's body, or null when Go would not accept it. */
function unquote(body: string): string | null {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (ch === "\n") return null;
    if (ch !== "\\") {
      out += ch;
      continue;
    }
    const e = body[i + 1] ?? "";
    const simple = SIMPLE[e];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const hex = e === "x" ? 2 : e === "u" ? 4 : e === "U" ? 8 : 0;
    const digits = hex > 0 ? body.slice(i + 2, i + 2 + hex) : body.slice(i + 1, i + 4);
    const ok = hex > 0 ? new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits) : /^[0-3][0-7]{2}$/.test(digits);
    if (!ok) return null;
    const code = parseInt(digits, hex > 0 ? 16 : 8);
    if (code > 0x10ffff || (code >= 0xd800 && code < 0xe000 && hex >= 4)) return null;
    out += String.fromCodePoint(code);
    i += hex > 0 ? 1 + hex : 3;
  }
  return out;
}

/** go vet's "suspicious space in struct tag value" rule, for the keys it applies to. */
function spaceProblem(key: string, value: string): boolean {
  if (key === "xml") {
    if (value.trim() !== value || value.split(" ").length - 1 > 1) return true;
    const comma = value.indexOf(",");
    if (comma < 0) return false;
    if (comma > 0 && value[comma - 1] === " ") return true;
    return value.slice(comma + 1).includes(" ");
  }
  if (key === "json") {
    const comma = value.indexOf(",");
    return comma >= 0 && value.slice(comma + 1).includes(" ");
  }
  if (key === "asn1") return value.includes(" ");
  return false;
}

/** Spaces around commas and at the ends dropped (a json name keeps its own spaces). */
function tidyValue(key: string, value: string): string {
  const [name = "", ...options] = value.split(",");
  return [key === "json" ? name : name.trim(), ...options.map((o) => o.trim())].join(",");
}

/**
 * True when a tag carries the `optional` option (`optional`, or `optional=other` naming the
 * field it depends on). `omitempty` is no such option: a request must still carry the field.
 */
export function isOptional(tags: Omit<ApiTag, "pos">[]): boolean {
  return tags.some((t) => t.options.some((o) => o === "optional" || o.startsWith("optional=")));
}

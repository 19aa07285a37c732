/**
 * Column defaults: one canonical SQL text for a default, whether it was written in DDL or
 * reported by a database (MariaDB's `current_timestamp()`, PostgreSQL's `'x'::text`,
 * `'-1'::integer`, SQLite's text as written). Internal to the SQL reader.
 *
 * Canonical forms: NULL → no default; string literals single-quoted (`'x'`, quotes doubled);
 * numbers in numeric columns unquoted without redundant zeros (`1.50` → `1.5`, `'0'` → `0`);
 * numbers in other columns quoted (`'0'`); booleans `true`/`false`; now()/current_timestamp()/
 * localtimestamp → `CURRENT_TIMESTAMP` (with `(n)` when a precision is given), curdate() →
 * `CURRENT_DATE`, curtime() → `CURRENT_TIME`; outer parentheses and casts of literals dropped;
 * other expressions re-spaced with lower-case words. `nextval(...)` marks a serial column.
 */
import type { SqlDialect, SqlTypeFamily } from "../../ir/index.js";
import { type Token, tokenize } from "./lexer.js";

export interface DefaultInfo {
  default: string | null;
  /** The default draws from a sequence (PostgreSQL serial). */
  sequence: boolean;
}

const TRUE_WORDS = new Set(["1", "t", "true", "y", "yes", "on"]);
const FALSE_WORDS = new Set(["0", "f", "false", "n", "no", "off"]);
const NUMERIC: ReadonlySet<SqlTypeFamily> = new Set(["int", "float", "decimal"]);

export function normalizeDefault(text: string | null, family: SqlTypeFamily, dialect: SqlDialect): DefaultInfo {
  if (text === null) return { default: null, sequence: false };
  let tokens: Token[];
  try {
    tokens = tokenize(text, dialect).filter((t) => t.kind !== "end");
  } catch {
    return { default: text.trim() || null, sequence: false };
  }
  tokens = stripParens(tokens);
  const cast = topLevelIndex(tokens, "::");
  if (cast > 0) {
    const head = stripParens(tokens.slice(0, cast));
    if (literal(head) !== null) tokens = head;
  }
  if (tokens.length === 0) return { default: null, sequence: false };
  const first = tokens[0]!;
  if (first.kind === "word" && first.value === "nextval" && tokens[1]?.text === "(")
    return { default: null, sequence: true };
  return { default: canonical(tokens, family, dialect), sequence: false };
}

type Literal =
  | { kind: "null" }
  | { kind: "string"; value: string }
  | { kind: "number"; text: string }
  | { kind: "bool"; value: boolean };

function literal(tokens: Token[]): Literal | null {
  const [a, b] = tokens;
  if (!a) return null;
  if (tokens.length === 1) {
    if (a.kind === "word" && a.value === "null") return { kind: "null" };
    if (a.kind === "word" && (a.value === "true" || a.value === "false"))
      return { kind: "bool", value: a.value === "true" };
    if (a.kind === "string") return { kind: "string", value: a.value };
    if (a.kind === "number") return { kind: "number", text: a.text };
  }
  if (tokens.length === 2 && a.kind === "punct" && (a.text === "-" || a.text === "+") && b?.kind === "number") {
    return { kind: "number", text: a.text + b.text };
  }
  return null;
}

function canonical(tokens: Token[], family: SqlTypeFamily, dialect: SqlDialect): string | null {
  const lit = literal(tokens);
  if (lit) {
    switch (lit.kind) {
      case "null":
        return null;
      case "bool":
        if (family === "bool") return String(lit.value);
        return NUMERIC.has(family) ? (lit.value ? "1" : "0") : String(lit.value);
      case "number":
        if (family === "bool") return canonNumber(lit.text) === "0" ? "false" : "true";
        return NUMERIC.has(family) || family === "unknown"
          ? canonNumber(lit.text)
          : quote(lit.text.replace(/^\+/, ""), dialect);
      case "string": {
        const v = lit.value;
        if (family === "bool" && TRUE_WORDS.has(v.toLowerCase())) return "true";
        if (family === "bool" && FALSE_WORDS.has(v.toLowerCase())) return "false";
        if (NUMERIC.has(family) && /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/.test(v))
          return canonNumber(v.trim());
        return quote(v, dialect);
      }
    }
  }
  const time = timeFunction(tokens);
  if (time) return time;
  return render(tokens, dialect);
}

/** now(), current_timestamp(3), curdate(), ... → CURRENT_TIMESTAMP(3), CURRENT_DATE, ... */
function timeFunction(tokens: Token[]): string | null {
  const [a, b, c, d] = tokens;
  if (a?.kind !== "word") return null;
  let arg = "";
  if (tokens.length === 1) arg = "";
  else if (tokens.length === 3 && b?.text === "(" && c?.text === ")") arg = "";
  else if (tokens.length === 4 && b?.text === "(" && c?.kind === "number" && d?.text === ")")
    arg = c.text === "0" ? "" : `(${c.text})`;
  else return null;
  const bare = tokens.length === 1;
  switch (a.value) {
    case "current_timestamp":
    case "localtimestamp":
      return `CURRENT_TIMESTAMP${arg}`;
    case "now":
      return bare ? null : `CURRENT_TIMESTAMP${arg}`;
    case "current_date":
      return "CURRENT_DATE";
    case "curdate":
      return bare ? null : "CURRENT_DATE";
    case "current_time":
      return `CURRENT_TIME${arg}`;
    case "curtime":
      return bare ? null : `CURRENT_TIME${arg}`;
    default:
      return null;
  }
}

function quote(value: string, dialect: SqlDialect): string {
  const body = dialect === "mysql" ? value.replace(/\\/g, "\\\\") : value;
  return `'${body.replace(/'/g, "''")}'`;
}

/** `+001.500` → `1.5`, `-0` → `0`; exponents are kept as written (lower case). */
export function canonNumber(text: string): string {
  let t = text.trim().replace(/^\+/, "");
  if (/e/i.test(t)) return t.toLowerCase();
  let sign = "";
  if (t.startsWith("-")) [sign, t] = ["-", t.slice(1)];
  let [int = "", frac = ""] = t.split(".");
  int = int.replace(/^0+(?=\d)/, "") || "0";
  frac = frac.replace(/0+$/, "");
  const out = frac ? `${int}.${frac}` : int;
  return out === "0" ? "0" : sign + out;
}

/**
 * Drops parentheses that wrap the whole expression, however many. One pass over the tokens:
 * peeling one pair at a time and looking for its match again each time was quadratic, and a
 * default nested 32,000 deep took seconds to read.
 */
function stripParens(tokens: Token[]): Token[] {
  const match = closingIndexes(tokens);
  let lo = 0;
  let hi = tokens.length - 1;
  while (hi - lo >= 1 && tokens[lo]!.text === "(" && match[lo] === hi) {
    lo++;
    hi--;
  }
  return lo === 0 ? tokens : tokens.slice(lo, hi + 1);
}

/** For each `(` punctuation token, the index of its `)` (-1 when unclosed); other indexes hold -1. */
function closingIndexes(tokens: Token[]): Int32Array {
  const match = new Int32Array(tokens.length).fill(-1);
  const open: number[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== "punct") continue;
    if (t.text === "(") open.push(k);
    else if (t.text === ")") {
      const o = open.pop();
      if (o !== undefined) match[o] = k;
    }
  }
  return match;
}

function topLevelIndex(tokens: Token[], text: string): number {
  let depth = 0;
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind !== "punct") continue;
    if (t.text === "(") depth++;
    else if (t.text === ")") depth--;
    else if (depth === 0 && t.text === text) return k;
  }
  return -1;
}

/** Re-spaces an expression: `f(a, b)`, `a + b`, words in lower case. */
function render(tokens: Token[], dialect: SqlDialect): string {
  let out = "";
  let prev: Token | undefined;
  for (const t of tokens) {
    const text = t.kind === "word" ? t.value : t.kind === "string" ? quote(t.value, dialect) : t.text;
    const noSpaceBefore = t.kind === "punct" && [")", ",", ".", "::"].includes(t.text);
    const callParen =
      t.kind === "punct" && t.text === "(" && prev !== undefined && (prev.kind === "word" || prev.kind === "qident");
    const noSpaceAfterPrev = prev !== undefined && prev.kind === "punct" && ["(", ".", "::"].includes(prev.text);
    if (out && !noSpaceBefore && !callParen && !noSpaceAfterPrev) out += " ";
    out += text;
    prev = t;
  }
  return out;
}

/**
 * Tokenizer for SQL scripts as real dumps write them. Internal to the SQL reader.
 *
 * Handles `--`, `#` (MySQL), nested `/* *\/` comments, MySQL executable comments
 * (`/*!40101 ... *\/`, whose body is read as code), quoted strings with each dialect's
 * escapes, quoted identifiers, PostgreSQL dollar quoting, the data lines after pg_dump's
 * `COPY ... FROM stdin;` (up to `\.`) and the `DELIMITER` command of MySQL dumps.
 * Statement terminators come out as tokens of kind "end". Data statements (INSERT, REPLACE)
 * keep only their first tokens: the rest is scanned for its end without making tokens,
 * which keeps large dumps fast.
 */
import type { SqlDialect } from "../../ir/index.js";

export type TokenKind =
  | "word" // bare identifier or keyword
  | "qident" // "x", `x` or [x]
  | "string" // '...', E'...', N'...', $$...$$, _utf8mb4'...'
  | "number"
  | "hex" // X'..', B'..', 0x.., 0b..
  | "punct" // ( ) , . ; = :: and other operators
  | "param" // ?, $1, :name, @var, @@var
  | "end"; // statement terminator

export interface Token {
  kind: TokenKind;
  /** Source text of the token. */
  text: string;
  /** Unquoted value for strings and quoted identifiers; lower-case text for words. */
  value: string;
  start: number;
  end: number;
  /** For "qident": the quote character used. */
  quote?: string;
}

/** A lexing problem at a character offset. */
export class LexError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const WORD_START = /[A-Za-z_\u0080-\uffff]/;
const WORD_PART = /[A-Za-z0-9_$\u0080-\uffff]/;
const DIGIT = /[0-9]/;
const OPERATORS = ["::", "<=", ">=", "<>", "!=", "||", "=>", ":=", "->>", "->", "<<", ">>"];

export function tokenize(src: string, dialect: SqlDialect): Token[] {
  const out: Token[] = [];
  const mysql = dialect === "mysql";
  const pg = dialect === "postgres";
  let delimiter = ";";
  let execComment = 0; // depth of open MySQL executable comments
  let i = 0;
  const n = src.length;
  let inStatement = 0; // tokens of the current statement so far
  let dataStatement = false;
  const push = (kind: TokenKind, start: number, end: number, value?: string, quote?: string) => {
    const text = src.slice(start, end);
    const t: Token = { kind, text, value: value ?? (kind === "word" ? text.toLowerCase() : text), start, end };
    if (quote) t.quote = quote;
    out.push(t);
    if (kind === "end") {
      inStatement = 0;
      dataStatement = false;
    } else if (inStatement++ === 0) dataStatement = kind === "word" && (t.value === "insert" || t.value === "replace");
  };

  while (i < n) {
    if (dataStatement && inStatement >= 6 && execComment === 0) {
      i = skipToDelimiter(src, i, dialect, delimiter);
      dataStatement = false;
      continue;
    }
    const c = src[i]!;
    const next = src[i + 1] ?? "";
    // whitespace
    if (c === " " || c === "\t" || c === "\n" || c === "\r" || c === "\f" || c === "\v") {
      i++;
      continue;
    }
    // DELIMITER command (mysql client), only at the start of a line
    if (mysql && (c === "D" || c === "d") && atLineStart(src, i) && /^delimiter[ \t]+\S/i.test(src.slice(i, i + 12))) {
      const lineEnd = indexOrEnd(src, "\n", i);
      const arg =
        src
          .slice(i + 9, lineEnd)
          .trim()
          .split(/\s+/)[0] ?? ";";
      delimiter = arg;
      i = lineEnd;
      continue;
    }
    // custom delimiter
    if (delimiter !== ";" && src.startsWith(delimiter, i)) {
      push("end", i, i + delimiter.length);
      i += delimiter.length;
      continue;
    }
    // comments
    if (c === "-" && next === "-" && (!mysql || /[\s]/.test(src[i + 2] ?? "\n"))) {
      i = indexOrEnd(src, "\n", i);
      continue;
    }
    if (c === "#" && mysql) {
      i = indexOrEnd(src, "\n", i);
      continue;
    }
    if (c === "/" && next === "*") {
      if (mysql && (src[i + 2] === "!" || (src[i + 2] === "M" && src[i + 3] === "!"))) {
        // executable comment: skip the marker and version, read the body as code
        i += src[i + 2] === "!" ? 3 : 4;
        while (i < n && DIGIT.test(src[i]!)) i++;
        execComment++;
        continue;
      }
      i = skipBlockComment(src, i, pg);
      continue;
    }
    if (c === "*" && next === "/" && execComment > 0) {
      execComment--;
      i += 2;
      continue;
    }
    // strings
    if (c === "'") {
      const [value, end] = readQuoted(src, i, "'", mysql);
      push("string", i, end, value);
      i = end;
      continue;
    }
    if ((c === "E" || c === "e") && next === "'" && pg) {
      const [value, end] = readQuoted(src, i + 1, "'", true);
      push("string", i, end, value);
      i = end;
      continue;
    }
    if ((c === "N" || c === "n") && next === "'") {
      const [value, end] = readQuoted(src, i + 1, "'", mysql);
      push("string", i, end, value);
      i = end;
      continue;
    }
    if ((c === "X" || c === "x" || c === "B" || c === "b") && next === "'") {
      const [, end] = readQuoted(src, i + 1, "'", false);
      push("hex", i, end, src.slice(i, end).toLowerCase());
      i = end;
      continue;
    }
    if (c === "_" && mysql) {
      // charset introducer: _utf8mb4'abc'
      const m = /^_[A-Za-z0-9]+'/.exec(src.slice(i, i + 24));
      if (m) {
        const [value, end] = readQuoted(src, i + m[0].length - 1, "'", true);
        push("string", i, end, value);
        i = end;
        continue;
      }
    }
    if (c === '"') {
      const [value, end] = readQuoted(src, i, '"', mysql);
      push("qident", i, end, value, '"');
      i = end;
      continue;
    }
    if (c === "`") {
      const [value, end] = readQuoted(src, i, "`", false);
      push("qident", i, end, value, "`");
      i = end;
      continue;
    }
    if (c === "[" && dialect === "sqlite") {
      const close = src.indexOf("]", i + 1);
      if (close < 0) throw new LexError("unterminated [identifier]", i);
      push("qident", i, close + 1, src.slice(i + 1, close), "[");
      i = close + 1;
      continue;
    }
    // dollar quoting and $1 parameters
    if (c === "$" && pg) {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(src.slice(i, i + 66));
      if (m) {
        const tag = m[0];
        const close = src.indexOf(tag, i + tag.length);
        if (close < 0) throw new LexError(`unterminated dollar-quoted string ${tag}`, i);
        push("string", i, close + tag.length, src.slice(i + tag.length, close));
        i = close + tag.length;
        continue;
      }
      const p = /^\$[0-9]+/.exec(src.slice(i, i + 12));
      if (p) {
        push("param", i, i + p[0].length);
        i += p[0].length;
        continue;
      }
    }
    // numbers
    if (DIGIT.test(c) || (c === "." && DIGIT.test(next))) {
      const m = /^(0x[0-9A-Fa-f]+|0b[01]+)(?![A-Za-z0-9_])/.exec(src.slice(i, i + 200));
      if (m) {
        push("hex", i, i + m[0].length, m[0].toLowerCase());
        i += m[0].length;
        continue;
      }
      const num = /^(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?/.exec(src.slice(i, i + 200))!;
      let end = i + num[0].length;
      // MySQL allows identifiers that start with digits (1col)
      if (mysql && WORD_START.test(src[end] ?? "") && !/[eE]/.test(src[end] ?? "")) {
        while (end < n && WORD_PART.test(src[end]!)) end++;
        push("word", i, end);
      } else push("number", i, end);
      i = end;
      continue;
    }
    // words
    if (WORD_START.test(c)) {
      let end = i + 1;
      while (end < n && WORD_PART.test(src[end]!)) end++;
      push("word", i, end);
      i = end;
      continue;
    }
    // parameters and variables
    if (c === "?") {
      push("param", i, i + 1);
      i++;
      continue;
    }
    if (c === "@") {
      let end = i + 1;
      if (src[end] === "@") end++;
      while (end < n && (WORD_PART.test(src[end]!) || src[end] === ".")) end++;
      push("param", i, end);
      i = end;
      continue;
    }
    if (c === ";") {
      push(delimiter === ";" ? "end" : "punct", i, i + 1);
      i++;
      if (pg && delimiter === ";" && copiesFromStdin(out)) i = skipCopyData(src, i);
      continue;
    }
    const op = OPERATORS.find((o) => src.startsWith(o, i));
    if (op) {
      push("punct", i, i + op.length);
      i += op.length;
      continue;
    }
    push("punct", i, i + 1);
    i++;
  }
  return out;
}

/** Offset of the next statement delimiter outside strings, quoted names and comments. */
function skipToDelimiter(src: string, from: number, dialect: SqlDialect, delimiter: string): number {
  const mysql = dialect === "mysql";
  let i = from;
  while (i < src.length) {
    const c = src[i]!;
    if (src.startsWith(delimiter, i)) return i;
    if (c === "'" || c === '"' || c === "`") {
      const escapes =
        mysql ||
        (c === "'" &&
          dialect === "postgres" &&
          /[eE]/.test(src[i - 1] ?? "") &&
          !/[A-Za-z0-9_]/.test(src[i - 2] ?? ""));
      i = skipQuoted(src, i, c, escapes && c !== "`");
    } else if (c === "-" && src[i + 1] === "-" && (!mysql || /\s/.test(src[i + 2] ?? "\n")))
      i = indexOrEnd(src, "\n", i);
    else if (c === "#" && mysql) i = indexOrEnd(src, "\n", i);
    else if (c === "/" && src[i + 1] === "*")
      i = src[i + 2] === "!" ? i + 3 : skipBlockComment(src, i, dialect === "postgres");
    else if (c === "*" && src[i + 1] === "/") i += 2;
    else i++;
  }
  return i;
}

/** The statement just ended is `COPY ... FROM stdin`. */
function copiesFromStdin(out: Token[]): boolean {
  let k = out.length - 2;
  while (k >= 0 && out[k]!.kind !== "end") k--;
  const first = out[k + 1];
  if (first?.value !== "copy") return false;
  const stmt = out.slice(k + 1, -1);
  return stmt.some((t, j) => t.value === "from" && stmt[j + 1]?.value === "stdin");
}

/** Skips pg_dump's COPY data: every line up to and including a line that is `\.`. */
function skipCopyData(src: string, from: number): number {
  const m = /\r?\n\\\.[ \t]*(\r?\n|$)/.exec(src.slice(from));
  return m ? from + m.index + m[0].length : src.length;
}

function atLineStart(src: string, i: number): boolean {
  for (let j = i - 1; j >= 0; j--) {
    const c = src[j];
    if (c === "\n") return true;
    if (c !== " " && c !== "\t" && c !== "\r") return false;
  }
  return true;
}

function indexOrEnd(src: string, what: string, from: number): number {
  const k = src.indexOf(what, from);
  return k < 0 ? src.length : k;
}

function skipBlockComment(src: string, start: number, nested: boolean): number {
  let depth = 0;
  let i = start;
  while (i < src.length) {
    if (src[i] === "/" && src[i + 1] === "*") {
      depth = nested || depth === 0 ? depth + 1 : depth;
      i += 2;
    } else if (src[i] === "*" && src[i + 1] === "/") {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  throw new LexError("unterminated /* comment", start);
}

/** Like readQuoted, without building the value: returns the offset after the closing quote. */
function skipQuoted(src: string, start: number, q: string, backslash: boolean): number {
  let i = start + 1;
  for (;;) {
    const close = src.indexOf(q, i);
    if (close < 0) throw new LexError(`unterminated ${q === "'" ? "string" : "quoted name"}`, start);
    if (backslash) {
      let k = close - 1;
      while (k >= i && src[k] === "\\") k--;
      if ((close - 1 - k) % 2 === 1) {
        i = close + 1; // escaped quote
        continue;
      }
    }
    if (src[close + 1] === q) {
      i = close + 2;
      continue;
    }
    return close + 1;
  }
}

const BACKSLASH_ESCAPES: Record<string, string> = { "0": "\0", b: "\b", n: "\n", r: "\r", t: "\t", Z: "\x1a" };

/** Reads a quoted run starting at `start` (the opening quote); doubled quotes escape. */
function readQuoted(src: string, start: number, q: string, backslash: boolean): [string, number] {
  let value = "";
  let i = start + 1;
  while (i < src.length) {
    const c = src[i]!;
    if (backslash && c === "\\" && i + 1 < src.length) {
      const e = src[i + 1]!;
      value += e === "%" || e === "_" ? "\\" + e : (BACKSLASH_ESCAPES[e] ?? e);
      i += 2;
      continue;
    }
    if (c === q) {
      if (src[i + 1] === q) {
        value += q;
        i += 2;
        continue;
      }
      return [value, i + 1];
    }
    value += c;
    i++;
  }
  const what = q === "'" ? "string" : q === "`" ? "`identifier`" : '"identifier"';
  throw new LexError(`unterminated ${what}`, start);
}

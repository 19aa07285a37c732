/**
 * A small tokenizer for .proto source text. protobufjs keeps almost no source positions, so
 * the outline (outline.ts) is built from these tokens to give every declaration, option and
 * diagnostic a line and column. Comments are skipped; strings are decoded.
 */

export type TokenKind = "ident" | "string" | "number" | "punct";

export interface Token {
  kind: TokenKind;
  /** Identifier or punctuation text, decoded string value, or number text. */
  value: string;
  /** 1-based. */
  line: number;
  column: number;
  offset: number;
  /** Offset just past the token. */
  end: number;
}

export class TokenizeError extends Error {
  constructor(
    message: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(message);
  }
}

const IDENT_START = /[A-Za-z_]/;
const IDENT_PART = /[A-Za-z0-9_]/;
const NUMBER = /^(?:0[xX][0-9A-Fa-f]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)/;
const ESCAPES: Record<string, string> = {
  n: "\n",
  t: "\t",
  r: "\r",
  a: "\x07",
  b: "\b",
  f: "\f",
  v: "\v",
  "\\": "\\",
  "'": "'",
  '"': '"',
  "?": "?",
};

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const n = source.length;
  const at = (offset: number) => ({ line, column: offset - lineStart + 1 });

  while (i < n) {
    const c = source[i] as string;
    if (c === "\n") {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r" || c === "\f" || c === "\v" || c === "\uFEFF") {
      i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "/") {
      while (i < n && source[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && source[i + 1] === "*") {
      const start = at(i);
      i += 2;
      while (i < n && !(source[i] === "*" && source[i + 1] === "/")) {
        if (source[i] === "\n") {
          line++;
          lineStart = i + 1;
        }
        i++;
      }
      if (i >= n) throw new TokenizeError("unterminated comment", start.line, start.column);
      i += 2;
      continue;
    }
    const pos = at(i);
    if (c === '"' || c === "'") {
      const start = i;
      i++;
      let value = "";
      while (i < n && source[i] !== c) {
        const ch = source[i] as string;
        if (ch === "\n") throw new TokenizeError("unterminated string", pos.line, pos.column);
        if (ch === "\\") {
          const next = source[i + 1] ?? "";
          if (next in ESCAPES) {
            value += ESCAPES[next];
            i += 2;
          } else if (next === "x" || next === "X") {
            const hex = /^[0-9A-Fa-f]{1,2}/.exec(source.slice(i + 2, i + 4))?.[0] ?? "";
            value += String.fromCharCode(parseInt(hex || "0", 16));
            i += 2 + hex.length;
          } else if (/[0-7]/.test(next)) {
            const oct = /^[0-7]{1,3}/.exec(source.slice(i + 1, i + 4))?.[0] ?? "0";
            value += String.fromCharCode(parseInt(oct, 8));
            i += 1 + oct.length;
          } else if (next === "u" || next === "U") {
            const len = next === "u" ? 4 : 8;
            const hex = source.slice(i + 2, i + 2 + len);
            value += String.fromCodePoint(parseInt(hex, 16) || 0);
            i += 2 + len;
          } else {
            value += next;
            i += 2;
          }
          continue;
        }
        value += ch;
        i++;
      }
      if (i >= n) throw new TokenizeError("unterminated string", pos.line, pos.column);
      i++;
      tokens.push({ kind: "string", value, ...pos, offset: start, end: i });
      continue;
    }
    if (IDENT_START.test(c)) {
      const start = i;
      while (i < n && IDENT_PART.test(source[i] as string)) i++;
      tokens.push({ kind: "ident", value: source.slice(start, i), ...pos, offset: start, end: i });
      continue;
    }
    if (/[0-9]/.test(c) || (c === "." && /[0-9]/.test(source[i + 1] ?? ""))) {
      const m = NUMBER.exec(source.slice(i, i + 64));
      const text = m?.[0] ?? c;
      // A trailing identifier part (`1f`, `0x1g`) belongs to the number in protobuf's lexer.
      let end = i + text.length;
      while (end < n && IDENT_PART.test(source[end] as string)) end++;
      tokens.push({ kind: "number", value: source.slice(i, end), ...pos, offset: i, end });
      i = end;
      continue;
    }
    tokens.push({ kind: "punct", value: c, ...pos, offset: i, end: i + 1 });
    i++;
  }
  return tokens;
}

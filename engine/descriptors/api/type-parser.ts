/**
 * Type expressions and struct bodies: inside them a line end ends a member, so they are read
 * character by character (only blanks and block comments are skipped within a member).
 * Alternatives are tried in order, the first that matches wins. Internal to the api reader.
 */
import type { AstField, AstTypeExpr } from "./ast.js";
import { entered, left, missed, noted, unnoted } from "./expected.js";
import { gap, hsp, ident, keyword, NO, raw } from "./lexer.js";

/** A node and the position after it. */
export interface Parsed<T> {
  v: T;
  end: number;
}

export const node = <T>(v: T, end: number): Parsed<T> => ({ v, end });
const structKeyword = (s: string, p: number): number => keyword(s, p, "struct");

/** A type at `p` (noted, when missing, as "a type": what failed inside it is not). */
export function typeExpr(s: string, p: number): Parsed<AstTypeExpr> | null {
  const type = unnoted(anyType, s, p);
  if (!type) missed(p, "a type");
  return type;
}

/**
 * How deep type expressions may nest while parsing. The reader's pre-scan (nesting.ts) refuses
 * deep files first; this guard holds where the scan reads strings, comments and bare values
 * otherwise than the parser does, so no input can exhaust the stack.
 */
const TYPE_DEPTH_LIMIT = 1000;
let typeDepth = 0;

/** Thrown at the type that nests past TYPE_DEPTH_LIMIT; the reader reports it as API_TOO_DEEP. */
export class TypeTooDeep extends Error {
  constructor(readonly offset: number) {
    super(`type expressions nested deeper than ${TYPE_DEPTH_LIMIT} levels`);
  }
}

function anyType(s: string, p: number): Parsed<AstTypeExpr> | null {
  if (typeDepth >= TYPE_DEPTH_LIMIT) throw new TypeTooDeep(p);
  typeDepth++;
  try {
    return typeAt(s, p);
  } finally {
    typeDepth--;
  }
}

function typeAt(s: string, p: number): Parsed<AstTypeExpr> | null {
  const c = s.charCodeAt(p);
  // Each alternative but `map`/`interface` (which fall back to a name) needs its own first
  // character, so when the one that starts here fails, none of the others can match.
  if (c === 0x2a) {
    const elem = anyType(s, hsp(s, p + 1));
    return elem && node({ kind: "pointer", elem: elem.v, at: p }, elem.end);
  }
  if (c === 0x5b) return bracketed(s, p);
  if (c === 0x7b) {
    const body = noted(structBody, s, p);
    return body && node({ kind: "struct", fields: body.v, at: p }, body.end);
  }
  if (s.startsWith("map", p)) {
    const map = mapType(s, p);
    if (map) return map;
  } else if (s.startsWith("interface", p)) {
    const open = hsp(s, p + "interface".length);
    const close = s.charCodeAt(open) === 0x7b ? hsp(s, open + 1) : NO;
    if (close !== NO && s.charCodeAt(close) === 0x7d) return node({ kind: "interface", at: p }, close + 1);
  }
  if (structKeyword(s, p) !== NO) return null;
  const end = ident(s, p);
  return end === NO ? null : node({ kind: "named", name: s.slice(p, end), at: p }, end);
}

/** `[]T`, `[...]T`, `[N]T`. */
function bracketed(s: string, p: number): Parsed<AstTypeExpr> | null {
  const a = hsp(s, p + 1);
  if (s.charCodeAt(a) === 0x5d) {
    const elem = anyType(s, hsp(s, a + 1));
    if (elem) return node({ kind: "slice", elem: elem.v, at: p }, elem.end);
  }
  if (s.startsWith("...", a)) {
    const close = hsp(s, a + 3);
    const elem = s.charCodeAt(close) === 0x5d ? anyType(s, hsp(s, close + 1)) : null;
    if (elem) return node({ kind: "array", length: null, elem: elem.v, at: p }, elem.end);
  }
  let digits = a;
  while (s.charCodeAt(digits) >= 0x30 && s.charCodeAt(digits) <= 0x39) digits++;
  if (digits > a) {
    const close = hsp(s, digits);
    // Number(): four hundred digits are Infinity.
    const elem = s.charCodeAt(close) === 0x5d ? anyType(s, hsp(s, close + 1)) : null;
    if (elem) return node({ kind: "array", length: Number(s.slice(a, digits)), elem: elem.v, at: p }, elem.end);
  }
  return null;
}

function mapType(s: string, p: number): Parsed<AstTypeExpr> | null {
  const open = hsp(s, p + 3);
  if (s.charCodeAt(open) !== 0x5b) return null;
  const key = anyType(s, hsp(s, open + 1));
  if (!key) return null;
  const close = hsp(s, key.end);
  if (s.charCodeAt(close) !== 0x5d) return null;
  const value = anyType(s, hsp(s, close + 1));
  return value && node({ kind: "map", key: key.v, value: value.v, at: p }, value.end);
}

export function structBody(s: string, p: number): Parsed<AstField[]> | null {
  if (s.charCodeAt(p) !== 0x7b) {
    missed(p, '"{"');
    return null;
  }
  const fields: AstField[] = [];
  entered(p);
  let at = gap(s, p + 1);
  for (let m = member(s, at); m; m = member(s, at)) {
    fields.push(m.v);
    at = gap(s, m.end);
  }
  if (s.charCodeAt(at) !== 0x7d) missed(at, '"}"');
  left();
  return s.charCodeAt(at) === 0x7d ? node(fields, at + 1) : null;
}

function member(s: string, p: number): Parsed<AstField> | null {
  const name = ident(s, p);
  if (name !== NO) {
    const h = hsp(s, name);
    if (h > name && structKeyword(s, h) !== NO) {
      const legacy = nested("legacyNested", s, p, name, hsp(s, h + "struct".length));
      if (legacy) return legacy;
    } else if (h > name) missed(h, '"struct"');
    if (s.charCodeAt(h) === 0x7b) {
      // `named` would read the same body here and end the same way, so only `inline` is tried.
      const inline = nested("inline", s, p, name, h);
      if (inline) return inline;
    } else if (h > name) {
      missed(h, '"{"');
      const type = typeExpr(s, h);
      const named = type && finish("named", s, p, p, name, type.v, type.end);
      if (named) return named;
    }
  }
  const star = s.charCodeAt(p) === 0x2a;
  const from = star ? p + 1 : p;
  const end = ident(s, from);
  if (end === NO) {
    missed(from, "a field");
    return null;
  }
  const named: AstTypeExpr = { kind: "named", name: s.slice(from, end), at: from };
  return finish("embedded", s, p, from, end, star ? { kind: "pointer", elem: named, at: p } : named, end);
}

/** `Name { ... }` or `Name struct { ... }`, the body starting at `body`. */
function nested(
  kind: "inline" | "legacyNested",
  s: string,
  p: number,
  name: number,
  body: number,
): Parsed<AstField> | null {
  const fields = structBody(s, body);
  return fields && finish(kind, s, p, p, name, { kind: "struct", fields: fields.v, at: body }, fields.end);
}

/** The rest of a member after its type: `tag? memberEnd`. */
function finish(
  kind: AstField["kind"],
  s: string,
  p: number,
  nameAt: number,
  nameEnd: number,
  type: AstTypeExpr,
  after: number,
): Parsed<AstField> | null {
  const tagAt = hsp(s, after);
  const tagEnd = raw(s, tagAt);
  if (tagEnd === NO) missed(tagAt, "a back-quoted string");
  const end = tagEnd === NO ? after : tagEnd;
  const next = hsp(s, end);
  const c = s.charCodeAt(next);
  if (!(c === 0x0a || c === 0x0d || c === 0x3b || c === 0x7d || s.startsWith("//", next))) {
    for (const what of ["end of line", '";"', '"}"', '"//"']) missed(next, what);
    return null;
  }
  return node(
    {
      kind,
      name: s.slice(nameAt, nameEnd),
      type,
      tag: tagEnd === NO ? null : s.slice(tagAt + 1, tagEnd - 1),
      // The first backquote from where the tag starts (a block comment before the tag may hold one).
      tagAt: tagEnd === NO ? 0 : s.indexOf("`", after),
      at: p,
      end,
    },
    next,
  );
}

/**
 * The formatter's type declarations, struct bodies, members and type expressions. A member is
 * a row (name, type, tag: aligned with its neighbours); a struct member or expression spans
 * lines. Type expressions lose their blanks (`map[string]int`); a comment inside one stays
 * where it is. Internal to the api reader.
 */
import type { AstField, AstTypeDecl, AstTypeExpr } from "./ast.js";
import { gap, hsp, keyword, NO, spaces } from "./lexer.js";
import type { FormatSource } from "./format-source.js";
import { piecesText } from "./format-source.js";
import { render, row, Seq, text, type Line } from "./format-lines.js";
import { listLines } from "./format-list.js";

/** A type expression's text (on several lines when it holds a struct) and where it ends. */
export function typeExpr(src: FormatSource, e: AstTypeExpr, depth: number): { text: string; end: number } {
  const s = src.s;
  // Comments between two tokens of an expression (block comments only: they lie in blanks of a line).
  const between = (from: number, to: number): string => {
    const t = piecesText(src.take(from, to));
    return t === "" ? "" : ` ${t} `;
  };
  const at = (p: number, c: string): number => {
    if (s[p] !== c) throw new Error(`formatter: expected ${JSON.stringify(c)} at offset ${p}`);
    return p;
  };
  switch (e.kind) {
    case "named":
      return { text: e.name, end: e.at + e.name.length };
    case "pointer": {
      const after = between(e.at + 1, e.elem.at);
      const elem = typeExpr(src, e.elem, depth);
      return { text: `*${after}${elem.text}`, end: elem.end };
    }
    case "slice": {
      const close = at(hsp(s, e.at + 1), "]");
      const inside = between(e.at + 1, close).trim();
      const after = between(close + 1, e.elem.at);
      const elem = typeExpr(src, e.elem, depth);
      return { text: `[${inside}]${after}${elem.text}`, end: elem.end };
    }
    case "array": {
      const from = hsp(s, e.at + 1);
      let to = from;
      if (s.startsWith("...", from)) to += 3;
      else while (s.charCodeAt(to) >= 0x30 && s.charCodeAt(to) <= 0x39) to++;
      const close = at(hsp(s, to), "]");
      const inside = `${between(e.at + 1, from)}${s.slice(from, to)}${between(to, close)}`.trim();
      const after = between(close + 1, e.elem.at);
      const elem = typeExpr(src, e.elem, depth);
      return { text: `[${inside}]${after}${elem.text}`, end: elem.end };
    }
    case "map": {
      const open = at(hsp(s, e.at + 3), "[");
      const before = between(e.at + 3, open);
      const afterOpen = between(open + 1, e.key.at).trimStart();
      const key = typeExpr(src, e.key, depth);
      const close = at(hsp(s, key.end), "]");
      const beforeClose = between(key.end, close).trimEnd();
      const afterClose = between(close + 1, e.value.at);
      const value = typeExpr(src, e.value, depth);
      return { text: `map${before}[${afterOpen}${key.text}${beforeClose}]${afterClose}${value.text}`, end: value.end };
    }
    case "interface": {
      const open = at(hsp(s, e.at + "interface".length), "{");
      const close = at(hsp(s, open + 1), "}");
      return {
        text: `interface${between(e.at + 9, open).trimEnd()}{${between(open + 1, close).trim()}}`,
        end: close + 1,
      };
    }
    case "struct": {
      const body = structBody(src, e.at, e.fields, depth);
      const lines = render(body.inner);
      return {
        text: body.open === "{" && lines === "" ? "{}" : `${body.open}\n${lines}\n${"\t".repeat(depth)}}`,
        end: body.end,
      };
    }
  }
}

/** A struct body at `at` (`{`): the opening line's end (`{` and its comments), the members one deeper, and where it ends. */
export function structBody(
  src: FormatSource,
  at: number,
  fields: AstField[],
  depth: number,
): { open: string; inner: Line[]; end: number } {
  const after = src.trailing(at + 1);
  const opening = piecesText(after.pieces.filter((p) => p !== ";"));
  const last = fields.at(-1);
  const close = gap(src.s, last ? last.end : after.end);
  if (src.s[close] !== "}") throw new Error(`formatter: expected "}" at offset ${close}`);
  const items = fields.map((f) => ({ at: f.at, end: f.end, lines: () => member(src, f, depth + 1) }));
  const inner = listLines(src, items, after.end, close, { depth: depth + 1, blanks: true, members: true });
  return { open: opening === "" ? "{" : `{ ${opening}`, inner, end: close + 1 };
}

/** A struct body as lines: the opening `{` ends the head's line, `}` (with `tail`) closes at `depth`. */
function bodyLines(
  src: FormatSource,
  head: Seq,
  at: number,
  fields: AstField[],
  depth: number,
  tail: (closeEnd: number) => string,
): Line[] {
  const body = structBody(src, at, fields, depth);
  if (body.open === "{" && body.inner.length === 0) return [text(depth, head.word("{}").text + tail(body.end))];
  return [text(depth, head.word(body.open).text), ...body.inner, text(depth, "}" + tail(body.end))];
}

function member(src: FormatSource, f: AstField, depth: number): Line[] {
  const s = src.s;
  const tagAt = f.tag === null ? f.end : f.end - f.tag.length - 2;
  const tag = f.tag === null ? [] : [s.slice(tagAt, f.end)];
  // Comments between the type and the tag.
  const beforeTag = (from: number): string => {
    const t = piecesText(src.take(from, tagAt));
    return t === "" ? "" : ` ${t}`;
  };
  if (f.kind === "embedded") {
    const nameEnd = (f.type.kind === "pointer" ? f.type.elem : f.type).at + f.name.length;
    return [row(depth, [s.slice(f.at, nameEnd) + beforeTag(nameEnd), ...tag])];
  }
  const nameEnd = f.at + f.name.length;
  if (f.kind === "named") {
    const name = new Seq(depth).word(f.name).comments(src.take(nameEnd, f.type.at));
    const type = typeExpr(src, f.type, depth);
    return [row(depth, [name.text, type.text + beforeTag(type.end), ...tag])];
  }
  if (f.type.kind !== "struct") throw new Error("formatter: a nested member without a struct");
  const head = new Seq(depth).word(f.name);
  if (f.kind === "legacyNested") {
    const kw = hsp(s, nameEnd);
    if (keyword(s, kw, "struct") === NO) throw new Error(`formatter: expected "struct" at offset ${kw}`);
    head.comments(src.take(nameEnd, kw)).word("struct");
    head.comments(src.take(kw + "struct".length, f.type.at));
  } else head.comments(src.take(nameEnd, f.type.at));
  return bodyLines(src, head, f.type.at, f.type.fields, depth, (end) => beforeTag(end) + (tag[0] ? ` ${tag[0]}` : ""));
}

/** A type declaration's lines; `head` holds what comes before its name (`type` for a lone one). */
export function typeDecl(src: FormatSource, d: AstTypeDecl, head: Seq, depth: number): Line[] {
  const s = src.s;
  const nameEnd = d.at + d.name.length;
  head.word(d.name);
  if (d.kind === "alias") {
    const eq = src.expect(nameEnd, "=");
    head.comments(src.take(nameEnd, eq)).word("=");
    const target = d.target!;
    head.comments(src.take(eq + 1, target.at));
    return [text(depth, head.word(typeExpr(src, target, depth).text).text)];
  }
  if (d.kind === "other") {
    const target = d.target!;
    head.comments(src.take(nameEnd, target.at));
    return [text(depth, head.word(typeExpr(src, target, depth).text).text)];
  }
  // `Name struct { ... }` is written `Name { ... }`: the keyword changes nothing.
  const next = spaces(s, nameEnd);
  const kwEnd = keyword(s, next, "struct");
  const bodyAt = kwEnd === NO ? next : src.expect(kwEnd, "{");
  head.comments(src.take(nameEnd, bodyAt));
  if (s[bodyAt] !== "{") throw new Error(`formatter: expected "{" at offset ${bodyAt}`);
  return bodyLines(src, head, bodyAt, d.fields, depth, () => "");
}

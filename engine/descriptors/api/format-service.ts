/**
 * The formatter's service blocks: `@server (...)` and the other key-value blocks (`info`,
 * `@doc (...)`: one pair a line, values aligned), routes (each annotation on its own line,
 * then `method path (Req) returns (Resp)`), and the service itself. Internal to the api reader.
 */
import type { AstAnnotation, AstPair, AstRoute, AstStatement, AstTypeExpr } from "./ast.js";
import { bareValue, quoted, raw, spaces } from "./lexer.js";
import type { Comment, FormatSource } from "./format-source.js";
import { piecesText } from "./format-source.js";
import { row, Seq, text, type Line } from "./format-lines.js";
import { listLines, type Item } from "./format-list.js";
import { typeExpr } from "./format-types.js";

type ServiceStatement = Extract<AstStatement, { kind: "service" }>;

const pairEnd = (s: string, p: AstPair): number =>
  p.valueKind === "string"
    ? quoted(s, p.valueAt, true)
    : p.valueKind === "raw"
      ? raw(s, p.valueAt)
      : bareValue(s, p.valueAt);

/** Where `kw (pairs)` ends, `kwEnd` being the end of its keyword. */
export function pairsEnd(s: string, kwEnd: number, pairs: AstPair[]): number {
  const last = pairs.at(-1);
  return spaces(s, last ? pairEnd(s, last) : spaces(s, kwEnd) + 1) + 1;
}

/** `head (` then one `key: value` row per pair, one deeper, then `)`; `head ()` when empty. */
export function pairsBlock(src: FormatSource, head: Seq, kwEnd: number, pairs: AstPair[], depth: number): Line[] {
  const s = src.s;
  const open = src.expect(kwEnd, "(");
  head.comments(src.take(kwEnd, open)).word("(");
  const after = src.trailing(open + 1);
  const opening = piecesText(after.pieces.filter((p) => p !== ";"));
  const close = pairsEnd(s, kwEnd, pairs) - 1;
  const items = pairs.map((p) => ({ at: p.at, end: pairEnd(s, p), lines: () => [pairRow(src, p, depth + 1)] }));
  const inner = listLines(src, items, after.end, close, { depth: depth + 1, blanks: true });
  if (inner.length === 0 && opening === "") return [text(depth, head.word(")", true).text)];
  return [text(depth, opening === "" ? head.text : `${head.text} ${opening}`), ...inner, text(depth, ")")];
}

function pairRow(src: FormatSource, p: AstPair, depth: number): Line {
  const keyEnd = p.at + p.key.length;
  const colon = src.expect(keyEnd, ":");
  const key = new Seq(depth).word(p.key).comments(src.take(keyEnd, colon)).word(":", true);
  const value = new Seq(depth).comments(src.take(colon + 1, p.valueAt)).word(src.s.slice(p.valueAt, pairEnd(src.s, p)));
  return row(depth, [key.text, value.text]);
}

/** Where an annotation ends. */
function annotationEnd(s: string, a: AstAnnotation): number {
  if (a.kind === "server") return pairsEnd(s, a.at + "@server".length, a.pairs);
  if (a.kind === "handler") return a.textAt + (a.text ?? "").length;
  if (a.text === null) return pairsEnd(s, a.at + "@doc".length, a.pairs);
  const end = quoted(s, a.textAt, false);
  // `@doc ("text")`: the `)` after the text ends it.
  return s[spaces(s, a.at + "@doc".length)] === "(" ? spaces(s, end) + 1 : end;
}

function annotationLines(src: FormatSource, a: AstAnnotation, depth: number): Line[] {
  const s = src.s;
  if (a.kind === "server")
    return pairsBlock(src, new Seq(depth).word("@server"), a.at + "@server".length, a.pairs, depth);
  if (a.kind === "handler") {
    const kwEnd = a.at + "@handler".length;
    return [
      text(
        depth,
        new Seq(depth)
          .word("@handler")
          .comments(src.take(kwEnd, a.textAt))
          .word(a.text ?? "").text,
      ),
    ];
  }
  const kwEnd = a.at + "@doc".length;
  if (a.text === null) return pairsBlock(src, new Seq(depth).word("@doc"), kwEnd, a.pairs, depth);
  // `@doc ("text")` is written `@doc "text"` (the same annotation), unless a line comment
  // comes before its `)`.
  const head = new Seq(depth).word("@doc");
  const end = quoted(s, a.textAt, false);
  const close = annotationEnd(s, a) - 1;
  const open = spaces(s, kwEnd);
  if (s[open] !== "(") return [text(depth, head.comments(src.take(kwEnd, a.textAt)).word(s.slice(a.textAt, end)).text)];
  head.comments(src.take(kwEnd, open));
  const inside = src.take(open + 1, a.textAt);
  const after = src.take(end, close);
  if (!endsWithLineComment(after))
    return [text(depth, head.comments(inside).word(s.slice(a.textAt, end)).comments(after).text)];
  head
    .word("(")
    .comments(inside)
    .word(s.slice(a.textAt, end), inside.length === 0);
  return [text(depth, head.comments(after).word(")").text)];
}

const endsWithLineComment = (list: Comment[]): boolean => list.at(-1)?.line === true;

/** `( T )` at or after `p` into `seq`; returns the position after `)`. */
function paren(src: FormatSource, seq: Seq, p: number, t: AstTypeExpr | null, depth: number): number {
  const open = src.expect(p, "(");
  seq.comments(src.take(p, open)).word("(");
  let q = open + 1;
  if (t) {
    const before = src.take(q, t.at);
    const type = typeExpr(src, t, depth);
    seq.comments(before).word(type.text, before.length === 0);
    q = type.end;
  }
  const close = src.expect(q, ")");
  const inside = src.take(q, close);
  seq.comments(inside).word(")", inside.length === 0);
  return close + 1;
}

function routeLine(src: FormatSource, r: AstRoute, depth: number): Line[] {
  const seq = new Seq(depth)
    .word(r.method)
    .comments(src.take(r.methodAt + r.method.length, r.pathAt))
    .word(r.path);
  let p = r.pathAt + r.path.length;
  if (r.request !== undefined) p = paren(src, seq, p, r.request, depth);
  if (r.response !== undefined) {
    const kw = src.expect(p, "returns");
    seq.comments(src.take(p, kw)).word("returns");
    p = paren(src, seq, kw + "returns".length, r.response, depth);
  }
  // A `;` after the route is dropped (comments before it stay), unless a line comment comes before it.
  const rest = src.take(p, r.end);
  seq.comments(rest);
  if (endsWithLineComment(rest)) seq.word(";");
  return [text(depth, seq.text)];
}

/** A route: its annotations, each on a line, then the route line. */
function routeItem(src: FormatSource, r: AstRoute, depth: number): Item {
  const parts: Item[] = r.annotations.map((a) => ({
    at: a.at,
    end: annotationEnd(src.s, a),
    lines: () => annotationLines(src, a, depth),
  }));
  parts.push({ at: r.methodAt, end: r.end, lines: () => routeLine(src, r, depth) });
  return {
    at: r.at,
    end: r.end,
    lines: () => listLines(src, parts, r.at, r.end, { depth, blanks: false, leaveLastTrailing: true }),
  };
}

/** Where a service statement ends (after its `}`). */
export function serviceEnd(s: string, st: ServiceStatement): number {
  const svc = st.service;
  const last = svc.routes.at(-1);
  return spaces(s, last ? last.end : spaces(s, svc.nameAt + svc.name.length) + 1) + 1;
}

/** `@server (...)` (when there is one), then `service name {`, the routes one deeper, `}`. */
export function serviceLines(src: FormatSource, st: ServiceStatement, depth: number): Line[] {
  const s = src.s;
  const svc = st.service;
  const end = serviceEnd(s, st);
  const parts: Item[] = [];
  let kwAt = st.at;
  if (svc.server) {
    const server = svc.server;
    const serverEnd = annotationEnd(s, server);
    parts.push({ at: server.at, end: serverEnd, lines: () => annotationLines(src, server, depth) });
    kwAt = spaces(s, serverEnd);
  }
  parts.push({ at: kwAt, end, lines: () => serviceBody(src, st, kwAt, end, depth) });
  return listLines(src, parts, st.at, end, { depth, blanks: false, leaveLastTrailing: true });
}

function serviceBody(src: FormatSource, st: ServiceStatement, kwAt: number, end: number, depth: number): Line[] {
  const svc = st.service;
  const nameEnd = svc.nameAt + svc.name.length;
  const open = src.expect(nameEnd, "{");
  const head = new Seq(depth)
    .word("service")
    .comments(src.take(kwAt + "service".length, svc.nameAt))
    .word(svc.name);
  head.comments(src.take(nameEnd, open)).word("{");
  const after = src.trailing(open + 1);
  const opening = piecesText(after.pieces.filter((p) => p !== ";"));
  const routes = svc.routes.map((r) => routeItem(src, r, depth + 1));
  const inner = listLines(src, routes, after.end, end - 1, { depth: depth + 1, blanks: true });
  if (inner.length === 0 && opening === "") return [text(depth, head.word("}", true).text)];
  return [text(depth, opening === "" ? head.text : `${head.text} ${opening}`), ...inner, text(depth, "}")];
}

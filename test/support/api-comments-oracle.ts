/**
 * The comments of a parsed .api file found the way the formatter found them until 2026-11-28:
 * by scanning the raw text outside the strings, tags, paths and bare values the tree points at.
 * The parser now collects them as it skips them; the tests hold its list to this one.
 */
import type {
  AstAnnotation,
  AstComment,
  AstField,
  AstFile,
  AstPair,
  AstTypeExpr,
} from "../../engine/descriptors/api/ast.js";
import { bareValue, NO, path, quoted, raw } from "../../engine/descriptors/api/lexer.js";

const isNewline = (c: number): boolean => c === 0x0a || c === 0x0d;

/** The file's comments, in order, as [start, end) spans. */
export function scannedComments(ast: AstFile): AstComment[] {
  return findComments(ast.text, opaqueSpans(ast.text, ast));
}

/** Comments: `//` and `/*` outside the opaque spans (sorted [start, end) pairs). */
function findComments(s: string, opaque: Array<[number, number]>): AstComment[] {
  const out: AstComment[] = [];
  let next = 0;
  for (let i = 0; i < s.length; ) {
    while (next < opaque.length && opaque[next]![1] <= i) next++;
    const span = opaque[next];
    if (span && span[0] <= i) {
      i = span[1];
      continue;
    }
    if (s.startsWith("//", i)) {
      let end = i + 2;
      while (end < s.length && !isNewline(s.charCodeAt(end))) end++;
      out.push({ start: i, end });
      i = end;
    } else if (s.startsWith("/*", i)) {
      const close = s.indexOf("*/", i + 2);
      const end = close < 0 ? s.length : close + 2;
      out.push({ start: i, end });
      i = end;
    } else i++;
  }
  return out;
}

/** Where the tree holds text verbatim (strings, tags, paths, bare values): no comment starts there. */
function opaqueSpans(s: string, ast: AstFile): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  const add = (at: number, end: number): void => {
    if (end === NO || end <= at) throw new Error(`formatter: no token at offset ${at}`);
    spans.push([at, end]);
  };
  const pair = (p: AstPair): void => {
    const end =
      p.valueKind === "string"
        ? quoted(s, p.valueAt, true)
        : p.valueKind === "raw"
          ? raw(s, p.valueAt)
          : bareValue(s, p.valueAt);
    add(p.valueAt, end);
  };
  const annotation = (a: AstAnnotation | null): void => {
    if (!a) return;
    a.pairs.forEach(pair);
    if (a.kind === "doc" && a.text !== null) add(a.textAt, quoted(s, a.textAt, false));
  };
  const fields = (list: AstField[]): void => {
    for (const f of list) {
      if (f.tag !== null) add(f.end - f.tag.length - 2, f.end);
      type(f.type);
    }
  };
  const type = (t: AstTypeExpr | null | undefined): void => {
    if (!t) return;
    if (t.kind === "struct") fields(t.fields);
    else if (t.kind === "pointer" || t.kind === "slice" || t.kind === "array") type(t.elem);
    else if (t.kind === "map") {
      type(t.key);
      type(t.value);
    }
  };
  for (const st of ast.statements) {
    if (st.kind === "syntax") add(st.valueAt, quoted(s, st.valueAt, false));
    else if (st.kind === "info") st.pairs.forEach(pair);
    else if (st.kind === "import") for (const p of st.paths) add(p.at, quoted(s, p.at, false));
    else if (st.kind === "type") {
      for (const d of st.decls) {
        fields(d.fields);
        type(d.target);
      }
    } else {
      annotation(st.service.server);
      for (const r of st.service.routes) {
        r.annotations.forEach(annotation);
        add(r.pathAt, path(s, r.pathAt));
        type(r.request);
        type(r.response);
      }
    }
  }
  return spans.sort((a, b) => a[0] - b[0]);
}

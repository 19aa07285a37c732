/**
 * What a formatted file must keep of the original: the statements without their positions (in
 * canonical order), every comment, and which comments the reader takes as whose documentation
 * or trailing comment (types, members, routes). The formatter compares the two before it
 * returns; a difference is a bug in it, and nothing is written. Internal to the api reader.
 */
import type { AstField, AstFile, AstTypeExpr } from "./ast.js";
import { canonicalOrder } from "./format-file.js";
import { FormatSource } from "./format-source.js";
import { SourceText } from "./source.js";

const POSITIONS = new Set(["at", "end", "valueAt", "nameAt", "methodAt", "pathAt", "tagAt", "textAt", "docAt"]);

/** A text that two files share exactly when they mean the same to the reader. */
export function apiMeaning(ast: AstFile): string {
  const statements = canonicalOrder(ast.statements, (st) => st);
  const comments = new FormatSource(ast.text, ast).comments.map((c) => c.text).sort();
  const src = new SourceText(ast.file, ast.text, ast.comments);
  const docs: unknown[] = [];
  const fields = (list: AstField[]): void => {
    for (const f of list) {
      docs.push([f.name, src.docsAbove(f.at), src.trailing(f.end)]);
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
  for (const st of statements) {
    if (st.kind === "type") {
      for (const d of st.decls) {
        docs.push([d.name, src.docsAbove(d.docAt)]);
        fields(d.fields);
        type(d.target);
      }
    } else if (st.kind === "service") {
      for (const r of st.service.routes) {
        docs.push([r.path, src.docsAbove(r.at)]);
        type(r.request);
        type(r.response);
      }
    }
  }
  return JSON.stringify({ statements, comments, docs }, (key, value: unknown) => {
    if (POSITIONS.has(key)) return undefined;
    return typeof value === "number" && !Number.isFinite(value) ? String(value) : value;
  });
}

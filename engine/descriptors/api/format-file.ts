/**
 * The formatter's file level: statements in canonical order (`syntax`, `info`, imports, then
 * types and services as written), one blank line between two of them (none between two
 * one-line imports), each with the comments above it and after it on its line. Comments at the
 * top of the file that a blank line parts from the first statement stay at the top.
 * Internal to the api reader.
 */
import type { AstFile, AstStatement } from "./ast.js";
import { quoted, spaces } from "./lexer.js";
import { FormatSource, piecesText, type Gap } from "./format-source.js";
import { blank, render, row, Seq, text, withPrefix, withSuffix, type Line } from "./format-lines.js";
import { gapLines, listLines } from "./format-list.js";
import { pairsBlock, pairsEnd, serviceEnd, serviceLines } from "./format-service.js";
import { typeDecl } from "./format-types.js";

/** Where a statement goes: `syntax`, `info` and imports first, the rest in their order. */
export function statementRank(st: AstStatement): number {
  const rank = ["syntax", "info", "import"].indexOf(st.kind);
  return rank < 0 ? 3 : rank;
}

/** Things in the canonical order of their statements (a stable sort). */
export const canonicalOrder = <T>(list: T[], statement: (x: T) => AstStatement): T[] =>
  list
    .map((x, i) => ({ x, i, rank: statementRank(statement(x)) }))
    .sort((a, b) => a.rank - b.rank || a.i - b.i)
    .map((e) => e.x);

interface Unit {
  st: AstStatement;
  leading: Gap;
  lines: Line[];
}

/** The file's canonical text, and the comments the printer never placed (none, unless it has a bug). */
export function printFile(ast: AstFile): { text: string; lost: number } {
  const s = ast.text;
  const src = new FormatSource(s, ast);
  const units: Unit[] = [];
  let prev = 0;
  for (const st of ast.statements) {
    const leading = src.gap(prev, st.at);
    const lines = statementLines(src, st);
    const after = src.trailing(statementEnd(s, st));
    lines[lines.length - 1] = withSuffix(lines[lines.length - 1]!, piecesText(after.pieces.filter((p) => p !== ";")));
    units.push({ st, leading, lines });
    prev = after.end;
  }
  const tail = src.gap(prev, s.length);
  const out: Line[] = [];
  const first = units[0];
  if (first) {
    const header = splitHeader(first.leading);
    gapLines(out, { groups: header, newlinesAfter: 0 }, 0, false, false);
    if (header.length > 0) out.push(blank);
  }
  const ordered = canonicalOrder(units, (u) => u.st);
  ordered.forEach((u, i) => {
    const oneLineImports = (x: Unit | undefined): boolean =>
      x?.st.kind === "import" && s[spaces(s, x.st.at + "import".length)] !== "(";
    if (i > 0 && !(oneLineImports(u) && oneLineImports(ordered[i - 1]) && u.leading.groups.length === 0))
      out.push(blank);
    const prefix = gapLines(out, u.leading, 0, false, true);
    u.lines[0] = withPrefix(u.lines[0]!, prefix);
    for (const l of u.lines) out.push(l); // spread, a huge unit's lines overflowed the stack
  });
  gapLines(out, tail, 0, units.length > 0, false);
  const printed = render(out);
  return { text: printed === "" ? "" : printed + "\n", lost: src.left().length };
}

/**
 * Split off the comments above the first statement that a blank line parts from it (the
 * file's header); they stay at the top when the statement moves. The rest stays in the gap.
 */
function splitHeader(gap: Gap): Gap["groups"] {
  const groups = gap.groups;
  let j = groups.length;
  if (j > 0 && gap.newlinesAfter < 2) {
    j--;
    while (j > 0 && groups[j]!.newlinesBefore < 2) j--;
  }
  const header = groups.slice(0, j);
  gap.groups = groups.slice(j);
  if (j === groups.length) gap.newlinesAfter = 0;
  return header;
}

function statementEnd(s: string, st: AstStatement): number {
  switch (st.kind) {
    case "syntax":
      return quoted(s, st.valueAt, false);
    case "info":
      return pairsEnd(s, st.at + "info".length, st.pairs);
    case "import": {
      const open = spaces(s, st.at + "import".length);
      if (s[open] !== "(") return quoted(s, st.paths[0]!.at, false);
      const last = st.paths.at(-1);
      return spaces(s, last ? quoted(s, last.at, false) : open + 1) + 1;
    }
    case "type": {
      const open = spaces(s, st.at + "type".length);
      if (s[open] !== "(") return st.decls[0]!.end;
      const last = st.decls.at(-1);
      return spaces(s, last ? last.end : open + 1) + 1;
    }
    case "service":
      return serviceEnd(s, st);
  }
}

function statementLines(src: FormatSource, st: AstStatement): Line[] {
  const s = src.s;
  switch (st.kind) {
    case "syntax": {
      const eq = src.expect(st.at + "syntax".length, "=");
      const seq = new Seq(0)
        .word("syntax")
        .comments(src.take(st.at + "syntax".length, eq))
        .word("=");
      return [
        text(
          0,
          seq.comments(src.take(eq + 1, st.valueAt)).word(s.slice(st.valueAt, quoted(s, st.valueAt, false))).text,
        ),
      ];
    }
    case "info":
      return pairsBlock(src, new Seq(0).word("info"), st.at + "info".length, st.pairs, 0);
    case "import": {
      const kwEnd = st.at + "import".length;
      const open = spaces(s, kwEnd);
      const path = (p: { at: number }): string => s.slice(p.at, quoted(s, p.at, false));
      if (s[open] !== "(") {
        const only = st.paths[0]!;
        return [text(0, new Seq(0).word("import").comments(src.take(kwEnd, only.at)).word(path(only)).text)];
      }
      const items = st.paths.map((p) => ({ at: p.at, end: p.at + path(p).length, lines: () => [row(1, [path(p)])] }));
      return group(
        src,
        new Seq(0).word("import").comments(src.take(kwEnd, open)),
        open,
        statementEnd(s, st) - 1,
        items,
      );
    }
    case "type": {
      const kwEnd = st.at + "type".length;
      const open = spaces(s, kwEnd);
      if (s[open] !== "(") {
        const decl = st.decls[0]!;
        return typeDecl(src, decl, new Seq(0).word("type").comments(src.take(kwEnd, decl.at)), 0);
      }
      const items = st.decls.map((d) => ({ at: d.at, end: d.end, lines: () => typeDecl(src, d, new Seq(1), 1) }));
      return group(src, new Seq(0).word("type").comments(src.take(kwEnd, open)), open, statementEnd(s, st) - 1, items);
    }
    case "service":
      return serviceLines(src, st, 0);
  }
}

/** `head (`, the items one deeper, `)`; `head ()` when empty. */
function group(
  src: FormatSource,
  head: Seq,
  open: number,
  close: number,
  items: Parameters<typeof listLines>[1],
): Line[] {
  head.word("(");
  const after = src.trailing(open + 1);
  const opening = piecesText(after.pieces.filter((p) => p !== ";"));
  const inner = listLines(src, items, after.end, close, { depth: 1, blanks: true });
  if (inner.length === 0 && opening === "") return [text(0, head.word(")", true).text)];
  return [text(0, opening === "" ? head.text : `${head.text} ${opening}`), ...inner, text(0, ")")];
}

/**
 * The formatter's output before it is text: lines at a depth (one tab each), blank lines, and
 * rows whose cells are aligned in columns with the rows next to them. Alignment follows the
 * elastic tabstops of a tab writer: a column block is a run of consecutive rows that have a
 * cell after that column; each cell in it is padded to the widest one plus a space, and a
 * row's last cell is never padded. Internal to the api reader.
 */
import type { Piece } from "./format-source.js";
import { piecesText } from "./format-source.js";

export type Line =
  | { kind: "blank" }
  | { kind: "text"; depth: number; text: string }
  | { kind: "row"; depth: number; cells: string[] };

export const blank: Line = { kind: "blank" };
export const text = (depth: number, t: string): Line => ({ kind: "text", depth, text: t });
export const row = (depth: number, cells: string[]): Line => ({ kind: "row", depth, cells });

/** Put `prefix` (comments that precede it on its line) before a line's content; a row so marked is not aligned. */
export function withPrefix(line: Line, prefix: string): Line {
  if (prefix === "" || line.kind === "blank") return line;
  return text(line.depth, `${prefix} ${line.kind === "text" ? line.text : line.cells.join(" ")}`);
}

/** End a line's content with `;`. */
export function withSemicolon(line: Line): Line {
  if (line.kind === "text") return text(line.depth, `${line.text};`);
  if (line.kind === "row") return row(line.depth, [...line.cells.slice(0, -1), `${line.cells.at(-1) ?? ""};`]);
  return line;
}

/** Add `suffix` (comments that follow it on its line) after a line's content, as a cell of its own. */
export function withSuffix(line: Line, suffix: string): Line {
  if (suffix === "" || line.kind === "blank") return line;
  if (line.kind === "text") return text(line.depth, `${line.text} ${suffix}`);
  return row(line.depth, [...line.cells, suffix]);
}

/**
 * Tokens and comments of one construct, separated by one space; after a line comment the next
 * token goes on a new line, one tab deeper than the construct.
 */
export class Seq {
  private out = "";
  private afterLineComment = false;
  constructor(private readonly depth: number) {}

  /** Add a token; `tight` puts it right after the previous one (`key:`). */
  word(t: string, tight = false): this {
    if (this.afterLineComment) this.out += `\n${"\t".repeat(this.depth + 1)}${t}`;
    else this.out += this.out === "" || tight ? t : ` ${t}`;
    this.afterLineComment = false;
    return this;
  }

  comments(list: readonly Piece[]): this {
    for (const c of list) {
      this.word(piecesText([c]));
      this.afterLineComment = c !== ";" && c.line;
    }
    return this;
  }

  get text(): string {
    return this.out;
  }
}

/** The lines as text: rows aligned, one tab per depth, blank lines single and never first or last. */
export function render(lines: Line[]): string {
  const out: string[] = [];
  let pendingBlank = false;
  const emit = (line: string): void => {
    if (pendingBlank && out.length > 0) out.push("");
    pendingBlank = false;
    out.push(line);
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i]!;
    if (line.kind === "blank") {
      pendingBlank = true;
      i++;
    } else if (line.kind === "text" || !alignable(line.cells)) {
      emit("\t".repeat(line.depth) + (line.kind === "text" ? line.text : line.cells.join(" ")));
      i++;
    } else {
      let j = i;
      const run: string[][] = [];
      for (let l = lines[j]; l && l.kind === "row" && l.depth === line.depth && alignable(l.cells); l = lines[++j])
        run.push(l.cells);
      for (const r of alignRows(run)) emit("\t".repeat(line.depth) + r);
      i = j;
    }
  }
  return out.join("\n");
}

/** A row with a cell on several lines is written as text (its cells joined by spaces). */
const alignable = (cells: string[]): boolean => cells.every((c) => !c.includes("\n"));

const width = (s: string): number => {
  let n = 0;
  for (const _ of s) n++;
  return n;
};

function alignRows(rows: string[][]): string[] {
  const widths = rows.map((r) => r.map(() => 0));
  const assign = (from: number, to: number, column: number): void => {
    for (let i = from; i < to; ) {
      if (column >= rows[i]!.length - 1) {
        i++;
        continue;
      }
      let j = i;
      let w = 0;
      for (; j < to && column < rows[j]!.length - 1; j++) w = Math.max(w, width(rows[j]![column]!) + 1);
      for (let k = i; k < j; k++) widths[k]![column] = w;
      assign(i, j, column + 1);
      i = j;
    }
  };
  assign(0, rows.length, 0);
  return rows.map((r, i) =>
    r.map((c, k) => (k < r.length - 1 ? c + " ".repeat(widths[i]![k]! - width(c)) : c)).join(""),
  );
}

/**
 * One source file's text with fast offset → line/column lookups and its comments (the parser's
 * list), so the reader can attach doc comments (lines above a node) and trailing comments (same
 * line). Internal to the api reader.
 */
import type { IrPosition } from "../../ir/index.js";
import type { AstComment } from "./ast.js";

interface Comment {
  start: number;
  end: number;
  line: number;
  endLine: number;
  /** Nothing but whitespace before it on its first line and no code after it on its last. */
  ownLine: boolean;
  lines: string[];
}

export class SourceText {
  readonly file: string;
  readonly text: string;
  private readonly lineStarts: number[] = [0];
  private commentsByEndLine?: Map<number, Comment>;
  private commentsByLine?: Map<number, Comment[]>;

  constructor(
    file: string,
    text: string,
    private readonly comments: readonly AstComment[] = [],
  ) {
    this.file = file;
    this.text = text;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) this.lineStarts.push(i + 1);
    }
  }

  /** 1-based line of an offset. */
  lineOf(offset: number): number {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((this.lineStarts[mid] ?? 0) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  pos(offset: number): IrPosition {
    const line = this.lineOf(offset);
    return { file: this.file, line, column: offset - (this.lineStarts[line - 1] ?? 0) + 1 };
  }

  /**
   * Comment lines directly above the line of `offset` (no blank line in between), when the node
   * at `offset` starts its line: in `type A { X int }` the comment above is A's, not X's.
   */
  docsAbove(offset: number): string[] {
    this.scan();
    const lineStart = this.lineStarts[this.lineOf(offset) - 1] ?? 0;
    if (this.text.slice(lineStart, offset).trim() !== "") return [];
    // Comments from the nearest upwards, put in order once: adding each at the front moved all the
    // others (200,000 comment lines above a type took 1.5 s, and spreading them the stack).
    const above: string[][] = [];
    let line = this.lineOf(offset) - 1;
    for (let c = this.commentsByEndLine?.get(line); c; c = this.commentsByEndLine?.get(line)) {
      above.push(c.lines);
      line = c.line - 1;
    }
    const out: string[] = [];
    for (let k = above.length - 1; k >= 0; k--) for (const l of above[k]!) out.push(l);
    return out;
  }

  /** The comment that follows `offset` on the same line, "" when none. */
  trailing(offset: number): string {
    this.scan();
    const line = this.lineOf(offset);
    const c = this.commentsByLine
      ?.get(line)
      ?.find((x) => x.start >= offset && this.text.slice(offset, x.start).trim() === "");
    return c ? c.lines.join(" ") : "";
  }

  private scan(): void {
    if (this.commentsByLine) return;
    this.commentsByLine = new Map();
    this.commentsByEndLine = new Map();
    const t = this.text;
    for (const { start, end } of this.comments) {
      if (t.startsWith("//", start)) this.add(start, end, [t.slice(start + 2, end).trim()]);
      else this.add(start, end, blockLines(t.slice(start + 2, end - 2)));
    }
  }

  private add(start: number, end: number, lines: string[]): void {
    const line = this.lineOf(start);
    const endLine = this.lineOf(Math.max(start, end - 1));
    const before = this.text.slice(this.lineStarts[line - 1] ?? 0, start);
    const lineEnd = this.lineStarts[endLine] ?? this.text.length;
    const after = this.text.slice(end, lineEnd).trim();
    const ownLine = before.trim() === "" && (after === "" || after.startsWith("//") || after.startsWith("/*"));
    const c: Comment = {
      start,
      end: end,
      line,
      endLine,
      ownLine,
      lines: lines.map((l) => l.replace(/\r$/, "").trim()),
    };
    const list = this.commentsByLine?.get(line) ?? [];
    list.push(c);
    this.commentsByLine?.set(line, list);
    if (ownLine && !this.commentsByEndLine?.has(endLine)) this.commentsByEndLine?.set(endLine, c);
  }
}

function blockLines(body: string): string[] {
  const lines = body.split(/\r?\n/).map((l) => l.trim());
  while (lines.length > 0 && lines[0] === "") lines.shift();
  while (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  return lines;
}

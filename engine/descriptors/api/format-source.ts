/**
 * The text of a parsed .api file as the formatter reads it: every comment (the parser's list),
 * and what lies between two tokens: comments, `;` and line ends. Each comment is handed out once; the formatter checks
 * at the end that none was left. Internal to the api reader.
 */
import type { AstFile } from "./ast.js";
import { spaces } from "./lexer.js";

export interface Comment {
  start: number;
  end: number;
  /** As written; a line comment without the blanks after it, a block comment with `\r\n` as `\n`. */
  text: string;
  /** A `//` comment: nothing may follow it on its line. */
  line: boolean;
}

/** What sits between two tokens on one line: a comment, or a `;` (between struct members). */
export type Piece = Comment | ";";

/** The pieces of one source line between two tokens, and the line ends around them. */
export interface Group {
  pieces: Piece[];
  /** Line ends between the previous group (or the gap's start) and this one. */
  newlinesBefore: number;
}

/** A gap between two tokens: its groups, and the line ends after the last one. */
export interface Gap {
  groups: Group[];
  newlinesAfter: number;
}

const isNewline = (c: number): boolean => c === 0x0a || c === 0x0d;

export class FormatSource {
  readonly comments: Comment[];
  private readonly taken: boolean[];
  private readonly byStart = new Map<number, number>();

  constructor(
    readonly s: string,
    ast: AstFile,
  ) {
    this.comments = ast.comments.map(({ start, end }) =>
      s.startsWith("//", start)
        ? { start, end, text: s.slice(start, end).replace(/[ \t]+$/, ""), line: true }
        : { start, end, text: s.slice(start, end).replace(/\r\n/g, "\n"), line: false },
    );
    this.taken = this.comments.map(() => false);
    this.comments.forEach((c, i) => this.byStart.set(c.start, i));
  }

  /** The untaken comments that start in [from, to), in order; they are taken. */
  take(from: number, to: number): Comment[] {
    const out: Comment[] = [];
    for (let i = this.firstAtOrAfter(from); i < this.comments.length && this.comments[i]!.start < to; i++) {
      if (this.taken[i]) continue;
      this.taken[i] = true;
      out.push(this.comments[i]!);
    }
    return out;
  }

  /** Comments never taken: each is a formatter bug (the output would lose it). */
  left(): Comment[] {
    return this.comments.filter((_, i) => !this.taken[i]);
  }

  /**
   * The comments after `pos` on its line, and a `;` directly before the first of them (which
   * keeps a struct member from owning it), up to a line end or the next token. Returns the
   * position after what was read.
   */
  trailing(pos: number): { pieces: Piece[]; end: number } {
    const pieces: Piece[] = [];
    let p = pos;
    let end = pos;
    for (;;) {
      const c = this.s.charCodeAt(p);
      if (c <= 0x20 && !isNewline(c) && p < this.s.length) p++;
      else if (c === 0x3b) {
        if (!pieces.some((x) => x !== ";")) pieces.splice(0, pieces.length, ";");
        end = ++p;
      } else {
        const comment = this.commentAt(p);
        if (!comment) break;
        pieces.push(comment);
        end = p = comment.end;
        if (comment.line) break;
      }
    }
    while (pieces.at(-1) === ";") pieces.pop();
    return { pieces, end };
  }

  /**
   * What lies in [from, to), which holds only blanks, line ends, `;` and comments: grouped by
   * source line. A line with only `;` on it is dropped, unless the token at `to` follows on it.
   */
  gap(from: number, to: number): Gap {
    const groups: Group[] = [];
    let current: Piece[] = [];
    let newlines = 0;
    const close = (): void => {
      if (current.some((x) => x !== ";")) {
        groups.push({ pieces: current, newlinesBefore: newlines });
        newlines = 0;
      }
      current = [];
    };
    for (let p = from; p < to; ) {
      const c = this.s.charCodeAt(p);
      if (isNewline(c)) {
        close();
        newlines++;
        p += c === 0x0d && this.s.charCodeAt(p + 1) === 0x0a ? 2 : 1;
      } else if (c <= 0x20) p++;
      else if (c === 0x3b) {
        if (current.at(-1) !== ";") current.push(";");
        p++;
      } else {
        const comment = this.commentAt(p);
        if (!comment)
          throw new Error(`formatter: unexpected ${JSON.stringify(this.s[p])} at offset ${p} between tokens`);
        current.push(comment);
        p = comment.end;
      }
    }
    if (current.length > 0) {
      // On the line of the token at `to`: a `;` alone there is kept too (it starts the line).
      groups.push({ pieces: current, newlinesBefore: newlines });
      newlines = 0;
    }
    return { groups, newlinesAfter: newlines };
  }

  /** The position of the next token at or after `p`, which must be `lit`. */
  expect(p: number, lit: string): number {
    const at = spaces(this.s, p);
    if (!this.s.startsWith(lit, at)) throw new Error(`formatter: expected ${JSON.stringify(lit)} at offset ${at}`);
    return at;
  }

  private commentAt(p: number): Comment | null {
    const i = this.byStart.get(p);
    if (i === undefined || this.taken[i]) return null;
    this.taken[i] = true;
    return this.comments[i]!;
  }

  private firstAtOrAfter(from: number): number {
    let lo = 0;
    let hi = this.comments.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.comments[mid]!.start < from) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

/** The text of pieces on one line. */
export const piecesText = (pieces: readonly Piece[]): string => pieces.map((p) => (p === ";" ? ";" : p.text)).join(" ");

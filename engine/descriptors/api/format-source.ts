/**
 * The text of a parsed .api file as the formatter reads it: every comment (found outside the
 * strings, tags, paths and bare values the syntax tree points at), and what lies between two
 * tokens: comments, `;` and line ends. Each comment is handed out once; the formatter checks
 * at the end that none was left. Internal to the api reader.
 */
import type { AstAnnotation, AstField, AstFile, AstPair, AstTypeExpr } from "./ast.js";
import { bareValue, NO, path, quoted, raw, spaces } from "./lexer.js";

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
    this.comments = findComments(s, opaqueSpans(s, ast));
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

/** Comments: `//` and `/*` outside the opaque spans (sorted [start, end) pairs). */
function findComments(s: string, opaque: Array<[number, number]>): Comment[] {
  const out: Comment[] = [];
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
      out.push({ start: i, end, text: s.slice(i, end).replace(/[ \t]+$/, ""), line: true });
      i = end;
    } else if (s.startsWith("/*", i)) {
      const close = s.indexOf("*/", i + 2);
      const end = close < 0 ? s.length : close + 2;
      out.push({ start: i, end, text: s.slice(i, end).replace(/\r\n/g, "\n"), line: false });
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

/**
 * Lists of items between an opening and a closing token (struct members, pairs, routes, type
 * declarations, statements) with the comments around them. Every comment keeps what decides
 * its meaning: comments on one source line stay on one line; one that starts its line starts
 * an output line; one followed by a token on its line stays before that token; a `;` that
 * shares its line is kept; blank lines next to comments stay (one). Comments after an item on
 * its line follow it. Internal to the api reader.
 */
import type { FormatSource, Gap } from "./format-source.js";
import { piecesText } from "./format-source.js";
import { blank, text, withPrefix, withSemicolon, withSuffix, type Line } from "./format-lines.js";

export interface Item {
  at: number;
  end: number;
  /** The item's lines at the list's depth. */
  lines(): Line[];
}

export interface ListOptions {
  depth: number;
  /** One blank line between two items where the source has any (else none). */
  blanks: boolean;
  /** Struct members: a `;` between a member and a comment after it is kept (the comment is then not the member's). */
  members?: boolean;
  /** Leave what follows the last item on its line to the caller. */
  leaveLastTrailing?: boolean;
}

/** The lines of `items`, which lie in [from, to) with only blanks, `;` and comments between them. */
export function listLines(src: FormatSource, items: Item[], from: number, to: number, opts: ListOptions): Line[] {
  const out: Line[] = [];
  let prev = from;
  items.forEach((item, i) => {
    const prefix = gapLines(out, src.gap(prev, item.at), opts.depth, i > 0 && opts.blanks, true);
    const lines = item.lines();
    if (lines.length === 0) throw new Error("formatter: an item without lines");
    lines[0] = withPrefix(lines[0]!, prefix);
    prev = item.end;
    if (!(opts.leaveLastTrailing && i === items.length - 1)) {
      const after = src.trailing(item.end);
      let last = lines[lines.length - 1]!;
      // `X int; // c`: the `;` keeps the comment from being X's; it stays, right after X.
      if (opts.members && after.pieces[0] === ";") last = withSemicolon(last);
      lines[lines.length - 1] = withSuffix(last, piecesText(after.pieces.filter((p) => p !== ";")));
      prev = after.end;
    }
    for (const l of lines) out.push(l); // spread, a huge item's lines overflowed the stack
  });
  gapLines(out, src.gap(prev, to), opts.depth, items.length > 0, false);
  return out;
}

/**
 * Lines for the comments of a gap, pushed to `out`. `blankFirst`: whether a blank line the
 * source has before the first group (or the next token, when there is none) is kept. Before a
 * token, returns the comments that share its line ("" when none); before a closing token
 * they get a line of their own (a `;` alone is dropped there).
 */
export function gapLines(out: Line[], gap: Gap, depth: number, blankFirst: boolean, beforeToken: boolean): string {
  const groups = beforeToken ? gap.groups : gap.groups.filter((g) => g.pieces.some((p) => p !== ";"));
  const prefixed = beforeToken && groups.length > 0 && gap.newlinesAfter === 0;
  let prefix = "";
  groups.forEach((g, k) => {
    if (k === 0 ? blankFirst && g.newlinesBefore >= 2 : g.newlinesBefore >= 2) out.push(blank);
    if (prefixed && k === groups.length - 1) prefix = piecesText(g.pieces);
    else out.push(text(depth, piecesText(g.pieces)));
  });
  if (beforeToken && !prefixed && gap.newlinesAfter >= 2 && (groups.length > 0 || blankFirst)) out.push(blank);
  return prefix;
}

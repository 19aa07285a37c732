/**
 * The farthest point a failed parse reached and what would have let it go on there. The parser
 * notes every token it looks for and does not find; the syntax stage words the error from the
 * notes at the farthest position ("unexpected X; expected Y"). Notes are kept only while a
 * recording runs (the second parse of a file that failed), so a file that parses pays nothing.
 * Internal to the api reader.
 */

export interface Farthest {
  /** The offset no alternative got past; -1 when nothing was noted. */
  at: number;
  /** What was looked for there, in the order it was looked for. */
  expected: string[];
}

let current: Farthest | null = null;

/** Notes that `what` was looked for at `at` and not found. */
export function missed(at: number, what: string): void {
  if (current === null || at < current.at) return;
  if (at > current.at) {
    current.at = at;
    current.expected = [what];
  } else if (!current.expected.includes(what)) current.expected.push(what);
}

/** Runs `parse` while noting what it missed. */
export function recording<T>(parse: () => T): { result: T; farthest: Farthest } {
  const farthest: Farthest = { at: -1, expected: [] };
  current = farthest;
  try {
    return { result: parse(), farthest };
  } finally {
    current = null;
  }
}

/**
 * The expectations as a list: the last looked for first (the alternatives nearest the failure
 * lead), e.g. `"}", ";", or end of line`.
 */
export function expectedText(expected: readonly string[]): string {
  const list = [...expected].reverse();
  if (list.length <= 2) return list.join(" or ");
  return `${list.slice(0, -1).join(", ")}, or ${list.at(-1)}`;
}

/**
 * `rule(s, p)` with nothing noted inside it: a type is one token to the reader of a message
 * ("expected a type"), not the characters it was made of.
 */
export function unnoted<T>(rule: (s: string, p: number) => T, s: string, p: number): T {
  if (current === null) return rule(s, p);
  const saved = current;
  current = null;
  try {
    return rule(s, p);
  } finally {
    current = saved;
  }
}

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
  /** The innermost `{` still open when the parser got there (a struct or service body), or -1. */
  brace: number;
}

let current: Farthest | null = null;
/** The `{` of the bodies the parser is inside, outermost first. */
const braces: number[] = [];

/** The parser enters the body opened by the `{` at `at`. */
export function entered(at: number): void {
  if (current !== null) braces.push(at);
}

/** The parser leaves the innermost body (closed or not). */
export function left(): void {
  if (current !== null) braces.pop();
}

/** Whether a recording runs (to skip building a note's text when none does). */
export const noting = (): boolean => current !== null;

/** Notes that `what` was looked for at `at` and not found. */
export function missed(at: number, what: string): void {
  if (current === null || at < current.at) return;
  if (at > current.at) {
    current.at = at;
    current.expected = [what];
    current.brace = braces.at(-1) ?? -1;
  } else if (!current.expected.includes(what)) current.expected.push(what);
}

/** Runs `parse` while noting what it missed. */
export function recording<T>(parse: () => T): { result: T; farthest: Farthest } {
  const farthest: Farthest = { at: -1, expected: [], brace: -1 };
  current = farthest;
  braces.length = 0;
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

/** The recording `unnoted` set aside, for a struct body inside the type it reads (`noted`). */
let paused: Farthest | null = null;

/**
 * `rule(s, p)` with nothing noted inside it: a type is one token to the reader of a message
 * ("expected a type"), not the characters it was made of.
 */
export function unnoted<T>(rule: (s: string, p: number) => T, s: string, p: number): T {
  // Nothing is noted inside, so no body is entered either.
  return current === null ? rule(s, p) : swapped(null, current, rule, s, p);
}

/**
 * `rule(s, p)` noted again inside an `unnoted` type: a struct body written in a type
 * (`[]{ ... }`, `map[string]{ ... }`) holds members, and an error among them is reported at
 * its token, as in a type declaration's body, not at the start of the type.
 */
export function noted<T>(rule: (s: string, p: number) => T, s: string, p: number): T {
  return paused === null ? rule(s, p) : swapped(paused, null, rule, s, p);
}

/** `rule(s, p)` with the running and the set-aside recording as given, both restored after. */
function swapped<T>(
  run: Farthest | null,
  aside: Farthest | null,
  rule: (s: string, p: number) => T,
  s: string,
  p: number,
): T {
  const [wasRunning, wasAside] = [current, paused];
  current = run;
  paused = aside;
  try {
    return rule(s, p);
  } finally {
    current = wasRunning;
    paused = wasAside;
  }
}

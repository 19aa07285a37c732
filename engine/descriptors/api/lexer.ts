/**
 * The tokens of the .api language as scanners: each takes the text and a position and returns
 * where the token ends, or NO when there is none there. Greedy, as a PEG reads: no scanner
 * gives back characters it took. Internal to the api reader.
 */

import type { AstComment } from "./ast.js";

export const NO = -1;

/** The comments skipped while collecting, by start (the parser may skip one in several attempts). */
let skipped: Map<number, number> | null = null;

/**
 * Runs `parse`, collecting the comments the blanks between tokens hold: the parser skips every
 * comment of a file that parses, and nothing else, so these are the file's comments.
 */
export function collectingComments<T>(parse: () => T): { result: T; comments: AstComment[] } {
  const found = new Map<number, number>();
  skipped = found;
  try {
    const result = parse();
    const comments: AstComment[] = [];
    for (const start of [...found.keys()].sort((a, b) => a - b)) {
      // One comment is only ever read from its start; this only guards the order.
      if (start >= (comments.at(-1)?.end ?? 0)) comments.push({ start, end: found.get(start)! });
    }
    return { result, comments };
  } finally {
    skipped = null;
  }
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;

const isLetter = (c: number): boolean => (c >= 0x61 && c <= 0x7a) || (c >= 0x41 && c <= 0x5a) || c === 0x5f;
const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
/** `identPart`: a letter, digit or `_`. */
export const isIdentPart = (c: number): boolean => isLetter(c) || isDigit(c);

/** `lineComment`: `//` up to (not including) the end of the line. */
function lineComment(s: string, p: number): number {
  if (!s.startsWith("//", p)) return NO;
  let i = p + 2;
  while (i < s.length && s.charCodeAt(i) !== LF && s.charCodeAt(i) !== CR) i++;
  return i;
}

/** `blockComment`: `/* ... *\/`; an unclosed one does not match. */
function blockComment(s: string, p: number): number {
  if (!s.startsWith("/*", p)) return NO;
  const close = s.indexOf("*/", p + 2);
  return close < 0 ? NO : close + 2;
}

/** What a syntactic rule skips before each token: characters up to ' ' and comments. */
export function spaces(s: string, p: number): number {
  for (;;) {
    if (s.charCodeAt(p) <= SPACE) p++;
    else {
      const line = lineComment(s, p);
      const next = line === NO ? blockComment(s, p) : line;
      if (next === NO) return p;
      skipped?.set(p, next);
      p = next;
    }
  }
}

/** Blanks within a line: spaces, tabs and block comments; returns p when there are none. */
export function hsp(s: string, p: number): number {
  for (;;) {
    const c = s.charCodeAt(p);
    if (c === SPACE || c === TAB) p++;
    else {
      const next = blockComment(s, p);
      if (next === NO) return p;
      skipped?.set(p, next);
      p = next;
    }
  }
}

/** hsp inside a bare value, whose text keeps what it holds (a comment there is part of the value). */
function valueBlanks(s: string, p: number): number {
  for (;;) {
    const c = s.charCodeAt(p);
    if (c === SPACE || c === TAB) p++;
    else {
      const next = blockComment(s, p);
      if (next === NO) return p;
      p = next;
    }
  }
}

/** `gap`: blanks, line ends, `;` and comments between struct members. */
export function gap(s: string, p: number): number {
  for (;;) {
    const c = s.charCodeAt(p);
    if (c === SPACE || c === TAB || c === LF || c === CR || c === 0x3b) p++;
    else {
      const line = lineComment(s, p);
      const next = line === NO ? blockComment(s, p) : line;
      if (next === NO) return p;
      skipped?.set(p, next);
      p = next;
    }
  }
}

/** A name: a letter or `_`, then letters, digits, `_` and the `extra` characters. */
function name(s: string, p: number, extra: string): number {
  if (!isLetter(s.charCodeAt(p))) return NO;
  let i = p + 1;
  while (i < s.length && (isIdentPart(s.charCodeAt(i)) || extra.includes(s[i]!))) i++;
  return i;
}

export const ident = (s: string, p: number): number => name(s, p, "");
export const serviceName = (s: string, p: number): number => name(s, p, "-");
export const key = (s: string, p: number): number => name(s, p, "-.");

/** A keyword (`word ~identPart`). */
export function keyword(s: string, p: number, word: string): number {
  return s.startsWith(word, p) && !isIdentPart(s.charCodeAt(p + word.length)) ? p + word.length : NO;
}

const METHODS = ["get", "post", "put", "delete", "patch", "head", "options", "connect", "trace"];

/** `method`: an HTTP method in lower case (none is a prefix of another, so order does not matter). */
export function method(s: string, p: number): number {
  for (const m of METHODS) if (s.startsWith(m, p)) return keyword(s, p, m);
  return NO;
}

const PATH_CHARS = "_-.~+%@!$&,=";
const isPathChar = (c: number): boolean => isIdentPart(c) || PATH_CHARS.includes(String.fromCharCode(c));

/** `path`: one or more `/`, each followed by an optional `:`? segment. */
export function path(s: string, p: number): number {
  let i = p;
  while (s.charCodeAt(i) === 0x2f) {
    i++;
    let j = s.charCodeAt(i) === 0x3a ? i + 1 : i;
    const from = j;
    while (j < s.length && isPathChar(s.charCodeAt(j))) j++;
    if (j > from) i = j;
  }
  return i > p ? i : NO;
}

/**
 * `string` (multiline false) or `longString` (true): a double-quoted string. A backslash takes
 * the next character with it whatever it is, a line end included.
 */
export function quoted(s: string, p: number, multiline: boolean): number {
  if (s.charCodeAt(p) !== 0x22) return NO;
  for (let i = p + 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (!multiline && (c === LF || c === CR)) return NO;
    if (c === 0x5c) {
      if (i + 1 >= s.length) return NO;
      i++;
    }
  }
  return NO;
}

/** `rawString`: a back-quoted string. */
export function raw(s: string, p: number): number {
  if (s.charCodeAt(p) !== 0x60) return NO;
  const close = s.indexOf("`", p + 1);
  return close < 0 ? NO : close + 1;
}

/** `bareWord`: characters up to a blank, line end, `)`, `"` or backquote, not starting a comment. */
function bareWord(s: string, p: number): number {
  if (s.startsWith("//", p) || s.startsWith("/*", p)) return NO;
  let i = p;
  for (; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === SPACE || c === TAB || c === LF || c === CR || c === 0x29 || c === 0x22 || c === 0x60) break;
  }
  return i > p ? i : NO;
}

/** `bareValue`: words on one line, up to the next `key:` on that line. */
export function bareValue(s: string, p: number): number {
  let end = bareWord(s, p);
  if (end === NO) return NO;
  for (;;) {
    const h = valueBlanks(s, end);
    if (h === end) return end;
    const k = key(s, h);
    if (k !== NO && s.charCodeAt(valueBlanks(s, k)) === 0x3a) return end;
    const w = bareWord(s, h);
    if (w === NO) return end;
    end = w;
  }
}

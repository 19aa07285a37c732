/**
 * Descriptor readers recurse over nested constructs; input nested deeper than any real file
 * would exhaust the stack. This scan finds the first place that goes past the limits, so the
 * reader can refuse it with a position instead of crashing. Strings and comments are skipped.
 */
export const NESTING_LIMIT = 64;
export const PREFIX_CHAIN_LIMIT = 32;

/**
 * Offset of the first construct nested too deep, with what it is; null when within limits.
 *
 * A chain of type prefixes is what a type parser recurses over without any bracket to count:
 * `*`, `[]`, and a bracketed group `[N]`, `[...]`, `map[K]` once it closes (the word `map`
 * before `[` continues the chain). Inside `[...]` the chain goes on (a map key's prefixes add to
 * the map's); `{` and `(` start a fresh one, and so does any other character.
 */
export function tooDeep(text: string): { offset: number; what: string } | null {
  const prefixes = (offset: number) => ({
    offset,
    what: `more than ${PREFIX_CHAIN_LIMIT} type prefixes ([], [N], * or map[K]) in a row`,
  });
  let chain = 0;
  // The chain at each open bracket (the bracket's character code first), to resume after a `]`.
  const open: Array<{ bracket: number; chain: number }> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
      continue;
    }
    if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
      continue;
    }
    if (c === '"' || c === "'" || c === "`") {
      for (i++; i < text.length && text[i] !== c && text[i] !== "\n"; i++) if (text[i] === "\\") i++;
      continue;
    }
    if (c === "[" && text[i + 1] === "]") {
      if (++chain > PREFIX_CHAIN_LIMIT) return prefixes(i);
      i++;
      continue;
    }
    if (c === "*") {
      if (++chain > PREFIX_CHAIN_LIMIT) return prefixes(i);
      continue;
    }
    if (c === "m" && isMapKeyword(text, i)) {
      i += 2;
      continue;
    }
    if (c === "{" || c === "(" || c === "[") {
      open.push({ bracket: c.charCodeAt(0), chain });
      if (open.length > NESTING_LIMIT) return { offset: i, what: `nesting deeper than ${NESTING_LIMIT} levels` };
      if (c !== "[") chain = 0;
      continue;
    }
    if (c === "}" || c === ")" || c === "]") {
      const was = open.pop();
      chain = c === "]" && was?.bracket === 0x5b ? was.chain + 1 : 0;
      if (chain > PREFIX_CHAIN_LIMIT) return prefixes(i);
      continue;
    }
    if (!isSpace(c)) chain = 0;
  }
  return null;
}

/** `map` as a word (not the end of a longer name) followed by white space and `[`. */
function isMapKeyword(text: string, i: number): boolean {
  if (!text.startsWith("map", i) || (i > 0 && isWordChar(text.charCodeAt(i - 1)))) return false;
  let j = i + 3;
  while (j < text.length && isSpace(text[j]!)) j++;
  return text[j] === "[";
}

function isWordChar(code: number): boolean {
  return (
    (code >= 0x30 && code <= 0x39) ||
    (code >= 0x41 && code <= 0x5a) ||
    (code >= 0x61 && code <= 0x7a) ||
    code === 0x5f ||
    code > 0x7f
  );
}

/** `/\s/.test(c)` for one character, without running a regular expression for the ASCII ones (nearly all). */
function isSpace(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(c);
}

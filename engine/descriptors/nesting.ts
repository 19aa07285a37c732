/**
 * Descriptor readers recurse over nested constructs; input nested deeper than any real file
 * would exhaust the stack. This scan finds the first place that goes past the limits, so the
 * reader can refuse it with a position instead of crashing. Strings and comments are skipped.
 */
export const NESTING_LIMIT = 64;
export const PREFIX_CHAIN_LIMIT = 32;

/** Offset of the first construct nested too deep, with what it is; null when within limits. */
export function tooDeep(text: string): { offset: number; what: string } | null {
  let depth = 0;
  let chain = 0;
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
      if (++chain > PREFIX_CHAIN_LIMIT) return { offset: i, what: `more than ${PREFIX_CHAIN_LIMIT} type prefixes ([] or *) in a row` };
      i++;
      continue;
    }
    if (c === "*") {
      if (++chain > PREFIX_CHAIN_LIMIT) return { offset: i, what: `more than ${PREFIX_CHAIN_LIMIT} type prefixes ([] or *) in a row` };
      continue;
    }
    if (!isSpace(c)) chain = 0;
    if (c === "{" || c === "(" || c === "[") {
      if (++depth > NESTING_LIMIT) return { offset: i, what: `nesting deeper than ${NESTING_LIMIT} levels` };
    } else if (c === "}" || c === ")" || c === "]") {
      depth = Math.max(0, depth - 1);
    }
  }
  return null;
}

/** `/\s/.test(c)` for one character, without running a regular expression for the ASCII ones (nearly all). */
function isSpace(c: string): boolean {
  const code = c.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return /\s/.test(c);
}

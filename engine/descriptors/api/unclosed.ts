/**
 * A syntax error inside a body (the parser says which `{` was open there) where a new
 * declaration starts, or at the end of the file, is a missing `}`. Internal to the api reader.
 */

const DECLARATION = /^[ \t]*(?:type|service|import|info|syntax)\b/;

/** Where the line holding `offset` starts (after a \n, a \r, or at 0). */
function lineStart(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== "\n" && text[i - 1] !== "\r") i--;
  return i;
}

function indentOf(line: string): number {
  return /^[ \t]*/.exec(line)?.[0].length ?? 0;
}

/**
 * True when `offset` lies on a line that starts a top-level declaration (or at the end of the
 * file); `@server` too when the open body is a type's (inside a service, `@server`, `@handler`
 * and `@doc` lines are the body's own). The line may not be indented deeper than the one that
 * opened the body: a member named like a keyword (`info string`) is the body's own.
 */
export function startsDeclaration(text: string, offset: number, brace: number): boolean {
  if (text.slice(offset).trim() === "") return true;
  const line = text.slice(lineStart(text, offset), offset + 16);
  const opener = text.slice(lineStart(text, brace), brace);
  if (indentOf(line) > indentOf(opener)) return false;
  return DECLARATION.test(line) || (/^[ \t]*@server\b/.test(line) && /^[ \t]*type\b/.test(opener));
}

/** Where the line holding `offset` starts its text (the declaration), or `offset` at the end of the file. */
export function declarationStart(text: string, offset: number): number {
  if (text.slice(offset).trim() === "") return offset;
  let i = lineStart(text, offset);
  while (text[i] === " " || text[i] === "\t") i++;
  return i;
}

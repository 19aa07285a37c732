/**
 * A syntax error inside a body (the parser says which `{` was open there) where a new
 * declaration starts, or at the end of the file, is a missing `}`. Internal to the api reader.
 */

const DECLARATION = /^[ \t]*(?:type|service|import|info|syntax)\b/;

/**
 * True when `offset` lies on a line that starts a top-level declaration (or at the end of the
 * file); `@server` too when the open body is a type's (inside a service, `@server`, `@handler`
 * and `@doc` lines are the body's own).
 */
export function startsDeclaration(text: string, offset: number, brace: number): boolean {
  if (text.slice(offset).trim() === "") return true;
  const line = text.slice(text.lastIndexOf("\n", offset - 1) + 1, offset + 16);
  const opener = text.slice(text.lastIndexOf("\n", brace) + 1, brace);
  return DECLARATION.test(line) || (/^[ \t]*@server\b/.test(line) && /^[ \t]*type\b/.test(opener));
}

/** Where the line holding `offset` starts its text (the declaration), or `offset` at the end of the file. */
export function declarationStart(text: string, offset: number): number {
  if (text.slice(offset).trim() === "") return offset;
  let i = text.lastIndexOf("\n", offset - 1) + 1;
  while (text[i] === " " || text[i] === "\t") i++;
  return i;
}

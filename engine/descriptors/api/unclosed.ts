/**
 * The `{` still open at a position of an .api file, outside comments and strings: a syntax
 * error where a new declaration starts inside a body is a missing `}`, and says which.
 * Internal to the api reader.
 */

/** Offset of the innermost `{` open at `offset`, or -1. */
export function openBraceAt(text: string, offset: number): number {
  const open: number[] = [];
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text[i];
    if (c === "/" && text[i + 1] === "/") {
      const end = text.indexOf("\n", i);
      i = end < 0 ? text.length : end;
    } else if (c === "/" && text[i + 1] === "*") {
      const end = text.indexOf("*/", i + 2);
      i = end < 0 ? text.length : end + 1;
    } else if (c === "`") {
      const end = text.indexOf("`", i + 1);
      i = end < 0 ? text.length : end;
    } else if (c === '"') {
      i++;
      while (i < text.length && text[i] !== '"' && text[i] !== "\n") i += text[i] === "\\" ? 2 : 1;
    } else if (c === "{") {
      open.push(i);
    } else if (c === "}") {
      open.pop();
    }
  }
  return open.at(-1) ?? -1;
}

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

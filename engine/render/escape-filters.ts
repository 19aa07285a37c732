/**
 * Escaping filters: text that comes from a descriptor (a doc, a comment, a default, a name)
 * reaches a generated file only through one of these, chosen for the place it lands. Each one
 * states what its output can never contain, whatever the input; none knows a target language,
 * only families of syntax (C-family string literals, one-line comments, raw strings, YAML,
 * Markdown, the property names of JavaScript-family object literals and types).
 */

/** Line breaks of any convention: CR, LF, VT, FF, NEL, LINE and PARAGRAPH SEPARATOR. */
const lineBreaks = /\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/g;
/** C0 and C1 controls (tab excepted), DEL, and a surrogate half without its pair. */
const unprintable =
  /[\u0000-\u0008\u000e-\u001f\u007f-\u0084\u0086-\u009f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/**
 * Invisible format characters (Unicode Cf) of the Basic Multilingual Plane: the bidirectional
 * controls (U+202A–U+202E, U+2066–U+2069), zero-width characters (U+200B–U+200F), a byte order
 * mark... Written raw they make generated code read differently from what it is ("Trojan
 * Source"), so every filter writes them as the escape `\u202e` (as text in a comment). Those
 * above U+FFFF (tag characters of flag emoji) have no escape C-family languages, JSON and YAML
 * share, and are invisible but reorder nothing: they are left as they are.
 */
const format = /\p{Cf}/gu;
const isFormat = (c: string): boolean => c.length === 1 && /\p{Cf}/u.test(c);
const formatEscape = (c: string): string =>
  c.length === 1 ? "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0") : c;
const isSurrogateHalf = (c: string): boolean =>
  c.length === 1 && c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff;

const text = (input: unknown): string => String(input ?? "");

/**
 * A double-quoted string literal in the subset every C-family language, JSON and YAML read
 * alike: `\"`, `\\`, `\n`, `\r`, `\t` and `\uXXXX` for every other control, DEL, the Unicode
 * line separators and the invisible format characters (a byte order mark, the bidirectional
 * controls). A surrogate half (no character) becomes U+FFFD. The result holds no raw control
 * character and no unescaped quote, so it cannot end early.
 */
export function cString(input: unknown): string {
  // With the u flag a pair of surrogates is one character: only a half without its pair matches.
  const body = text(input).replace(/[\\"\u0000-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]|\p{Cf}/gu, (c) => {
    if (c === "\\" || c === '"') return "\\" + c;
    if (c === "\n") return "\\n";
    if (c === "\r") return "\\r";
    if (c === "\t") return "\\t";
    if (isSurrogateHalf(c)) return "\\ufffd";
    return formatEscape(c);
  });
  return `"${body}"`;
}

/**
 * Text for a one-line comment: every line break becomes a space, every other unprintable
 * character U+FFFD, an invisible format character its escape as text (`\u202e`).
 */
export function lineComment(input: unknown): string {
  return text(input).replace(lineBreaks, " ").replace(unprintable, "\ufffd").replace(format, formatEscape);
}

/**
 * Text for a block comment (`/* … *\/`): lines are kept, `*\/` cannot occur, unprintable
 * characters become U+FFFD, invisible format characters their escape as text.
 */
export function blockComment(input: unknown): string {
  return text(input)
    .replace(lineBreaks, "\n")
    .replace(unprintable, "\ufffd")
    .replace(format, formatEscape)
    .replace(/\*(?=\/)/g, "* ");
}

/**
 * A raw string literal between `delimiter`s (a backquote by default) when the text holds no
 * delimiter, no control character but tab and no invisible format character; otherwise the
 * double-quoted literal of cString.
 * Either way the literal reads back as the same text.
 */
export function rawString(input: unknown, delimiter: unknown = "`"): string {
  const s = text(input);
  const d = text(delimiter);
  const plain =
    d.length > 0 &&
    !s.includes(d) &&
    !/[\u0000-\u0008\u000a-\u001f\u007f-\u009f\u2028\u2029\ud800-\udfff]/.test(s) &&
    ![...s].some(isFormat);
  return plain ? d + s + d : cString(s);
}

/** A YAML double-quoted scalar (the escapes YAML shares with JSON; see cString). */
export function yamlString(input: unknown): string {
  return cString(input);
}

/**
 * Markdown inline text: one line, the characters that open emphasis, links, code, HTML, entities,
 * table cells and headings backslash-escaped, as is a list or heading marker at its start;
 * unprintable characters become U+FFFD.
 */
export function mdInline(input: unknown): string {
  return lineComment(input)
    .replace(/[\\`*_[\]<>|~&!#]/g, (c) => "\\" + c)
    .replace(/^(\s*)([-+=])/, "$1\\$2")
    .replace(/^(\s*\d+)([.)])/, "$1\\$2");
}

/**
 * A Markdown code span holding the text verbatim: delimited by one backquote more than the
 * longest run inside, on one line, with `|` escaped so it stays inside a table cell (GitHub's
 * tables remove that backslash, also inside code spans).
 */
export function mdCode(input: unknown): string {
  const s = lineComment(input).replace(/\|/g, "\\|");
  if (s === "") return "";
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((run) => run.length));
  const fence = "`".repeat(longest + 1);
  const pad =
    s.startsWith("`") || s.endsWith("`") || (s.startsWith(" ") && s.endsWith(" ") && s.trim() !== "") ? " " : "";
  return fence + pad + s + pad + fence;
}

/** An identifier name in the ASCII subset every JavaScript-family language reads as one. */
const identifierName = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * A property name in an object literal or an object type of the JavaScript family (JavaScript,
 * TypeScript, JSON5): the bare name when it is an ASCII identifier name, else the cString
 * literal. `__proto__` is written as a computed name (`["__proto__"]`): bare or quoted, it sets
 * an object literal's prototype instead of naming a property.
 */
export function propertyKey(input: unknown): string {
  const s = text(input);
  if (s === "__proto__") return `[${cString(s)}]`;
  return identifierName.test(s) ? s : cString(s);
}

/** Reading a property in the JavaScript family: `.name` for an ASCII identifier name, else `["…"]` (cString). */
export function propertyAccess(input: unknown): string {
  const s = text(input);
  return identifierName.test(s) ? "." + s : `[${cString(s)}]`;
}

export const escapeFilters: Record<string, (...args: never[]) => unknown> = {
  c_string: cString,
  line_comment: lineComment,
  block_comment: blockComment,
  raw_string: rawString,
  yaml_string: yamlString,
  md_inline: mdInline,
  md_code: mdCode,
  property_key: propertyKey,
  property_access: propertyAccess,
};

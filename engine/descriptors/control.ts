/**
 * A raw control character (NUL, ESC, backspace...) has no place in the text of an .api or a
 * .proto file: protoc refuses one, and one that got through would travel into names, comments
 * and strings of the generated code. The readers refuse the file at the first one instead.
 * Tab, line feed, carriage return, vertical tab and form feed are whitespace.
 */
const CONTROL = /[\u0000-\u0008\u000e-\u001f\u007f]/;

/** Offset of the first raw control character with its description, or null. */
export function firstControlCharacter(text: string): { offset: number; what: string } | null {
  const m = CONTROL.exec(text);
  if (!m) return null;
  const code = m[0].charCodeAt(0);
  return {
    offset: m.index,
    what: `control character U+${code.toString(16).toUpperCase().padStart(4, "0")}${code === 0 ? " (NUL)" : ""}`,
  };
}

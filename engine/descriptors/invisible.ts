/**
 * Invisible format characters (Unicode's Cf class: the bidirectional controls U+202A–U+202E and
 * U+2066–U+2069, the zero-width characters U+200B–U+200F and U+2060–U+2064, a byte order mark
 * inside the text, ...) make source code read differently from what it is ("Trojan Source"): a
 * right-to-left override in a name or a comment reorders what an editor or a review shows. In a
 * name one is never meant, and the readers refuse it with its position. Text that may hold one
 * (a doc, a comment, a string) reaches generated files only through the escaping filters, which
 * write it as an escape (`\u202e`).
 */

const FORMAT = /\p{Cf}/u;

const NAMES: Record<number, string> = {
  0x061c: "arabic letter mark",
  0x200b: "zero width space",
  0x200c: "zero width non-joiner",
  0x200d: "zero width joiner",
  0x200e: "left-to-right mark",
  0x200f: "right-to-left mark",
  0x202a: "left-to-right embedding",
  0x202b: "right-to-left embedding",
  0x202c: "pop directional formatting",
  0x202d: "left-to-right override",
  0x202e: "right-to-left override",
  0x2060: "word joiner",
  0x2066: "left-to-right isolate",
  0x2067: "right-to-left isolate",
  0x2068: "first strong isolate",
  0x2069: "pop directional isolate",
  0xfeff: "zero width no-break space (byte order mark)",
};

/** `U+202E (right-to-left override)`. */
export function describeFormatCharacter(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  return NAMES[code] ? `${hex} (${NAMES[code]})` : hex;
}

/** The first invisible format character of a name, described; null when it has none. */
export function formatCharacterIn(name: string): string | null {
  const m = FORMAT.exec(name);
  return m ? describeFormatCharacter(m[0].codePointAt(0)!) : null;
}

/** A name for a message: JSON-quoted, with its format characters written as escapes. */
export function shownName(name: string): string {
  return JSON.stringify(name).replace(/\p{Cf}/gu, (c) => {
    const code = c.codePointAt(0)!;
    return code > 0xffff ? `\\u{${code.toString(16)}}` : `\\u${code.toString(16).padStart(4, "0")}`;
  });
}

/** Offset of the first invisible format character of a text, with its description; a byte order mark at the start is none. */
export function firstFormatCharacter(text: string): { offset: number; what: string } | null {
  return scan(text, false);
}

/**
 * The same outside an .api file's comments (`//`, `/* *\/`) and strings (`"…"`, which may span
 * lines, and raw `` `…` ``): where its names, keywords and bare values are.
 */
export function firstFormatCharacterOutsideApiText(text: string): { offset: number; what: string } | null {
  return scan(text, true);
}

function scan(text: string, skipApiText: boolean): { offset: number; what: string } | null {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (skipApiText) {
      if (c === 0x2f && text.charCodeAt(i + 1) === 0x2f) {
        while (i < text.length && text.charCodeAt(i) !== 0x0a) i++;
        continue;
      }
      if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a) {
        const end = text.indexOf("*/", i + 2);
        i = end < 0 ? text.length : end + 1;
        continue;
      }
      if (c === 0x22 || c === 0x60) {
        for (i++; i < text.length && text.charCodeAt(i) !== c; i++) if (c === 0x22 && text.charCodeAt(i) === 0x5c) i++;
        continue;
      }
    }
    // Every format character lies above U+00AC: ASCII text is passed over at once.
    if (c < 0xad || (i === 0 && c === 0xfeff)) continue;
    const code = text.codePointAt(i)!;
    if (FORMAT.test(String.fromCodePoint(code)))
      return { offset: i, what: `invisible format character ${describeFormatCharacter(code)}` };
    if (code > 0xffff) i++;
  }
  return null;
}

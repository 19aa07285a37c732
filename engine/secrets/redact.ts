/**
 * Passwords out of datasources before they are printed. The one redaction every message,
 * `codegen config` line and stored text goes through; the password becomes `***` and the rest
 * stays as written, so the user still recognizes the datasource:
 *
 *   mysql://user:pa@ss@host/db          → mysql://user:***@host/db   (the password runs to the
 *                                          last @ before the host, as the driver reads it)
 *   user:pass@tcp(host:3306)/db          → user:***@tcp(host:3306)/db (the MySQL driver's own form)
 *   host=h password='a b' dbname=x       → host=h password=*** dbname=x (libpq keyword form)
 *   postgres://u@h/db?password=p&x=1     → postgres://u@h/db?password=***&x=1
 *   sqlite:path/to/file.db               → unchanged (a file path holds no password)
 *
 * It works on any text (a URL alone, or a message holding one). A text that only looks like a
 * datasource may lose more than a password; a password is never left in.
 */

/** Keys whose value is a password, in a keyword DSN or a URL's query. */
const KEYS = "(?:ssl)?pass(?:word|wd)?|pwd";

/** Schemes whose "user:pass@" could only be part of a file name. */
const FILE_SCHEME = /^(?:sqlite3?|file)$/i;

/** password=value at the start of a word: a quoted value ('a b', \' escapes) or up to white space. */
const KEYWORD = new RegExp(`(^|\\s)(${KEYS})(\\s*=\\s*)('(?:[^'\\\\]|\\\\.)*'?|[^\\s]*)`, "gi");

/** ?password=value or &password=value in a URL's query. */
const QUERY = new RegExp(`([?&;])(${KEYS})=([^&#\\s]*)`, "gi");

/** What may come after the driver DSN's "@": an address in a network's parentheses, then "/". */
const DRIVER_ADDRESS = /(?:[a-z][a-z0-9]{0,15}\([^)\s]{0,512}\))?\//iy;

/** Characters that end the word before a driver DSN's user name (quotes, `key=`, lists). */
const WORD_START = "\"'=,;([{";

export const REDACTED = "***";

/**
 * The text with every password replaced by `***`. Linear in the text's length (user info is found
 * with index searches per word, never with a pattern that backtracks over the whole word): the
 * text may be a hostile project's config value.
 */
export function redactDatasource(text: string): string {
  const keywordsDone = text.replace(KEYWORD, (all: string, before: string, key: string, eq: string, value: string) =>
    value === "" ? all : `${before}${key}${eq}${REDACTED}`,
  );
  const wordsDone = keywordsDone
    .split(/(\s+)/)
    .map((word) => (word.includes("@") ? redactUserInfo(word) : word))
    .join("");
  return wordsDone.replace(QUERY, (all: string, sep: string, key: string, value: string) =>
    value === "" ? all : `${sep}${key}=${REDACTED}`,
  );
}

/**
 * One word (no white space) with the password of its user info replaced:
 *   scheme://user:password@…  the user ends at the first ":", the password at the word's last "@"
 *                             (a password may hold "@", "/", "?" and "#": the MySQL driver reads
 *                             them so, and a URL that does not parse is still printed in its error)
 *   user:password@tcp(addr)/… the MySQL driver's DSN: the password ends at the last "@" that an
 *                             address and "/" follow
 */
function redactUserInfo(word: string): string {
  const scheme = word.indexOf("://");
  if (scheme > 0) {
    let from = scheme;
    while (from > 0 && /[a-z0-9+.-]/i.test(word[from - 1]!)) from--;
    const name = word.slice(from, scheme).replace(/^[^a-z]+/i, "");
    if (name === "" || FILE_SCHEME.test(name)) return word;
    const info = scheme + 3;
    const colon = firstOf(word, ":/?#", info);
    const at = word.lastIndexOf("@");
    if (colon < 0 || word[colon] !== ":" || at <= colon + 1) return word;
    return `${word.slice(0, colon)}:${REDACTED}${word.slice(at)}`;
  }
  const colon = word.indexOf(":");
  if (colon <= 0) return word;
  let from = colon;
  while (from > 0 && !WORD_START.includes(word[from - 1]!)) from--;
  const user = word.slice(from, colon);
  if (user === "" || /[/@]/.test(user) || FILE_SCHEME.test(user)) return word;
  for (let at = word.lastIndexOf("@"); at > colon + 1; at = word.lastIndexOf("@", at - 1)) {
    DRIVER_ADDRESS.lastIndex = at + 1;
    if (DRIVER_ADDRESS.test(word)) return `${word.slice(0, colon)}:${REDACTED}${word.slice(at)}`;
  }
  return word;
}

/** The index of the first of these characters at or after `from`, or -1. */
function firstOf(text: string, chars: string, from: number): number {
  for (let i = from; i < text.length; i++) if (chars.includes(text[i]!)) return i;
  return -1;
}

/** Every string inside a value (a config value: a string, a list, an object) redacted. */
export function redactValue<T>(value: T): T {
  if (typeof value === "string") return redactDatasource(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactValue(v)) as T;
  if (value !== null && typeof value === "object")
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactValue(v)])) as T;
  return value;
}

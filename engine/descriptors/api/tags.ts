/**
 * Struct field tags (`json:"name,optional" path:"id"`), following Go's struct tag
 * convention: space-separated key:"value" pairs. Internal to the api reader.
 */
import type { ApiTag } from "../../ir/index.js";

export type TagResult = { tags: ApiTag[] } | { error: string; offset: number };

/** Parse the text between the backquotes; `offset` of an error is relative to that text. */
export function parseTags(raw: string): TagResult {
  const tags: ApiTag[] = [];
  let i = 0;
  while (true) {
    while (i < raw.length && /\s/.test(raw[i] ?? "")) i++;
    if (i >= raw.length) return { tags };
    const keyStart = i;
    while (i < raw.length && /[^\s:"`]/.test(raw[i] ?? "")) i++;
    const key = raw.slice(keyStart, i);
    if (key === "") return { error: `expected a tag key, found ${JSON.stringify(raw[i])}`, offset: i };
    if (raw[i] !== ":" || raw[i + 1] !== '"') return { error: `tag key ${key} must be followed by :"value"`, offset: i };
    i += 2;
    let value = "";
    while (i < raw.length && raw[i] !== '"') {
      if (raw[i] === "\\" && i + 1 < raw.length) i++;
      value += raw[i];
      i++;
    }
    if (i >= raw.length) return { error: `tag ${key} has no closing quote`, offset: keyStart };
    i++;
    if (tags.some((t) => t.key === key)) return { error: `tag key ${key} is repeated`, offset: keyStart };
    const [name = "", ...options] = value.split(",");
    tags.push({ key, name, options, value });
  }
}

/** True when a tag marks the field optional (`optional`, or `omitempty` on json). */
export function isOptional(tags: ApiTag[]): boolean {
  return tags.some((t) => t.options.includes("optional") || (t.key === "json" && t.options.includes("omitempty")));
}

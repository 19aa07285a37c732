/** A regex literal's value, and the matching jsonata's string functions do with one. */
import { Unsupported } from "./values.js";

export interface RegexMatch {
  match: string;
  index: number;
  groups: (string | undefined)[];
}

export class RegexValue {
  private readonly global: RegExp;

  constructor(readonly source: RegExp) {
    this.global = new RegExp(source.source, source.flags.includes("g") ? source.flags : source.flags + "g");
  }

  test(text: string): boolean {
    this.global.lastIndex = 0;
    return this.global.exec(text) !== null;
  }

  /** Up to `limit` matches from the start; a match of no characters is left to jsonata (it is an error there). */
  matches(text: string, limit = Infinity): RegexMatch[] {
    const out: RegexMatch[] = [];
    this.global.lastIndex = 0;
    while (out.length < limit) {
      const m = this.global.exec(text);
      if (!m) break;
      if (m[0].length === 0) throw new Unsupported("a regex matching the empty string");
      out.push({ match: m[0], index: m.index, groups: m.slice(1) });
    }
    return out;
  }
}

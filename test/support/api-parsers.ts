/**
 * The two .api parsers side by side, for the tests that hold the hand-written one to ohm's
 * answers: ohm's statements for a text, a strict comparison of two trees, both over many files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import type { AstStatement } from "../../engine/descriptors/api/ast.js";
import { fastParse } from "../../engine/descriptors/api/fast-parse.js";
import { apiGrammar } from "../../engine/descriptors/api/grammar.js";
import { apiSemantics } from "../../engine/descriptors/api/semantics.js";
import { tooDeep } from "../../engine/descriptors/nesting.js";

/** What ohm and semantics.ts give for `clean` (text with any BOM already replaced), or null when ohm fails. */
export function ohmStatements(clean: string): AstStatement[] | null {
  const match = apiGrammar().match(clean);
  return match.succeeded() ? (apiSemantics()(match)["ast"]() as AstStatement[]) : null;
}

/**
 * Where two trees first differ (a path like `[2].decls[0].end`), or null when they are the same:
 * the same keys in the same order, an undefined value apart from a missing key, and numbers
 * compared with Object.is (Infinity is Infinity).
 */
export function firstDifference(a: unknown, b: unknown, at = ""): string | null {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? null : `${at || "root"}: ${String(a)} vs ${String(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join() !== kb.join()) return `${at}: keys ${ka.join()} vs ${kb.join()}`;
  for (const k of ka) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`,
    );
    if (d) return d;
  }
  return null;
}

/** The text as syntax.ts hands it to the parsers: a byte-order mark becomes a space. */
export const cleanText = (text: string): string => (text.charCodeAt(0) === 0xfeff ? " " + text.slice(1) : text);

/** Both parsers on each named text: what they disagree on, what only ohm parses, and the tallies. */
export function compareParsers(inputs: Array<[string, string]>): {
  wrong: string[];
  gaveUp: string[];
  parsed: number;
  refused: number;
} {
  const result = { wrong: [] as string[], gaveUp: [] as string[], parsed: 0, refused: 0 };
  for (const [name, text] of inputs) {
    const clean = cleanText(text);
    if (tooDeep(clean)) continue; // refused before either parser runs
    const fast = fastParse(clean);
    const ohm = ohmStatements(clean);
    if (ohm === null) {
      result.refused++;
      if (fast !== null) result.wrong.push(`${name}: parsed where ohm fails`);
      continue;
    }
    result.parsed++;
    const difference = fast === null ? null : firstDifference(fast, ohm);
    if (fast === null) result.gaveUp.push(name);
    else if (difference) result.wrong.push(`${name}: ${difference}`);
  }
  return result;
}

/** The `.api` files under `dir` (none when it does not exist), as [path relative to `base` with `label`, text]. */
export function apiFilesIn(dir: string, base: string, label: string): Array<[string, string]> {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".api"))
    .map((e) => join(e.parentPath, e.name))
    .sort()
    .map((f): [string, string] => [`${label}/${relative(base, f)}`, readFileSync(f, "utf8")]);
}

/**
 * The formatter's promise, checked on one text (by the fuzz test, the golden format cases and
 * the unit tests): a text that parses formats to one that parses to the same statements
 * (positions aside, `syntax`, `info` and imports first), keeps every comment as the reader
 * reads it, and is a fixed point; a text that does not parse gives a diagnostic.
 */
import { formatApiSource } from "../../engine/descriptors/api/format.js";
import { apiMeaning } from "../../engine/descriptors/api/format-check.js";
import { parseOrDiagnose } from "../../engine/descriptors/api/syntax.js";
import type { AstStatement } from "../../engine/descriptors/api/ast.js";
import { firstDifference } from "./tree-difference.js";

const POSITIONS = new Set(["at", "end", "valueAt", "nameAt", "methodAt", "pathAt", "tagAt", "textAt", "docAt"]);
/** The statements without positions, `syntax`, `info` and imports first (a stable sort). */
function shape(statements: AstStatement[]): unknown {
  const rank = (s: AstStatement): number =>
    s.kind === "syntax" ? 0 : s.kind === "info" ? 1 : s.kind === "import" ? 2 : 3;
  const ordered = statements
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map((x) => x.s);
  const strip = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(strip);
    if (typeof v !== "object" || v === null) return v;
    return Object.fromEntries(
      Object.entries(v)
        .filter(([k]) => !POSITIONS.has(k))
        .map(([k, x]) => [k, strip(x)]),
    );
  };
  return strip(ordered);
}

/** Formats `text`; throws what is wrong with the result. Returns whether the text parsed. */
export function checkFormat(text: string): boolean {
  const before = parseOrDiagnose(text, "x.api");
  const formatted = formatApiSource(text, "x.api");
  if ("diagnostic" in before) {
    if (!("diagnostic" in formatted)) throw new Error("formatted a file that does not parse");
    return false;
  }
  if ("diagnostic" in formatted) throw new Error(`a file that parses gave ${formatted.diagnostic.code}`);
  const after = parseOrDiagnose(formatted.text, "x.api");
  if ("diagnostic" in after)
    throw new Error(`the formatted text does not parse: ${after.diagnostic.message}\n${formatted.text}`);
  const difference = firstDifference(shape(after.ast.statements), shape(before.ast.statements));
  if (difference) throw new Error(`the statements differ at ${difference}\n${formatted.text}`);
  if (apiMeaning(after.ast) !== apiMeaning(before.ast))
    throw new Error(`the comments mean something else\n${formatted.text}`);
  const again = formatApiSource(formatted.text, "x.api");
  if ("diagnostic" in again || again.text !== formatted.text)
    throw new Error(
      `formatting twice changes the text:\n${formatted.text}\n---\n${"text" in again ? again.text : again.diagnostic.message}`,
    );
  return true;
}

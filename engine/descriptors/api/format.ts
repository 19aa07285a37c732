/**
 * The .api formatter: a parsed file printed in one canonical layout (tabs, aligned members and
 * values, one blank line between statements, `syntax`, `info` and imports first), every
 * comment kept where it means what it meant. It prints from the syntax tree of the reader's own
 * parsers and the comments between its tokens; the output is parsed again and must mean the
 * same (format-check.ts), and formatting it again changes nothing.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { apiMeaning } from "./format-check.js";
import { printFile } from "./format-file.js";
import { parseOrDiagnose } from "./syntax.js";

/** The canonical text of an .api file, or the diagnostic of a file that does not parse. */
export function formatApiSource(text: string, file: string): { text: string } | { diagnostic: Diagnostic } {
  const parsed = parseOrDiagnose(text, file);
  if ("diagnostic" in parsed) return parsed;
  const printed = printFile(parsed.ast);
  if (printed.lost > 0) throw new Error(`formatter: ${printed.lost} comment(s) of ${file} were not placed`);
  const again = parseOrDiagnose(printed.text, file);
  if ("diagnostic" in again)
    throw new Error(`formatter: the output for ${file} does not parse: ${again.diagnostic.message}`);
  if (apiMeaning(again.ast) !== apiMeaning(parsed.ast))
    throw new Error(`formatter: the output for ${file} would mean something else`);
  // The reader takes a byte-order mark for a blank; the file keeps it.
  return { text: text.charCodeAt(0) === 0xfeff ? "\ufeff" + printed.text : printed.text };
}

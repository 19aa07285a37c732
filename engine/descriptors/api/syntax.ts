/**
 * The syntax stage: one file's text to its AST, or an API_SYNTAX diagnostic at the
 * position where parsing stopped, saying what was found and what was expected.
 *
 * Two parsers read the same grammar (grammar.ts). The hand-written one (fast-parse.ts) reads
 * a file first; it returns the very AST ohm would, or null when it is not sure. Only then is
 * ohm loaded, and it parses the file again: it gives the AST, or the diagnostic (ohm alone
 * words those, from its record of what it expected). A file that parses never loads ohm.
 */
import { switchedOff } from "../../cache/index.js";
import { CodegenError, diag, type Diagnostic } from "../../diagnostics/index.js";
import type { AstFile, AstStatement } from "./ast.js";
import { fastParse, firstUnparsed } from "./fast-parse.js";
import { apiGrammar } from "./grammar.js";
import { apiSemantics } from "./semantics.js";
import { SourceText } from "./source.js";
import { declarationStart, openBraceAt, startsDeclaration } from "./unclosed.js";
import { tooDeep } from "../nesting.js";
import { firstControlCharacter } from "../control.js";
import { firstFormatCharacterOutsideApiText } from "../invisible.js";

/** The largest file ohm words a syntax error for (about 700 MB of memory at this size). */
const OHM_MAX_CHARACTERS = 1024 * 1024;

/** Parse one `.api` file (no imports followed, no semantic checks). Throws CodegenError. */
export function parseApiSource(text: string, file: string): AstFile {
  const result = parseOrDiagnose(text, file);
  if ("diagnostic" in result) throw new CodegenError(result.diagnostic);
  return result.ast;
}

/** Like parseApiSource, but returns the diagnostic instead of throwing. */
export function parseOrDiagnose(text: string, file: string): { ast: AstFile } | { diagnostic: Diagnostic } {
  // A byte-order mark becomes a space so that offsets stay those of the file.
  const clean = text.charCodeAt(0) === 0xfeff ? " " + text.slice(1) : text;
  // Both parsers recurse over nesting: too deep a file is refused before either runs.
  const deep = tooDeep(clean);
  if (deep)
    return {
      diagnostic: diag(
        "API_TOO_DEEP",
        `${deep.what}; codegen reads at most that much`,
        new SourceText(file, clean).pos(deep.offset),
      ),
    };
  const control = firstControlCharacter(clean);
  if (control)
    return {
      diagnostic: diag(
        "API_CONTROL_CHARACTER",
        `${control.what} in the file; write it as an escape inside a string, or remove it`,
        new SourceText(file, clean).pos(control.offset),
      ),
    };
  const invisible = firstFormatCharacterOutsideApiText(clean);
  if (invisible)
    return {
      diagnostic: diag(
        "API_INVISIBLE_CHARACTER",
        `${invisible.what} outside a comment or string; remove it`,
        new SourceText(file, clean).pos(invisible.offset),
        "it makes the text read differently from what it is (names, keywords and bare values hold none)",
      ),
    };
  const fast = switchedOff("fast-api-parser") ? null : fastParse(clean);
  if (fast) return { ast: { file, text: clean, statements: fast } };
  // ohm needs about 700 bytes of memory per character of a file it cannot parse: a file of a few
  // megabytes ran out of memory. A large file gets the position where the statements stop.
  if (clean.length > OHM_MAX_CHARACTERS && !switchedOff("fast-api-parser")) {
    const offset = firstUnparsed(clean);
    const size = `${(clean.length / 2 ** 20).toFixed(1)} MB`;
    return {
      diagnostic: diag(
        "API_SYNTAX",
        `unexpected ${found(clean, offset)}; this statement does not parse (the file, ${size}, is too large for a more precise message)`,
        new SourceText(file, clean).pos(offset),
      ),
    };
  }
  const match = apiGrammar().match(clean);
  if (match.failed()) {
    const offset = match.getRightmostFailurePosition();
    const source = new SourceText(file, clean);
    const brace = openBraceAt(clean, offset);
    if (brace >= 0 && startsDeclaration(clean, offset, brace)) {
      const at = source.pos(brace);
      const opener = clean.slice(clean.lastIndexOf("\n", brace) + 1, brace + 1).trim();
      const shown = opener.length <= 40 ? ` (${JSON.stringify(opener)})` : "";
      return {
        diagnostic: diag(
          "API_SYNTAX",
          `missing "}": the body opened at ${at.line}:${at.column}${shown} is not closed ${clean.slice(offset).trim() === "" ? "by the end of the file" : "before this declaration"}`,
          source.pos(declarationStart(clean, offset)),
          `add "}" where that body ends`,
        ),
      };
    }
    return {
      diagnostic: diag(
        "API_SYNTAX",
        `unexpected ${found(clean, offset)}; expected ${match.getExpectedText()}`,
        source.pos(offset),
      ),
    };
  }
  const statements = apiSemantics()(match)["ast"]() as AstStatement[];
  return { ast: { file, text: clean, statements } };
}

/** A short description of the input at `offset`: a word, a quoted character, or end of file. */
function found(text: string, offset: number): string {
  const rest = text.slice(offset);
  if (rest.length === 0) return "end of file";
  if (/^\r?\n/.test(rest)) return "end of line";
  const word = /^[\p{L}\p{N}_]+/u.exec(rest)?.[0] ?? rest[0] ?? "";
  return JSON.stringify(word.length > 24 ? word.slice(0, 24) + "…" : word);
}

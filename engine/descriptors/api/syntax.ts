/**
 * The syntax stage: one file's text to its AST, or an API_SYNTAX diagnostic at the farthest
 * position the parser reached, saying what was found there and what would have let it go on.
 * A file that fails is parsed a second time, noting what was missed (expected.ts): a file that
 * parses pays nothing for the messages.
 */
import { CodegenError, diag, type Diagnostic } from "../../diagnostics/index.js";
import type { AstFile } from "./ast.js";
import { expectedText, recording } from "./expected.js";
import { collectingComments } from "./lexer.js";
import { parseStatements } from "./parser.js";
import { TypeTooDeep } from "./type-parser.js";
import { SourceText } from "./source.js";
import { declarationStart, startsDeclaration } from "./unclosed.js";
import { tooDeep } from "../nesting.js";
import { firstControlCharacter } from "../control.js";
import { firstFormatCharacterOutsideApiText } from "../invisible.js";
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
  // The parser recurses over nesting: too deep a file is refused before it runs.
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
  try {
    const { result: statements, comments } = collectingComments(() => parseStatements(clean));
    if (statements) return { ast: { file, text: clean, statements, comments } };
    return { diagnostic: syntaxError(file, clean, recording(() => parseStatements(clean)).farthest) };
  } catch (e) {
    if (!(e instanceof TypeTooDeep)) throw e;
    return {
      diagnostic: diag(
        "API_TOO_DEEP",
        `${e.message}; codegen reads at most that much`,
        new SourceText(file, clean).pos(e.offset),
      ),
    };
  }
}

/** The message for the farthest place the parser reached. */
function syntaxError(
  file: string,
  clean: string,
  { at: offset, expected, brace }: ReturnType<typeof recording>["farthest"],
): Diagnostic {
  const source = new SourceText(file, clean);
  if (brace >= 0 && startsDeclaration(clean, offset, brace)) {
    const at = source.pos(brace);
    const opener = clean.slice(clean.lastIndexOf("\n", brace) + 1, brace + 1).trim();
    const shown = opener.length <= 40 ? ` (${JSON.stringify(opener)})` : "";
    const where = clean.slice(offset).trim() === "" ? "by the end of the file" : "before this declaration";
    return diag(
      "API_SYNTAX",
      `missing "}": the body opened at ${at.line}:${at.column}${shown} is not closed ${where}`,
      source.pos(declarationStart(clean, offset)),
      `add "}" where that body ends`,
    );
  }
  return diag(
    "API_SYNTAX",
    `unexpected ${found(clean, offset)}; expected ${expectedText(expected)}`,
    source.pos(offset),
  );
}

/** A short description of the input at `offset`: a word, a quoted character, or end of file. */
function found(text: string, offset: number): string {
  const rest = text.slice(offset);
  if (rest.length === 0) return "end of file";
  if (/^\r?\n/.test(rest)) return "end of line";
  if (rest.startsWith("/*") && !rest.includes("*/")) return '"/*" (a comment that is never closed)';
  const word = /^[\p{L}\p{N}_]+/u.exec(rest)?.[0] ?? String.fromCodePoint(rest.codePointAt(0) ?? 0);
  return JSON.stringify(word.length > 24 ? word.slice(0, 24) + "…" : word);
}

/**
 * A failing program's output, turned into diagnostics at the user's files: lines in the
 * common `file:line:col: message` form (compilers, linters) whose file is one of the project's
 * inputs (named from the project root or from a folder the program searched) point there.
 */
import { diag, type Diagnostic } from "../diagnostics/index.js";

const located = /^(.+?):(\d+):(\d+): (.+)$/;

export function outputDiagnostics(output: string, stepName: string, projectFiles: string[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const line of output.split("\n")) {
    const m = located.exec(line.trim());
    if (!m) continue;
    const [, reported = "", lineNo = "1", col = "1", message = ""] = m;
    const file = projectFiles.find((f) => f === reported || f.endsWith("/" + reported.replace(/^\.\//, "")));
    if (!file) continue;
    out.push(
      diag("STEP_FAILED", `${message} (reported by step "${stepName}")`, {
        file,
        line: Number(lineNo),
        column: Number(col),
      }),
    );
  }
  return out;
}

/** protobufjs's parse errors as diagnostics at the user's file, line and column. */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { Outline } from "./outline.js";

/** A protobufjs parse error as a diagnostic: `illegal token 'x' (file, line 3)` gets its column from the tokens. */
export function protobufError(e: unknown, file: { path: string; outline: Outline }): Diagnostic {
  const message = e instanceof Error ? e.message : String(e);
  const m = /^illegal (.+?) '(.*)' \((?:.*, )?line (\d+)\)$/s.exec(message);
  if (m) {
    const [, what = "token", token = "", lineText = "1"] = m;
    const line = Number(lineText);
    const onLine = file.outline.tokens.filter((t) => t.line === line);
    const hit = onLine.find((t) => t.value === token) ?? onLine[0];
    const column = hit?.column ?? 1;
    const text =
      what === "token"
        ? `unexpected '${token}'`
        : what === "end of input"
          ? "unexpected end of file"
          : `invalid ${what} '${token}'`;
    return diag("PROTO_SYNTAX", text, { file: file.path, line, column });
  }
  const dup = /^duplicate (name|id) '?([^' ]+)'? in (.+)$/.exec(message);
  if (dup) {
    const [, kind = "name", name = "", scope = ""] = dup;
    const scopeName = scope.replace(/^\w+ \.?/, "");
    const decls = file.outline.decls.filter(
      (d) => (kind === "name" ? d.name === name : String(d.number) === name) && (d.scope === scopeName || !scopeName),
    );
    const at = decls[1] ?? decls[0];
    return diag("PROTO_DUPLICATE", `duplicate ${kind} ${name} in ${scopeName || "the file"}`, {
      file: file.path,
      line: at?.pos.line ?? 1,
      column: at?.pos.column ?? 1,
    });
  }
  return diag("PROTO_SYNTAX", message, { file: file.path, line: 1, column: 1 });
}

/**
 * Names of tables, columns and keys end up in file names, identifiers, comments and string
 * literals of generated code. A control character (NUL, a line break, ESC...) or an invisible
 * format character (a right-to-left override, a zero-width space: invisible.ts) in one is never
 * meant: it is refused here, at the table that declares it, instead of travelling on.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { SqlTable } from "../../ir/index.js";
import { formatCharacterIn, shownName } from "../invisible.js";

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

export function controlCharacterNames(tables: readonly SqlTable[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const t of tables) {
    const at = t.pos ?? undefined;
    const names: Array<[string, string]> = [
      ["table", t.name],
      ...t.columns.map((c): [string, string] => ["column", c.name]),
      ...[...t.uniqueKeys, ...t.indexes].map((k): [string, string] => ["key", k.name]),
    ];
    for (const [what, name] of names) {
      const hint = "rename it: names become file names, identifiers and text of the generated code";
      if (CONTROL.test(name))
        out.push(
          diag(
            "SQL_NAME_CONTROL",
            `${what} name ${shownName(name)} of table ${shownName(t.name)} holds a control character`,
            at,
            hint,
          ),
        );
      const invisible = formatCharacterIn(name);
      if (invisible)
        out.push(
          diag(
            "SQL_NAME_INVISIBLE",
            `${what} name ${shownName(name)} of table ${shownName(t.name)} holds the invisible format character ${invisible}`,
            at,
            hint,
          ),
        );
    }
  }
  return out;
}

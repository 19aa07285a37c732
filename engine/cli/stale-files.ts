/**
 * `gen --check`: what a gen would change, told as what is out of date. A planned file gen would
 * create is missing; one it would rewrite is stale, or edited when the ledger records other
 * bytes than the file holds (someone changed it since gen wrote it); one it would remove or move
 * is stale too. Files gen leaves (kept: the user's own `once` files) are never listed. A file
 * that carries codegen's marker but that codegen did not write is unknown (unknown-generated.ts).
 */
import { LEDGER_PATH, type WriteReport } from "../write/index.js";
import { files } from "./report.js";

export interface StaleFile {
  kind: "missing" | "stale" | "edited" | "unknown";
  path: string;
  /** Why, when the kind alone does not say. */
  note?: string;
}

export function staleFiles(report: WriteReport): StaleFile[] {
  const out: StaleFile[] = [];
  for (const o of report.outcomes) {
    if (o.state === "created") out.push({ kind: "missing", path: o.path });
    else if (o.state === "updated")
      out.push(
        o.edited
          ? { kind: "edited", path: o.path, note: "changed since codegen wrote it" }
          : { kind: "stale", path: o.path },
      );
    else if (o.state === "removed")
      out.push({ kind: "stale", path: o.path, note: "no longer generated: gen removes it" });
    else if (o.state === "moved") out.push({ kind: "stale", path: o.from!, note: `gen moves it to ${o.path}` });
  }
  // The ledger alone (a descriptor edit that changes no output, a file no longer planned that
  // was edited): the committed record is out of date even though no file is.
  if (out.length === 0 && report.ledger === "changed")
    out.push({ kind: "stale", path: LEDGER_PATH, note: "gen records other descriptors or files" });
  return out;
}

/** The lines `gen --check` prints, and its exit code: 0 when up to date, 1 otherwise. `unknown`: files with codegen's marker that it did not write. */
export function checkLines(report: WriteReport, unknown: string[] = []): { lines: string[]; code: number } {
  const stale = [
    ...staleFiles(report),
    ...unknown.map(
      (path): StaleFile => ({
        kind: "unknown",
        path,
        note: "carries codegen's marker, but codegen did not write it: the ledger does not list it",
      }),
    ),
  ];
  const notes =
    report.ledger === "new"
      ? [`note: there is no ${LEDGER_PATH}, so a generated file someone edited shows as stale, not as edited`]
      : [];
  if (stale.length === 0) {
    return { lines: [...notes, `up to date (${files(report.outcomes.length)} checked)`], code: 0 };
  }
  const lines = stale.map((s) => `${s.kind.padEnd(8)} ${s.path}${s.note ? ` (${s.note})` : ""}`);
  const advice =
    unknown.length === stale.length
      ? "remove the unknown files (or, if they are yours, their marker)"
      : unknown.length > 0
        ? "run codegen gen, and remove the unknown files (or, if they are yours, their marker)"
        : "run codegen gen";
  return { lines: [...lines, ...notes, `out of date: ${files(stale.length)}; ${advice}`], code: 1 };
}

/** Reads tables from an SQLite file through the pragma table-valued functions. Internal. */
import type { SqlSession } from "./datasource.js";
import { normalizeDefault } from "./defaults.js";
import { type TableDraft, newTable } from "./model.js";
import { parseTypeText } from "./type-spec.js";
import { normalizeType, sqlColumn } from "./types.js";

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

export async function readSqliteTables(s: SqlSession, wanted: (name: string) => boolean): Promise<TableDraft[]> {
  const out: TableDraft[] = [];
  const source = s.datasource.redacted;
  const tables = await s.query(
    "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name",
  );
  for (const r of tables) {
    const name = str(r.name);
    if (!wanted(name)) continue;
    const t = newTable(name, "sqlite", source, null);
    t.withoutRowid = /\bwithout\s+rowid\b[\s;,]*(strict\b)?[\s;]*$/i.test(str(r.sql));
    const pk: { name: string; seq: number }[] = [];
    // hidden: 0 normal, 1 hidden column of a virtual table, 2/3 generated columns
    for (const c of await s.query(
      'SELECT name, type, "notnull" AS nn, dflt_value AS def, pk, hidden FROM pragma_table_xinfo(?) ORDER BY cid',
      [name],
    )) {
      if (Number(c.hidden) === 1) continue;
      const info = normalizeType(parseTypeText(str(c.type), "sqlite"), "sqlite");
      const column = sqlColumn(str(c.name), info, {
        nullable: Number(c.nn) === 0,
        default: normalizeDefault(c.def === null ? null : str(c.def), info.family, "sqlite").default,
        autoIncrement: false,
        generated: Number(c.hidden) >= 2,
        comment: "",
      });
      t.columns.push(column);
      if (Number(c.pk) > 0) pk.push({ name: column.name, seq: Number(c.pk) });
    }
    if (pk.length > 0)
      t.keys.push({
        name: null,
        columns: pk.sort((a, b) => a.seq - b.seq).map((p) => p.name),
        kind: "primary",
        inTable: false,
      });
    for (const ix of await s.query('SELECT name, "unique" AS uniq, origin FROM pragma_index_list(?)', [name])) {
      if (str(ix.origin) === "pk") {
        t.noRowidAlias = true; // a rowid alias needs no index of its own
        continue;
      }
      const cols = await s.query("SELECT name FROM pragma_index_info(?) ORDER BY seqno", [str(ix.name)]);
      t.keys.push({
        name: str(ix.name),
        columns: cols.map((c) => (c.name === null ? "(expression)" : str(c.name))),
        kind: Number(ix.uniq) === 1 ? "unique" : "index",
        inTable: false,
      });
    }
    out.push(t);
  }
  return out;
}

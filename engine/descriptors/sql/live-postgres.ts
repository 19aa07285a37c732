/** Reads tables from a PostgreSQL schema through pg_catalog. Internal. */
import type { SqlSession } from "./datasource.js";
import { normalizeDefault } from "./defaults.js";
import { type TableDraft, newTable } from "./model.js";
import { parseTypeText } from "./type-spec.js";
import { normalizeType, sqlColumn } from "./types.js";

const str = (v: unknown): string => (v === null || v === undefined ? "" : String(v));

export async function readPostgresTables(s: SqlSession, wanted: (name: string) => boolean): Promise<TableDraft[]> {
  const [info] = await s.query("SELECT current_schema() AS schema");
  const schema = str(info?.schema);
  if (!schema) throw new Error("no current schema (is search_path empty?)");
  const source = s.datasource.redacted;

  const tables = new Map<number, TableDraft>();
  for (const r of await s.query(
    `SELECT c.oid::int AS oid, c.relname AS name, obj_description(c.oid, 'pg_class') AS comment
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND c.relkind IN ('r', 'p') AND NOT c.relispartition`,
    [schema],
  )) {
    if (!wanted(str(r.name))) continue;
    const t = newTable(str(r.name), "postgres", source, null);
    t.comment = str(r.comment);
    tables.set(Number(r.oid), t);
  }
  if (tables.size === 0) return [];
  const oids = [...tables.keys()];

  for (const r of await s.query(
    `SELECT a.attrelid::int AS rel, a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
            pg_get_expr(d.adbin, d.adrelid) AS def, a.attidentity AS identity, a.attgenerated AS generated,
            col_description(a.attrelid, a.attnum) AS comment, t.typname AS typname,
            (SELECT array_agg(e.enumlabel::text ORDER BY e.enumsortorder) FROM pg_enum e WHERE e.enumtypid = a.atttypid) AS labels
       FROM pg_attribute a
       JOIN pg_type t ON t.oid = a.atttypid
       LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = ANY($1::oid[]) AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attrelid, a.attnum`,
    [oids],
  )) {
    const table = tables.get(Number(r.rel))!;
    const labels = Array.isArray(r.labels) ? (r.labels as string[]) : null;
    const enums = new Map<string, string[]>(labels ? [[str(r.typname), labels]] : []);
    const info = normalizeType(parseTypeText(str(r.type), "postgres"), "postgres", enums);
    const generated = str(r.generated) !== "";
    const d = generated
      ? { default: null, sequence: false }
      : normalizeDefault(r.def === null ? null : str(r.def), info.family, "postgres");
    table.columns.push(
      sqlColumn(str(r.name), info, {
        nullable: r.notnull !== true,
        default: d.default,
        autoIncrement: str(r.identity) !== "" || d.sequence,
        generated,
        comment: str(r.comment),
      }),
    );
  }

  for (const r of await s.query(
    `SELECT con.conrelid::int AS rel, con.conname AS name, con.contype AS type,
            ARRAY(SELECT att.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(num, ord)
                    JOIN pg_attribute att ON att.attrelid = con.conrelid AND att.attnum = k.num ORDER BY k.ord) AS cols
       FROM pg_constraint con WHERE con.conrelid = ANY($1::oid[]) AND con.contype IN ('p', 'u')`,
    [oids],
  )) {
    const table = tables.get(Number(r.rel))!;
    table.keys.push({
      name: str(r.name),
      columns: r.cols as string[],
      kind: r.type === "p" ? "primary" : "unique",
      inTable: false,
    });
  }

  for (const r of await s.query(
    `SELECT i.indrelid::int AS rel, ic.relname AS name, i.indisunique AS uniq,
            ARRAY(SELECT pg_get_indexdef(i.indexrelid, k, true) FROM generate_series(1, i.indnkeyatts) k ORDER BY k) AS cols
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
      WHERE i.indrelid = ANY($1::oid[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u', 'x'))`,
    [oids],
  )) {
    const table = tables.get(Number(r.rel))!;
    const cols = (r.cols as string[]).map((c) => (/^"(.*)"$/.test(c) ? c.slice(1, -1).replace(/""/g, '"') : c));
    table.keys.push({ name: str(r.name), columns: cols, kind: r.uniq === true ? "unique" : "index", inTable: false });
  }
  return [...tables.values()];
}

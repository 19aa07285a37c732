/** Reads tables from a MySQL or MariaDB database through information_schema. Internal. */
import type { SqlSession } from "./datasource.js";
import { normalizeDefault } from "./defaults.js";
import type { SqlTypeFamily } from "../../ir/index.js";
import { type TableDraft, newTable } from "./model.js";
import { parseTypeText } from "./type-spec.js";
import { normalizeType, sqlColumn } from "./types.js";

const str = (v: unknown): string =>
  v === null || v === undefined ? "" : Buffer.isBuffer(v) ? v.toString("utf8") : String(v);

export async function readMysqlTables(s: SqlSession, wanted: (name: string) => boolean): Promise<TableDraft[]> {
  const [info] = await s.query("SELECT VERSION() AS v, DATABASE() AS db");
  const mariadb = /mariadb/i.test(str(info?.v));
  const db = str(info?.db);
  const source = s.datasource.redacted;

  const tables = new Map<string, TableDraft>();
  for (const r of await s.query(
    "SELECT TABLE_NAME AS name, TABLE_COMMENT AS comment FROM information_schema.TABLES WHERE TABLE_SCHEMA = ? AND TABLE_TYPE = 'BASE TABLE'",
    [db],
  )) {
    const name = str(r.name);
    if (!wanted(name)) continue;
    const t = newTable(name, "mysql", source, null);
    t.comment = str(r.comment);
    tables.set(name, t);
  }
  if (tables.size === 0) return [];

  // MariaDB stores JSON as LONGTEXT with a json_valid() check named after the column
  const jsonColumns = new Set<string>();
  if (mariadb) {
    const checks = await s
      .query(
        "SELECT TABLE_NAME AS t, CHECK_CLAUSE AS c FROM information_schema.CHECK_CONSTRAINTS WHERE CONSTRAINT_SCHEMA = ?",
        [db],
      )
      .catch(() => []);
    for (const r of checks) {
      const m = /^json_valid\(`?([^`]+)`?\)$/i.exec(str(r.c).trim());
      if (m) jsonColumns.add(`${str(r.t)}\u0000${m[1]}`);
    }
  }

  for (const r of await s.query(
    `SELECT TABLE_NAME AS t, COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable, COLUMN_DEFAULT AS def,
            EXTRA AS extra, COLUMN_COMMENT AS comment
       FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, ORDINAL_POSITION`,
    [db],
  )) {
    const table = tables.get(str(r.t));
    if (!table) continue;
    const name = str(r.name);
    let typeText = str(r.type);
    if (jsonColumns.has(`${table.name}\u0000${name}`) && /^longtext$/i.test(typeText)) typeText = "json";
    const info = normalizeType(parseTypeText(typeText, "mysql"), "mysql");
    const extra = str(r.extra).toLowerCase();
    table.columns.push(
      sqlColumn(name, info, {
        nullable: str(r.nullable).toUpperCase() === "YES",
        default: normalizeDefault(defaultText(r.def, extra, mariadb), info.family, "mysql").default,
        autoIncrement: extra.includes("auto_increment"),
        generated: /\b(virtual|stored|persistent) generated\b/.test(extra),
        onUpdate: onUpdate(extra, info.family),
        comment: str(r.comment),
      }),
    );
  }

  const keys = new Map<string, { table: TableDraft; name: string; unique: boolean; columns: string[] }>();
  for (const r of await s.query(
    `SELECT TABLE_NAME AS t, INDEX_NAME AS name, NON_UNIQUE AS nonunique, COLUMN_NAME AS col
       FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? ORDER BY TABLE_NAME, INDEX_NAME, SEQ_IN_INDEX`,
    [db],
  )) {
    const table = tables.get(str(r.t));
    if (!table) continue;
    const id = `${table.name}\u0000${str(r.name)}`;
    let k = keys.get(id);
    if (!k) keys.set(id, (k = { table, name: str(r.name), unique: Number(r.nonunique) === 0, columns: [] }));
    k.columns.push(r.col === null ? "(expression)" : str(r.col));
  }
  for (const k of keys.values()) {
    const kind = k.name === "PRIMARY" ? "primary" : k.unique ? "unique" : "index";
    k.table.keys.push({ name: k.name, columns: k.columns, kind, inTable: false });
  }
  return [...tables.values()];
}

/**
 * COLUMN_DEFAULT as SQL text. MariaDB (10.2.7+) reports SQL text already (`'x'`, `NULL`,
 * `current_timestamp()`); MySQL reports literal values bare and marks expressions with
 * DEFAULT_GENERATED in EXTRA.
 */
function defaultText(value: unknown, extra: string, mariadb: boolean): string | null {
  if (value === null || value === undefined) return null;
  const v = str(value);
  if (mariadb || extra.includes("default_generated") || /^b'[01]*'$/.test(v)) return v;
  return `'${v.replace(/\\/g, "\\\\").replace(/'/g, "''")}'`;
}

/** The ON UPDATE expression EXTRA reports (`on update CURRENT_TIMESTAMP`, MariaDB `on update current_timestamp()`). */
function onUpdate(extra: string, family: SqlTypeFamily): string | null {
  const m = /\bon update (.+)$/.exec(extra);
  return m?.[1] ? normalizeDefault(m[1], family, "mysql").default : null;
}

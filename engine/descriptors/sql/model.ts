/**
 * Tables under construction, shared by the DDL reader and the live readers, and the one
 * finishing step that turns them into IR tables. Internal to the SQL reader.
 *
 * Both readers end here so the same schema gives the same IR: keys without a name get
 * the name the database would invent, primary-key columns are NOT NULL, SQLite's
 * INTEGER PRIMARY KEY (a rowid alias) counts as auto-increment, keys are sorted by name.
 */
import type { IrPosition } from "../../ir/index.js";
import type { SqlColumn, SqlDialect, SqlIndex, SqlTable } from "../../ir/index.js";

export interface KeyDraft {
  /** null: the database invents the name (see `inventNames`). */
  name: string | null;
  columns: string[];
  kind: "primary" | "unique" | "index" | "foreign";
  /** Declared inside CREATE TABLE or ALTER TABLE ... ADD (not CREATE INDEX, not read live). */
  inTable: boolean;
}

export interface TableDraft {
  name: string;
  comment: string;
  columns: SqlColumn[];
  keys: KeyDraft[];
  dialect: SqlDialect;
  source: string;
  pos: IrPosition | null;
  /** SQLite WITHOUT ROWID tables have no rowid alias. */
  withoutRowid: boolean;
  /** SQLite: the INTEGER primary key is no rowid alias (`INTEGER PRIMARY KEY DESC`). */
  noRowidAlias: boolean;
}

export function newTable(name: string, dialect: SqlDialect, source: string, pos: IrPosition | null): TableDraft {
  return { name, comment: "", columns: [], keys: [], dialect, source, pos, withoutRowid: false, noRowidAlias: false };
}

export function findColumn(t: TableDraft, name: string): SqlColumn | undefined {
  const exact = t.columns.find((c) => c.name === name);
  if (exact || t.dialect === "postgres") return exact;
  const lower = name.toLowerCase();
  return t.columns.find((c) => c.name.toLowerCase() === lower);
}

export function finishTable(t: TableDraft): SqlTable {
  const keys = t.keys.map((k) => ({ ...k, columns: k.columns.map((c) => findColumn(t, c)?.name ?? c) }));
  const primary = keys.find((k) => k.kind === "primary");
  const primaryKey = primary ? primary.columns : [];
  const columns = t.columns.map((c) => ({ ...c, enumValues: [...c.enumValues] }));
  for (const c of columns) if (primaryKey.includes(c.name)) c.nullable = false;
  if (rowidAlias(t, primaryKey)) columns.find((x) => x.name === primaryKey[0])!.autoIncrement = true;
  const named = inventNames(t, keys, primaryKey);
  const byName = (a: SqlIndex, b: SqlIndex) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  const auto = columns.find((c) => c.autoIncrement);
  return {
    name: t.name,
    comment: t.comment,
    columns,
    primaryKey,
    uniqueKeys: named.filter((k) => k.unique).sort(byName),
    indexes: named.filter((k) => !k.unique).sort(byName),
    autoIncrement: auto ? auto.name : "",
    dialect: t.dialect,
    source: t.source,
    pos: t.pos,
  };
}

/** SQLite: a lone INTEGER primary key of a rowid table is the rowid, assigned automatically. */
function rowidAlias(t: TableDraft, primaryKey: string[]): boolean {
  if (t.dialect !== "sqlite" || t.withoutRowid || t.noRowidAlias || primaryKey.length !== 1) return false;
  return findColumn(t, primaryKey[0]!)?.rawType === "integer";
}

/** Gives unnamed keys the names the database would choose, in declaration order. */
function inventNames(t: TableDraft, keys: KeyDraft[], primaryKey: string[]): SqlIndex[] {
  if (t.dialect === "mysql") return mysqlKeys(keys);
  const out: SqlIndex[] = [];
  const taken = new Set<string>();
  for (const k of keys) if (k.name !== null && k.kind !== "foreign") taken.add(k.name);
  let sqliteAuto = 0;
  const sqliteSeen: string[] = [];
  const alias = rowidAlias(t, primaryKey);

  for (const k of keys) {
    if (k.kind === "foreign") continue;
    if (t.dialect === "sqlite" && k.kind !== "index" && k.inTable) {
      // SQLite names the indexes of PRIMARY KEY and UNIQUE constraints itself (ignoring
      // CONSTRAINT names), numbered in declaration order, and drops one whose columns
      // repeat an earlier one.
      if (k.kind === "primary" && alias) continue;
      const sig = k.columns.join("\u0000");
      if (sqliteSeen.includes(sig)) continue;
      sqliteSeen.push(sig);
      sqliteAuto++;
      if (k.kind === "unique") k.name = `sqlite_autoindex_${t.name}_${sqliteAuto}`;
    }
    if (k.kind === "primary") continue;
    let name = k.name;
    if (name === null) {
      const base = t.dialect === "postgres" ? pgName(t.name, k.columns, k.kind === "unique" ? "key" : "idx") : `${t.name}_${k.columns.join("_")}`;
      name = uniqueName(taken, base, 1, "");
      taken.add(name);
    }
    out.push({ name, columns: k.columns, unique: k.kind === "unique" });
  }
  return out;
}

/** `base`, then base + sep + n for n = first, first+1, ... until the name is free. */
function uniqueName(taken: Set<string>, base: string, first: number, sep: string): string {
  if (!taken.has(base)) return base;
  for (let n = first; ; n++) if (!taken.has(`${base}${sep}${n}`)) return `${base}${sep}${n}`;
}

/**
 * MySQL/MariaDB: every foreign key brings an index of its own, which is dropped again when
 * its columns are a prefix of another key (of a later generated key too); unnamed keys are
 * named after their first column (`col`, `col_2`, ...), generated ones after their constraint.
 */
function mysqlKeys(keys: KeyDraft[]): SqlIndex[] {
  const items = keys.map((k) => ({ ...k, generated: k.kind === "foreign", alive: true }));
  const isPrefix = (a: string[], b: string[]) => a.length <= b.length && a.every((c, i) => c === b[i]);
  for (let i = 0; i < items.length; i++) {
    const a = items[i]!;
    for (let j = 0; j < i && a.alive; j++) {
      const b = items[j]!;
      if (!b.alive) continue;
      if (b.generated && isPrefix(b.columns, a.columns)) b.alive = false;
      else if (a.generated && isPrefix(a.columns, b.columns)) a.alive = false;
    }
  }
  const alive = items.filter((k) => k.alive && k.kind !== "primary");
  const taken = new Set<string>(["PRIMARY"]);
  for (const k of alive) if (k.name !== null) taken.add(k.name);
  return alive.map((k) => {
    let name = k.name;
    if (name === null) {
      name = uniqueName(taken, k.columns[0] ?? "key", 2, "_");
      taken.add(name);
    }
    return { name, columns: k.columns, unique: k.kind === "unique" };
  });
}

/** PostgreSQL's makeObjectName: table_cols_label, truncating the longer part to fit 63 bytes. */
function pgName(table: string, columns: string[], label: string): string {
  let a = table;
  let b = columns.join("_");
  while (Buffer.byteLength(`${a}_${b}_${label}`) > 63) {
    if (Buffer.byteLength(a) >= Buffer.byteLength(b)) a = a.slice(0, -1);
    else b = b.slice(0, -1);
  }
  return b ? `${a}_${b}_${label}` : `${a}_${label}`;
}

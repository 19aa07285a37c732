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
import { survivingKeys } from "./mysql-keys.js";

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

/**
 * Columns by name, per columns list, so that a lookup does not scan the table: checking each new
 * column against all before it made a table of 40,000 columns, or as many ALTER TABLE
 * statements, take seconds. Columns pushed onto the list are indexed when next looked up; the
 * helpers below keep it right when a column is inserted, removed or renamed. Two columns of one
 * name (which only a statement codegen does not check can make) send lookups back to a scan.
 */
interface ColumnIndex {
  exact: Map<string, SqlColumn>;
  /** By lower-case name (MySQL and SQLite compare column names without case). */
  folded: Map<string, SqlColumn>;
  /** How many columns of the list are indexed (those pushed since come next). */
  count: number;
  /** Two columns of one name, or of one lower-case name. */
  duplicates: boolean;
  foldedDuplicates: boolean;
}

const indexes = new WeakMap<SqlColumn[], ColumnIndex>();

function indexOf(columns: SqlColumn[]): ColumnIndex {
  let index = indexes.get(columns);
  if (!index || index.count > columns.length) {
    index = { exact: new Map(), folded: new Map(), count: 0, duplicates: false, foldedDuplicates: false };
    indexes.set(columns, index);
  }
  for (; index.count < columns.length; index.count++) remember(index, columns[index.count]!);
  return index;
}

function remember(index: ColumnIndex, column: SqlColumn): void {
  const lower = column.name.toLowerCase();
  const [exact, folded] = [index.exact.get(column.name), index.folded.get(lower)];
  if (exact && exact !== column) index.duplicates = true;
  if (folded && folded !== column) index.foldedDuplicates = true;
  index.exact.set(column.name, column);
  index.folded.set(lower, column);
}

function forget(index: ColumnIndex, column: SqlColumn): void {
  if (index.exact.get(column.name) === column) index.exact.delete(column.name);
  const lower = column.name.toLowerCase();
  if (index.folded.get(lower) === column) index.folded.delete(lower);
}

export function findColumn(t: TableDraft, name: string): SqlColumn | undefined {
  const index = indexOf(t.columns);
  if (index.duplicates) return scanFor(t, name);
  const exact = index.exact.get(name);
  if (exact || t.dialect === "postgres") return exact;
  return index.foldedDuplicates ? scanFor(t, name) : index.folded.get(name.toLowerCase());
}

/** The first column of the name in order (exact, else without case outside PostgreSQL). */
function scanFor(t: TableDraft, name: string): SqlColumn | undefined {
  const exact = t.columns.find((c) => c.name === name);
  if (exact || t.dialect === "postgres") return exact;
  const lower = name.toLowerCase();
  return t.columns.find((c) => c.name.toLowerCase() === lower);
}

/** Put a column at position `at` of the table. */
export function insertColumn(t: TableDraft, column: SqlColumn, at: number): void {
  const index = indexOf(t.columns);
  t.columns.splice(at, 0, column);
  index.count++;
  remember(index, column);
}

export function removeColumn(t: TableDraft, column: SqlColumn): void {
  const index = indexOf(t.columns);
  const at = t.columns.indexOf(column);
  if (at < 0) return;
  t.columns.splice(at, 1);
  index.count--;
  forget(index, column);
}

export function renameColumn(t: TableDraft, column: SqlColumn, name: string): void {
  const index = indexOf(t.columns);
  forget(index, column);
  column.name = name;
  remember(index, column);
}

/** Put `column` where `old` is (the same name, or another). */
export function replaceColumn(t: TableDraft, old: SqlColumn, column: SqlColumn): void {
  const index = indexOf(t.columns);
  const at = t.columns.indexOf(old);
  if (at < 0) return;
  t.columns[at] = column;
  forget(index, old);
  remember(index, column);
}

export function finishTable(t: TableDraft): SqlTable {
  const keys = t.keys.map((k) => ({ ...k, columns: k.columns.map((c) => findColumn(t, c)?.name ?? c) }));
  const primary = keys.find((k) => k.kind === "primary");
  const primaryKey = primary ? primary.columns : [];
  const columns = t.columns.map((c) => ({ ...c, enumValues: [...c.enumValues] }));
  const inPrimaryKey = new Set(primaryKey);
  for (const c of columns) if (inPrimaryKey.has(c.name)) c.nullable = false;
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
  const taken = new TakenNames(keys.flatMap((k) => (k.name !== null && k.kind !== "foreign" ? [k.name] : [])));
  let sqliteAuto = 0;
  const sqliteSeen = new Set<string>();
  const alias = rowidAlias(t, primaryKey);

  for (const k of keys) {
    if (k.kind === "foreign") continue;
    if (t.dialect === "sqlite" && k.kind !== "index" && k.inTable) {
      // SQLite names the indexes of PRIMARY KEY and UNIQUE constraints itself (ignoring
      // CONSTRAINT names), numbered in declaration order, and drops one whose columns
      // repeat an earlier one.
      if (k.kind === "primary" && alias) continue;
      const sig = k.columns.join("\u0000");
      if (sqliteSeen.has(sig)) continue;
      sqliteSeen.add(sig);
      sqliteAuto++;
      if (k.kind === "unique") k.name = `sqlite_autoindex_${t.name}_${sqliteAuto}`;
    }
    if (k.kind === "primary") continue;
    let name = k.name;
    if (name === null) {
      const base =
        t.dialect === "postgres"
          ? pgName(t.name, k.columns, k.kind === "unique" ? "key" : "idx")
          : `${t.name}_${k.columns.join("_")}`;
      name = taken.unique(base, 1, "");
    }
    out.push({ name, columns: k.columns, unique: k.kind === "unique" });
  }
  return out;
}

/**
 * Key names in use. `unique(base)` gives `base`, else base + sep + n for n = first, first+1, ...
 * until the name is free, and takes it. Names are only ever added, so a number found taken stays
 * taken: the next search for the same base starts after it (thousands of keys named after one
 * column made this quadratic).
 */
class TakenNames {
  private readonly names: Set<string>;
  private readonly next = new Map<string, number>();

  constructor(names: Iterable<string>) {
    this.names = new Set(names);
  }

  unique(base: string, first: number, sep: string): string {
    let name = base;
    if (this.names.has(base)) {
      let n = Math.max(first, this.next.get(base) ?? first);
      while (this.names.has(`${base}${sep}${n}`)) n++;
      this.next.set(base, n + 1);
      name = `${base}${sep}${n}`;
    }
    this.names.add(name);
    return name;
  }
}

/**
 * MySQL/MariaDB: every foreign key brings an index of its own, which is dropped again when
 * its columns are a prefix of another key (of a later generated key too); unnamed keys are
 * named after their first column (`col`, `col_2`, ...), generated ones after their constraint.
 */
function mysqlKeys(keys: KeyDraft[]): SqlIndex[] {
  const survives = survivingKeys(keys.map((k) => ({ columns: k.columns, generated: k.kind === "foreign" })));
  const alive = keys.filter((k, i) => survives[i] && k.kind !== "primary");
  const taken = new TakenNames(["PRIMARY", ...alive.flatMap((k) => (k.name !== null ? [k.name] : []))]);
  return alive.map((k) => {
    const name = k.name ?? taken.unique(k.columns[0] ?? "key", 2, "_");
    return { name, columns: k.columns, unique: k.kind === "unique" };
  });
}

/**
 * PostgreSQL's makeObjectName: table_cols_label, truncating the longer part to fit 63 bytes.
 * One character at a time, counting bytes as it goes (measuring the whole name after each cut
 * was quadratic in a name's length).
 */
function pgName(table: string, columns: string[], label: string): string {
  const joined = columns.join("_");
  let [a, b] = [table.length, joined.length];
  let [aBytes, bBytes] = [Buffer.byteLength(table), Buffer.byteLength(joined)];
  const fixed = 2 + Buffer.byteLength(label);
  while (aBytes + bBytes + fixed > 63 && (a > 0 || b > 0)) {
    if (aBytes >= bBytes) aBytes -= lastUnitBytes(table, a--);
    else bBytes -= lastUnitBytes(joined, b--);
  }
  return b ? `${table.slice(0, a)}_${joined.slice(0, b)}_${label}` : `${table.slice(0, a)}_${label}`;
}

/** The UTF-8 bytes `s.slice(0, end)` loses with its last UTF-16 unit (a lone surrogate counts 3). */
function lastUnitBytes(s: string, end: number): number {
  const unit = s.charCodeAt(end - 1);
  if (unit < 0x80) return 1;
  if (unit < 0x800) return 2;
  const high = end >= 2 ? s.charCodeAt(end - 2) : 0;
  // The low half of a pair: the pair's 4 bytes become the lone high half's 3.
  if (unit >= 0xdc00 && unit <= 0xdfff && high >= 0xd800 && high <= 0xdbff) return 1;
  return 3;
}

/**
 * One statement of a DDL script applied to the schema being built: CREATE TABLE, CREATE
 * INDEX, ALTER TABLE, COMMENT ON, CREATE TYPE ... AS ENUM and DROP TABLE change it; every
 * other statement is reported as skipped. Internal to the SQL reader.
 */
import type { IrPosition } from "../../ir/index.js";
import type { SqlDialect } from "../../ir/index.js";
import { Cursor } from "./cursor.js";
import { type ParseEnv, expression, parseColumn, parseKeyColumns } from "./columns.js";
import { type PendingKey, addKeys, atTableConstraint, parseCreateTable, parseTableConstraint } from "./create-table.js";
import { normalizeDefault } from "./defaults.js";
import type { Token } from "./lexer.js";
import { type TableDraft, findColumn, insertColumn, removeColumn, renameColumn } from "./model.js";
import type { Statement } from "./split.js";
import { parseTypeSpec } from "./type-spec.js";
import { normalizeType } from "./types.js";

export interface SchemaState {
  tables: Map<string, TableDraft>;
  enums: Map<string, string[]>;
}

export interface StatementContext {
  dialect: SqlDialect;
  env: ParseEnv;
  /** Shown as the table's source. */
  source: string;
  /** Position of an offset, as an IR position. */
  position(offset: number): IrPosition;
  /** Reports a statement (or part of one) the model does not need. */
  skip(what: string, offset: number): void;
  schema: SchemaState;
}

export function applyStatement(stmt: Statement, ctx: StatementContext): void {
  const c = new Cursor(stmt.tokens, ctx.dialect, stmt.end);
  const skipAll = () => ctx.skip(summary(stmt), stmt.start);
  if (c.acceptWord("create")) {
    c.acceptWord("or", "replace");
    while (
      c.acceptWord("temporary") ||
      c.acceptWord("temp") ||
      c.acceptWord("global") ||
      c.acceptWord("local") ||
      c.acceptWord("unlogged")
    ) {
      // modifiers
    }
    if (c.acceptWord("table")) return createTable(c, stmt, ctx, skipAll);
    if (c.isWord("index") || c.isWord("unique", "index") || c.isWord("fulltext") || c.isWord("spatial"))
      return createIndex(c, ctx, skipAll);
    if (c.acceptWord("type")) return createType(c, ctx, skipAll);
    return skipAll();
  }
  if (c.acceptWord("alter", "table")) return alterTable(c, stmt, ctx);
  if (c.acceptWord("comment", "on")) return commentOn(c, ctx, skipAll);
  if (c.acceptWord("drop", "table")) return dropTable(c, ctx, skipAll);
  skipAll();
}

function keyOf(name: string, c: Cursor): string {
  return c.dialect === "postgres" ? name : name.toLowerCase();
}

function createTable(c: Cursor, stmt: Statement, ctx: StatementContext, skipAll: () => void): void {
  const nameTok = c.isWord("if", "not", "exists") ? c.peek(3) : c.peek();
  const created = parseCreateTable(c, ctx.env, ctx.source, ctx.position(stmt.start), (n) =>
    ctx.schema.tables.get(keyOf(n, c)),
  );
  if (!created) return skipAll();
  const { table, pending } = created;
  const existing = ctx.schema.tables.get(keyOf(table.name, c));
  if (existing) {
    const at = existing.pos ? ` at ${existing.pos.file}:${existing.pos.line}:${existing.pos.column}` : "";
    c.fail(`table ${table.name} is already defined${at}`, nameTok?.start);
  }
  addKeys(c, table, pending);
  ctx.schema.tables.set(keyOf(table.name, c), table);
}

function createIndex(c: Cursor, ctx: StatementContext, skipAll: () => void): void {
  const unique = c.acceptWord("unique");
  c.acceptWord("fulltext") || c.acceptWord("spatial");
  c.expectWord("index");
  c.acceptWord("concurrently");
  c.acceptWord("if", "not", "exists");
  let name: string | null = null;
  if (!c.isWord("on")) name = c.qualifiedName("an index name");
  if (c.acceptWord("using")) c.name();
  c.expectWord("on");
  c.acceptWord("only");
  const table = ctx.schema.tables.get(keyOf(c.qualifiedName("a table name"), c));
  if (!table) return skipAll();
  if (c.acceptWord("using")) c.name("an index method");
  const cols = parseKeyColumns(c, ctx.env);
  const pending: PendingKey = {
    key: { name, columns: cols.columns, kind: unique ? "unique" : "index", inTable: false },
    offsets: cols.offsets,
    expressions: cols.expressions,
  };
  addKeys(c, table, [pending]);
}

function createType(c: Cursor, ctx: StatementContext, skipAll: () => void): void {
  const name = c.qualifiedName("a type name");
  if (!c.acceptWord("as", "enum")) return skipAll();
  c.expectPunct("(");
  const values: string[] = [];
  if (!c.isPunct(")")) {
    do values.push(c.string("an enum label"));
    while (c.acceptPunct(","));
  }
  c.expectPunct(")");
  ctx.schema.enums.set(name, values);
}

function commentOn(c: Cursor, ctx: StatementContext, skipAll: () => void): void {
  const what = c.acceptWord("table") ? "table" : c.acceptWord("column") ? "column" : null;
  if (!what) return skipAll();
  const parts = [c.name()];
  while (c.acceptPunct(".")) parts.push(c.name());
  c.expectWord("is");
  const text = c.acceptWord("null") ? "" : c.string("a comment string");
  const tableName = what === "table" ? parts[parts.length - 1]! : parts[parts.length - 2];
  const table = tableName === undefined ? undefined : ctx.schema.tables.get(keyOf(tableName, c));
  if (!table) return skipAll();
  if (what === "table") {
    table.comment = text;
    return;
  }
  const col = findColumn(table, parts[parts.length - 1]!);
  if (!col) c.fail(`table ${table.name} has no column ${parts[parts.length - 1]}`);
  col.comment = text;
}

function dropTable(c: Cursor, ctx: StatementContext, skipAll: () => void): void {
  c.acceptWord("if", "exists");
  let dropped = false;
  do {
    const key = keyOf(c.qualifiedName("a table name"), c);
    dropped = ctx.schema.tables.delete(key) || dropped;
  } while (c.acceptPunct(","));
  if (!dropped) skipAll();
}

/** ALTER TABLE: applies the actions the model needs, reports the others. */
function alterTable(c: Cursor, stmt: Statement, ctx: StatementContext): void {
  c.acceptWord("if", "exists");
  c.acceptWord("only");
  const table = ctx.schema.tables.get(keyOf(c.qualifiedName("a table name"), c));
  if (!table) return ctx.skip(summary(stmt), stmt.start);
  c.acceptWord("only");
  // pg_dump creates each partition as a table, then attaches it: its rows are the parent's.
  if (c.acceptWord("attach", "partition")) {
    const child = c.qualifiedName("a partition name");
    ctx.schema.tables.delete(keyOf(child, c));
    return ctx.skip(`partition ${child} of ${table.name} (no model of its own)`, stmt.start);
  }
  let applied = 0;
  const ignored: Token[] = [];
  do {
    const start = c.peek();
    if (!start) break;
    const result = alterAction(c, ctx, table);
    if (result === "applied") applied++;
    else {
      if (result === "unknown") ignored.push(start);
      c.skipUntil((t) => t.kind === "punct" && t.text === ",");
    }
  } while (c.acceptPunct(","));
  if (!c.atEnd()) c.fail(`unexpected ${c.describe()} in ALTER TABLE`);
  if (applied === 0) return ctx.skip(summary(stmt), stmt.start);
  for (const t of ignored) ctx.skip(`ALTER TABLE ${table.name} ${t.text.toUpperCase()} ...`, t.start);
}

type ActionResult = "applied" | "ignored" | "unknown";

function alterAction(c: Cursor, ctx: StatementContext, table: TableDraft): ActionResult {
  if (c.acceptWord("add")) {
    if (atTableConstraint(c)) {
      const k = parseTableConstraint(c, ctx.env);
      if (k) addKeys(c, table, [k]);
      return "applied";
    }
    c.acceptWord("column");
    c.acceptWord("if", "not", "exists");
    const col = parseColumn(c, ctx.env);
    if (findColumn(table, col.column.name))
      c.fail(`column ${col.column.name} is defined twice in table ${table.name}`, col.offset);
    placeColumn(c, table, col.column, -1);
    addKeys(
      c,
      table,
      col.keys.map((key) => ({ key, offsets: [col.offset], expressions: [false] })),
    );
    return "applied";
  }
  if (c.isWord("modify") || c.isWord("change")) {
    const change = c.next().value === "change";
    c.acceptWord("column");
    c.acceptWord("if", "exists");
    const oldTok = c.peek();
    const oldName = change ? c.name("a column name") : null;
    const col = parseColumn(c, ctx.env);
    const old = findColumn(table, oldName ?? col.column.name);
    if (!old)
      c.fail(`table ${table.name} has no column ${oldName ?? col.column.name}`, oldName ? oldTok?.start : col.offset);
    const index = table.columns.indexOf(old);
    removeColumn(table, old);
    placeColumn(c, table, col.column, index);
    if (old.name !== col.column.name) renameInKeys(table, old.name, col.column.name);
    addKeys(
      c,
      table,
      col.keys.map((key) => ({ key, offsets: [col.offset], expressions: [false] })),
    );
    return "applied";
  }
  if (c.acceptWord("alter")) {
    c.acceptWord("column");
    const colTok = c.peek();
    const col = findColumn(table, c.name("a column name"));
    if (!col) c.fail(`table ${table.name} has no column ${colTok?.text}`, colTok?.start);
    if (c.acceptWord("set", "default")) {
      const d = normalizeDefault(expression(c, ctx.env, new Set()), col.family, c.dialect);
      col.default = d.default;
      if (d.sequence) col.autoIncrement = true;
    } else if (c.acceptWord("drop", "default")) col.default = null;
    else if (c.acceptWord("set", "not", "null")) col.nullable = false;
    else if (c.acceptWord("drop", "not", "null")) col.nullable = true;
    else if (c.acceptWord("type") || c.acceptWord("set", "data", "type")) {
      const info = normalizeType(parseTypeSpec(c), c.dialect, ctx.env.enums);
      Object.assign(col, {
        type: info.type,
        rawType: info.rawType,
        family: info.family,
        bits: info.bits,
        unsigned: info.unsigned,
      });
      Object.assign(col, {
        length: info.length,
        precision: info.precision,
        scale: info.scale,
        enumValues: info.enumValues,
      });
    } else if (c.acceptWord("add", "generated")) {
      if (!c.acceptWord("always")) c.expectWord("by", "default");
      c.expectWord("as", "identity");
      if (c.isPunct("(")) c.skipGroup();
      col.autoIncrement = true;
      col.nullable = false;
    } else if (c.acceptWord("drop", "identity")) col.autoIncrement = false;
    else return "unknown";
    return "applied";
  }
  if (c.acceptWord("drop")) {
    if (c.acceptWord("primary", "key")) {
      table.keys = table.keys.filter((k) => k.kind !== "primary");
      return "applied";
    }
    if (c.acceptWord("index") || c.acceptWord("key") || c.acceptWord("constraint") || c.acceptWord("foreign", "key")) {
      c.acceptWord("if", "exists");
      const name = c.name();
      table.keys = table.keys.filter((k) => k.name !== name);
      return "applied";
    }
    c.acceptWord("column");
    c.acceptWord("if", "exists");
    const colTok = c.peek();
    const col = findColumn(table, c.name("a column name"));
    if (!col) c.fail(`table ${table.name} has no column ${colTok?.text}`, colTok?.start);
    removeColumn(table, col);
    table.keys = table.keys.filter((k) => !k.columns.includes(col.name));
    return "applied";
  }
  if (c.acceptWord("rename")) {
    if (c.acceptWord("to") || c.acceptWord("as")) {
      const name = c.qualifiedName("a table name");
      for (const [k, v] of ctx.schema.tables) if (v === table) ctx.schema.tables.delete(k);
      table.name = name;
      ctx.schema.tables.set(keyOf(name, c), table);
      return "applied";
    }
    if (c.acceptWord("column") || (c.isName() && c.peek(1)?.value === "to")) {
      const colTok = c.peek();
      const col = findColumn(table, c.name("a column name"));
      if (!col) c.fail(`table ${table.name} has no column ${colTok?.text}`, colTok?.start);
      c.expectWord("to");
      const name = c.name("a column name");
      renameInKeys(table, col.name, name);
      renameColumn(table, col, name);
      return "applied";
    }
    return "unknown";
  }
  if (c.acceptWord("comment")) {
    c.acceptPunct("=");
    table.comment = c.string("a comment string");
    return "applied";
  }
  // table options (AUTO_INCREMENT=5, ENGINE=InnoDB) and ownership carry nothing for the model
  if (
    (c.peek()?.kind === "word" && c.peek(1)?.text === "=") ||
    c.isWord("owner", "to") ||
    c.isWord("default", "charset")
  )
    return "ignored";
  return "unknown";
}

/** Inserts a column at `index` (-1: the end), or where FIRST / AFTER x says. */
function placeColumn(c: Cursor, table: TableDraft, column: TableDraft["columns"][number], index: number): void {
  let at = index < 0 ? table.columns.length : index;
  if (c.acceptWord("first")) at = 0;
  else if (c.acceptWord("after")) {
    const tok = c.peek();
    const prev = findColumn(table, c.name("a column name"));
    if (!prev) c.fail(`table ${table.name} has no column ${tok?.text}`, tok?.start);
    at = table.columns.indexOf(prev) + 1;
  }
  insertColumn(table, column, at);
}

function renameInKeys(table: TableDraft, from: string, to: string): void {
  for (const k of table.keys) k.columns = k.columns.map((x) => (x === from ? to : x));
}

/**
 * A short one-line form of a statement for skip reports (`SET NAMES utf8mb4`,
 * `INSERT INTO user VALUES`): its first tokens up to a parenthesis, keywords in upper case.
 */
export function summary(stmt: Statement): string {
  const words: string[] = [];
  for (const t of stmt.tokens.slice(0, 8)) {
    if (t.kind === "punct" && t.text === "(") break;
    words.push(t.kind === "word" && KEYWORDS.has(t.value) ? t.value.toUpperCase() : t.text);
  }
  const s = words
    .join(" ")
    .replace(/ ?([.=]) ?/g, "$1")
    .replace(/ @ /g, "@");
  return s.length > 60 ? s.slice(0, 57) + "..." : s;
}

const KEYWORDS = new Set(
  (
    "set names insert into values lock unlock tables write read drop table if exists create alter select update delete " +
    "from pragma begin commit transaction trigger function procedure sequence extension schema view owner to only add " +
    "constraint foreign key comment on use start grant revoke definer index unique type as or replace all copy"
  ).split(" "),
);

/**
 * CREATE TABLE, with the table-level constraints it shares with ALTER TABLE ... ADD.
 * Internal to the SQL reader.
 */
import type { IrPosition } from "../../ir/index.js";
import type { Cursor } from "./cursor.js";
import type { Token } from "./lexer.js";
import { type ParseEnv, parseColumn, parseKeyColumns, skipReferences } from "./columns.js";
import { type KeyDraft, type TableDraft, findColumn, newTable, replaceColumn } from "./model.js";

/** A key with the offsets of its column names, checked once the table is complete. */
export interface PendingKey {
  key: KeyDraft;
  offsets: number[];
  expressions: boolean[];
}

/** `,` or `)` at depth 0: the end of a CREATE TABLE element or ALTER TABLE action. */
const atElementEnd = (t: Token) => t.kind === "punct" && (t.text === "," || t.text === ")");

const CONSTRAINT_START = [
  "constraint",
  "primary",
  "unique",
  "key",
  "index",
  "fulltext",
  "spatial",
  "foreign",
  "check",
  "exclude",
];

/** True when the cursor is at a table constraint rather than a column definition. */
export function atTableConstraint(c: Cursor): boolean {
  if (!c.isAnyWord(CONSTRAINT_START)) return false;
  const t = c.peek()!;
  const after = c.peek(1);
  // KEY, INDEX, FULLTEXT and SPATIAL start an index only in MySQL (where they are reserved);
  // elsewhere they are ordinary column names: `fulltext tsvector NOT NULL`, `key text`.
  if (t.value === "key" || t.value === "index" || t.value === "fulltext" || t.value === "spatial") {
    if (c.dialect !== "mysql") return false;
    return (
      after !== undefined &&
      (after.kind === "punct" ||
        c.peek(2)?.text === "(" ||
        after.value === "using" ||
        after.value === "key" ||
        after.value === "index")
    );
  }
  return t.value !== "check" || after?.text === "(";
}

/**
 * Parses one table constraint. Returns the key it declares (null for CHECK/EXCLUDE).
 * A FOREIGN KEY comes back with kind "foreign" (MySQL indexes those).
 */
export function parseTableConstraint(c: Cursor, env: ParseEnv): PendingKey | null {
  let name: string | null = null;
  if (c.acceptWord("constraint")) {
    if (!c.isAnyWord(["primary", "unique", "foreign", "check", "exclude"])) name = c.name("a constraint name");
  }
  let kind: KeyDraft["kind"];
  if (c.acceptWord("primary", "key")) kind = "primary";
  else if (c.acceptWord("unique")) {
    kind = "unique";
    c.acceptWord("key") || c.acceptWord("index");
    if (c.acceptWord("nulls")) {
      c.acceptWord("not");
      c.expectWord("distinct");
    }
  } else if (c.acceptWord("foreign", "key")) kind = "foreign";
  else if (c.acceptWord("check")) {
    c.skipGroup();
    c.skipUntil(atElementEnd);
    return null;
  } else if (c.acceptWord("exclude")) {
    c.skipUntil(atElementEnd);
    return null;
  } else if (c.acceptWord("key") || c.acceptWord("index")) kind = "index";
  else if (c.acceptWord("fulltext") || c.acceptWord("spatial")) {
    kind = "index";
    c.acceptWord("key") || c.acceptWord("index");
  } else c.fail(`expected a constraint but found ${c.describe()}`);

  // MySQL: index name and USING before the column list
  if (!c.isPunct("(") && !c.isWord("using")) {
    const own = c.name("an index name");
    if (kind !== "primary") name = own;
  }
  if (c.acceptWord("using")) c.name("an index method");
  const cols = parseKeyColumns(c, env);
  if (kind === "foreign") skipReferences(c);
  // USING BTREE, COMMENT '...', ON CONFLICT, INCLUDE (...), WITH (...), DEFERRABLE, ...
  c.skipUntil(atElementEnd);
  return {
    key: { name, columns: cols.columns, kind, inTable: true },
    offsets: cols.offsets,
    expressions: cols.expressions,
  };
}

export interface CreatedTable {
  table: TableDraft;
  pending: PendingKey[];
}

/**
 * After `CREATE [...] TABLE`: `[IF NOT EXISTS] name ( elements ) options`.
 * Returns null for forms that define no columns here (AS SELECT, PARTITION OF, OF type).
 */
export function parseCreateTable(
  c: Cursor,
  env: ParseEnv,
  source: string,
  pos: IrPosition,
  lookup: (name: string) => TableDraft | undefined,
): CreatedTable | null {
  c.acceptWord("if", "not", "exists");
  const name = c.qualifiedName("a table name");
  const table = newTable(name, c.dialect, source, pos);
  const pending: PendingKey[] = [];

  if (c.isWord("like") || (c.isPunct("(") && c.peek(1)?.value === "like")) {
    const paren = c.acceptPunct("(");
    c.expectWord("like");
    const likeTok = c.peek();
    const other = lookup(c.qualifiedName("a table name"));
    if (!other) c.fail("CREATE TABLE ... LIKE names a table this schema does not define", likeTok?.start);
    table.columns = other.columns.map((col) => ({ ...col, enumValues: [...col.enumValues] }));
    table.comment = c.dialect === "mysql" ? other.comment : "";
    if (c.dialect === "mysql") table.keys = other.keys.map((k) => ({ ...k, columns: [...k.columns] }));
    if (paren) {
      c.skipUntil((t) => t.kind === "punct" && t.text === ")");
      c.expectPunct(")");
    }
    return { table, pending };
  }
  if (!c.isPunct("(")) return null;
  c.next();
  do {
    if (c.isPunct(")")) break; // trailing comma tolerated
    if (atTableConstraint(c)) {
      const k = parseTableConstraint(c, env);
      if (k) pending.push(k);
    } else if (c.isWord("like")) {
      c.next();
      c.qualifiedName();
      c.skipUntil(atElementEnd);
    } else if (c.isWord("period")) {
      c.skipUntil(atElementEnd);
    } else {
      const col = parseColumn(c, env);
      if (findColumn(table, col.column.name))
        c.fail(`column ${col.column.name} is defined twice in table ${name}`, col.offset);
      table.columns.push(col.column);
      if (col.descendingKey) table.noRowidAlias = true;
      for (const key of col.keys) pending.push({ key, offsets: [col.offset], expressions: [false] });
    }
  } while (c.acceptPunct(","));
  c.expectPunct(")");
  if (c.isWord("as") || c.isWord("select")) return null;

  // table options
  while (!c.atEnd()) {
    if (c.acceptWord("comment")) {
      c.acceptPunct("=");
      table.comment = c.string("a comment string");
    } else if (c.dialect === "postgres" && c.isWord("inherits")) {
      inherit(c, table, lookup);
    } else if (c.acceptWord("without", "rowid")) {
      table.withoutRowid = true;
    } else if (c.isWord("as") || c.isWord("select")) {
      return null;
    } else if (c.isWord("partition")) {
      break;
    } else c.skipOne();
  }
  return { table, pending };
}

/**
 * PostgreSQL `INHERITS (parent, ...)`: the parents' columns come first, in order (a name two
 * parents share is one column), then the table's own; an own column of a parent's name is
 * merged into it (it keeps its place, takes the own definition, NOT NULL if either says so).
 * Keys are not inherited, as in PostgreSQL.
 */
function inherit(c: Cursor, table: TableDraft, lookup: (name: string) => TableDraft | undefined): void {
  c.expectWord("inherits");
  c.expectPunct("(");
  const merged: TableDraft = { ...table, columns: [] };
  do {
    const tok = c.peek();
    const parent = lookup(c.qualifiedName("a table name"));
    if (!parent) c.fail("INHERITS names a table this schema does not define", tok?.start);
    for (const col of parent.columns) {
      if (!findColumn(merged, col.name)) merged.columns.push({ ...col, enumValues: [...col.enumValues] });
    }
  } while (c.acceptPunct(","));
  c.expectPunct(")");
  for (const own of table.columns) {
    const inherited = findColumn(merged, own.name);
    if (!inherited) merged.columns.push(own);
    else replaceColumn(merged, inherited, { ...own, nullable: own.nullable && inherited.nullable });
  }
  table.columns = merged.columns;
}

/** Adds keys to a table after checking that their columns exist. */
export function addKeys(c: Cursor, table: TableDraft, pending: PendingKey[]): void {
  for (const p of pending) {
    p.key.columns.forEach((col, k) => {
      if (!p.expressions[k] && !findColumn(table, col))
        c.fail(`table ${table.name} has no column ${col}`, p.offsets[k]);
    });
    if (p.key.kind === "primary" && table.keys.some((k) => k.kind === "primary")) {
      c.fail(`table ${table.name} has more than one primary key`, p.offsets[0]);
    }
    table.keys.push(p.key);
  }
}

/**
 * Column definitions and key column lists, as they appear in CREATE TABLE and ALTER TABLE
 * in MySQL/MariaDB, PostgreSQL and SQLite. Internal to the SQL reader.
 */
import type { SqlColumn } from "../../ir/index.js";
import type { Cursor } from "./cursor.js";
import { normalizeDefault } from "./defaults.js";
import type { KeyDraft } from "./model.js";
import { parseTypeSpec } from "./type-spec.js";
import { normalizeType, sqlColumn } from "./types.js";

/** What a statement parser needs besides its tokens. */
export interface ParseEnv {
  /** Full text of the file, to slice expressions out of. */
  text: string;
  /** PostgreSQL enum types declared so far (CREATE TYPE ... AS ENUM). */
  enums: Map<string, string[]>;
}

export interface ColumnResult {
  column: SqlColumn;
  /** Keys declared on the column (PRIMARY KEY, UNIQUE, REFERENCES). */
  keys: KeyDraft[];
  /** SQLite `PRIMARY KEY DESC`: no rowid alias even on an INTEGER column. */
  descendingKey: boolean;
  offset: number;
}

/** Words that end a column definition's default expression at depth 0. */
const DEFAULT_STOP = new Set([
  "not",
  "null",
  "primary",
  "unique",
  "check",
  "references",
  "collate",
  "constraint",
  "comment",
  "auto_increment",
  "autoincrement",
  "on",
  "generated",
  "key",
  "invisible",
  "visible",
  "column_format",
  "storage",
  "first",
  "after",
  "character",
  "charset",
  "as",
]);

export function parseColumn(c: Cursor, env: ParseEnv): ColumnResult {
  const nameTok = c.peek()!;
  const name = c.name("a column name");
  const typeStart = c.peek();
  const spec = parseTypeSpec(c);
  if (spec.words.length === 0 && c.dialect !== "sqlite") {
    c.fail(`expected a type for column ${name} but found ${c.describe()}`, typeStart?.start);
  }
  const info = normalizeType(spec, c.dialect, env.enums);
  const column = sqlColumn(name, info, { nullable: true, default: null, autoIncrement: info.serial, comment: "" });
  const keys: KeyDraft[] = [];
  let descendingKey = false;
  if (info.serial) column.nullable = false;
  if (info.serial && c.dialect === "mysql") keys.push({ name: null, columns: [name], kind: "unique", inTable: true });

  for (;;) {
    const t = c.peek();
    if (!t || (t.kind === "punct" && (t.text === "," || t.text === ")"))) break;
    if (c.acceptWord("constraint")) {
      if (c.isName() && !c.isAnyWord(["primary", "unique", "check", "references", "not", "null", "default"])) c.name();
    } else if (c.acceptWord("not", "null")) {
      column.nullable = false;
      acceptConflict(c);
    } else if (c.acceptWord("null")) {
      column.nullable = true;
    } else if (c.acceptWord("default")) {
      const text = expression(c, env, DEFAULT_STOP);
      const d = normalizeDefault(text, column.family, c.dialect);
      column.default = d.default;
      if (d.sequence) column.autoIncrement = true;
    } else if (c.acceptWord("primary", "key") || (c.dialect === "mysql" && c.acceptWord("key"))) {
      if (c.acceptWord("desc")) descendingKey = true;
      else c.acceptWord("asc");
      acceptConflict(c);
      if (c.acceptWord("autoincrement")) column.autoIncrement = true;
      keys.push({ name: null, columns: [name], kind: "primary", inTable: true });
    } else if (c.acceptWord("unique")) {
      c.acceptWord("key") || c.acceptWord("index");
      if (c.acceptWord("nulls")) {
        c.acceptWord("not");
        c.expectWord("distinct");
      }
      acceptConflict(c);
      keys.push({ name: null, columns: [name], kind: "unique", inTable: true });
    } else if (c.acceptWord("auto_increment") || c.acceptWord("autoincrement")) {
      column.autoIncrement = true;
    } else if (c.acceptWord("comment")) {
      column.comment = c.string("a comment string");
    } else if (c.acceptWord("collate")) {
      c.qualifiedName("a collation");
    } else if (c.acceptWord("character", "set") || c.acceptWord("charset") || c.acceptWord("char", "set")) {
      c.name("a character set");
    } else if (c.acceptWord("on", "update")) {
      column.onUpdate = normalizeDefault(expression(c, env, DEFAULT_STOP), column.family, c.dialect).default;
    } else if (c.acceptWord("on", "conflict")) {
      c.name();
    } else if (c.isWord("references")) {
      keys.push({ name: null, columns: [name], kind: "foreign", inTable: true });
      skipReferences(c);
    } else if (c.acceptWord("check")) {
      c.skipGroup();
      c.acceptWord("no", "inherit");
    } else if (c.isWord("generated") || c.isWord("as") || c.isWord("identity")) {
      if (generated(c)) {
        column.autoIncrement = true;
        column.nullable = false;
      } else {
        column.generated = true;
        column.default = null;
      }
    } else if (
      c.acceptWord("invisible") ||
      c.acceptWord("visible") ||
      c.acceptWord("deferrable") ||
      c.acceptWord("not", "deferrable")
    ) {
      // attributes with no bearing on the model
    } else if (c.acceptWord("initially")) {
      c.name();
    } else if (
      c.acceptWord("column_format") ||
      c.acceptWord("storage") ||
      c.acceptWord("srid") ||
      c.acceptWord("compression")
    ) {
      c.next();
    } else {
      c.fail(`unexpected ${c.describe()} in the definition of column ${name}`);
    }
  }
  return { column, keys, offset: nameTok.start, descendingKey };
}

/** GENERATED ... AS IDENTITY / AS (expr) [STORED|VIRTUAL]; true for identity columns. */
function generated(c: Cursor): boolean {
  if (c.acceptWord("identity")) {
    if (c.isPunct("(")) c.skipGroup();
    return true;
  }
  if (c.acceptWord("generated")) {
    if (!c.acceptWord("always")) c.expectWord("by", "default");
    c.acceptWord("on", "null");
  }
  c.expectWord("as");
  if (c.acceptWord("identity")) {
    if (c.isPunct("(")) c.skipGroup();
    return true;
  }
  c.skipGroup();
  c.acceptWord("stored") || c.acceptWord("virtual") || c.acceptWord("persistent");
  return false;
}

/** REFERENCES t [(cols)] [MATCH x] [ON DELETE|UPDATE action]... */
export function skipReferences(c: Cursor): void {
  c.expectWord("references");
  c.qualifiedName("a table name");
  if (c.isPunct("(")) c.skipGroup();
  for (;;) {
    if (c.acceptWord("match")) c.name();
    else if (c.acceptWord("on", "delete") || c.acceptWord("on", "update")) {
      if (!(c.acceptWord("set", "null") || c.acceptWord("set", "default") || c.acceptWord("no", "action")))
        c.name("a referential action");
      if (c.isPunct("(")) c.skipGroup();
    } else if (c.acceptWord("deferrable") || c.acceptWord("not", "deferrable")) {
      // nothing
    } else if (c.acceptWord("initially")) c.name();
    else break;
  }
}

function acceptConflict(c: Cursor): void {
  if (c.acceptWord("on", "conflict")) c.name("a conflict clause");
}

/** Source text of an expression, up to a stop word, `,` or `)` at depth 0. */
export function expression(c: Cursor, env: ParseEnv, stop: ReadonlySet<string>): string {
  const first = c.peek();
  if (!first) c.fail("expected an expression");
  let last = first;
  let count = 0;
  while (!c.atEnd()) {
    const t = c.peek()!;
    if (t.kind === "punct" && (t.text === "," || t.text === ")")) break;
    // NULL may start an expression (DEFAULT NULL) but ends one otherwise
    if (t.kind === "word" && stop.has(t.value) && !(count === 0 && t.value === "null")) {
      // `::character varying` is part of a cast, not a CHARACTER SET clause
      const prev = c.tokens[c.pos - 1];
      if (!(prev && prev.kind === "punct" && prev.text === "::")) break;
    }
    const before = c.pos;
    c.skipOne();
    last = c.tokens[c.pos - 1] ?? last;
    count += c.pos - before;
  }
  if (count === 0) c.fail(`expected an expression but found ${c.describe()}`);
  return env.text.slice(first.start, last.end);
}

export interface KeyColumns {
  columns: string[];
  /** Offset of each element, for "unknown column" diagnostics. */
  offsets: number[];
  /** Elements that are expressions rather than column names. */
  expressions: boolean[];
}

/** `(a, b(10) DESC, lower(c))` → column names; expressions are kept as their text. */
export function parseKeyColumns(c: Cursor, env: ParseEnv): KeyColumns {
  const out: KeyColumns = { columns: [], offsets: [], expressions: [] };
  c.expectPunct("(");
  do {
    const t = c.peek();
    if (!t) c.fail("unexpected end of statement in a key column list");
    const after = c.peek(1);
    const plainName =
      (t.kind === "word" || t.kind === "qident") &&
      (after?.kind !== "punct" || [",", ")", "("].includes(after.text)) &&
      !(after?.text === "(" && c.peek(2)?.kind !== "number");
    if (plainName) {
      out.columns.push(c.name("a column name"));
      out.expressions.push(false);
      if (c.isPunct("(")) c.skipGroup(); // prefix length
    } else {
      const stop = new Set(["asc", "desc", "nulls", "collate"]);
      out.columns.push(expression(c, env, stop).replace(/\s+/g, " "));
      out.expressions.push(true);
    }
    out.offsets.push(t.start);
    // ordering, collation, operator class
    c.skipUntil((x) => x.kind === "punct" && (x.text === "," || x.text === ")"));
  } while (c.acceptPunct(","));
  c.expectPunct(")");
  return out;
}

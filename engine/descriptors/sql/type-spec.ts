/**
 * Reading a column type as written: a DDL column's type at the cursor, or a type a live database
 * reports as text (MySQL COLUMN_TYPE, PostgreSQL format_type(), SQLite's declared type), into its
 * parts. types.ts normalises them.
 */
import type { SqlDialect } from "../../ir/index.js";
import { Cursor, nameOf } from "./cursor.js";
import { tokenize } from "./lexer.js";

export interface TypeSpec {
  /** Lower-case words of the name, modifiers included (`int`, `unsigned`). */
  words: string[];
  /** Arguments: numbers as written, strings (enum values) unquoted. */
  args: { text: string; string: boolean }[];
  array: boolean;
  /** The name was a quoted identifier (PostgreSQL "char", custom types). */
  quoted: boolean;
}

/** Words that end a type inside a column definition. */
const STOP = new Set([
  "constraint",
  "primary",
  "not",
  "null",
  "unique",
  "check",
  "default",
  "collate",
  "references",
  "generated",
  "as",
  "auto_increment",
  "autoincrement",
  "comment",
  "charset",
  "on",
  "key",
  "identity",
  "invisible",
  "visible",
  "column_format",
  "storage",
  "srid",
  "first",
  "after",
  "asc",
  "desc",
]);
/** Words that may continue a multi-word type name before its arguments. */
const NAME_WORDS = new Set([
  "precision",
  "varying",
  "unsigned",
  "signed",
  "zerofill",
  "with",
  "without",
  "time",
  "zone",
  "big",
  "int",
  "integer",
  "char",
  "character",
  "varchar",
  "text",
  "large",
  "object",
  "native",
  "national",
  "varbinary",
  "long",
  "day",
  "hour",
  "minute",
  "second",
  "to",
  "year",
  "month",
  "binary",
  "array",
]);
/** Words that may follow the arguments. */
const AFTER_ARGS = new Set([
  "unsigned",
  "signed",
  "zerofill",
  "with",
  "without",
  "time",
  "zone",
  "binary",
  "varying",
  "array",
  "precision",
]);

/** Reads a type at the cursor; an empty spec when there is none (SQLite allows that). */
export function parseTypeSpec(c: Cursor): TypeSpec {
  const spec: TypeSpec = { words: [], args: [], array: false, quoted: false };
  const isStop = () => c.isAnyWord([...STOP]) || c.isWord("character", "set") || c.isWord("char", "set");
  if (!c.isName() || isStop()) return spec;
  const first = c.peek()!;
  spec.quoted = first.kind === "qident";
  spec.words.push(c.qualifiedName("a type").toLowerCase());
  if (spec.quoted) spec.words[0] = nameOf(first, c.dialect);
  let hadArgs = false;
  for (;;) {
    if (c.isPunct("(") && !hadArgs) {
      c.next();
      if (!c.isPunct(")")) {
        do {
          const t = c.peek();
          if (t && (t.kind === "string" || (t.kind === "qident" && t.quote === '"' && c.dialect === "mysql"))) {
            spec.args.push({ text: c.string(), string: true });
          } else if (t && t.kind === "punct" && (t.text === "-" || t.text === "+")) {
            c.next();
            spec.args.push({ text: t.text + c.next().text, string: false });
          } else if (t && (t.kind === "number" || t.kind === "word")) {
            c.next();
            spec.args.push({ text: t.text.toLowerCase(), string: false });
          } else c.fail(`expected a type argument but found ${c.describe()}`);
        } while (c.acceptPunct(","));
      }
      c.expectPunct(")");
      hadArgs = true;
      continue;
    }
    if (c.isPunct("[")) {
      c.next();
      if (c.peek()?.kind === "number") c.next();
      c.expectPunct("]");
      spec.array = true;
      continue;
    }
    const t = c.peek();
    if (t?.kind !== "word" || isStop()) break;
    const allowed = hadArgs ? AFTER_ARGS : c.dialect === "sqlite" ? null : NAME_WORDS;
    if (allowed && !allowed.has(t.value)) break;
    c.next();
    if (t.value === "array") spec.array = true;
    else spec.words.push(t.value);
  }
  return spec;
}

/** Parses a type written as text (from information_schema or format_type()). */
export function parseTypeText(text: string, dialect: SqlDialect): TypeSpec {
  const tokens = tokenize(text, dialect);
  const c = new Cursor(tokens, dialect, text.length);
  return parseTypeSpec(c);
}

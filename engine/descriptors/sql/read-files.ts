/** Reading DDL files into the SQL IR. */
import { readFileSync } from "node:fs";
import path from "node:path";
import { type Diagnostic, type SourceSpan, CodegenError, diag } from "../../diagnostics/index.js";
import type { SqlDialect, SqlIR } from "../../ir/index.js";
import { ParseError } from "./cursor.js";
import { chooseDialect, type DialectSetting } from "./dialect.js";
import { LexError, tokenize } from "./lexer.js";
import { finishTable } from "./model.js";
import { controlCharacterNames } from "./names.js";
import { splitStatements } from "./split.js";
import { type SchemaState, applyStatement } from "./statements.js";

export interface ReadSqlOptions {
  /** Project root: table positions and sources are relative to it. */
  root: string;
  /** Dialect of every file; otherwise chosen per file (chooseDialect). */
  dialect?: SqlDialect;
  /** `sql.dialect` from the config: one dialect, or file globs to dialects. */
  dialectSetting?: DialectSetting;
  /** Told which dialect each file is read in, and why. */
  onDialect?: (file: string, dialect: SqlDialect, why: string) => void;
  /** Called for each statement (or ALTER TABLE action) the model does not need. */
  onSkip?: (what: string, span: SourceSpan) => void;
  /** Called for each column whose type codegen has no mapping for (it is read as text). */
  onWarning?: (warning: Diagnostic) => void;
}

export async function readSqlFiles(files: string[], options: ReadSqlOptions): Promise<SqlIR> {
  const schema: SchemaState = { tables: new Map(), enums: new Map() };
  const diagnostics: Diagnostic[] = [];
  for (const file of files) {
    const abs = path.resolve(options.root, file);
    const shown = displayPath(abs);
    const rel = path.relative(options.root, abs).split(path.sep).join("/");
    let text: string;
    try {
      // Synchronous: files are read one after another, and a thread-pool round trip each cost more than the read.
      text = readFileSync(abs, "utf8");
    } catch (e) {
      diagnostics.push(
        diag("SQL_READ", `cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`),
      );
      continue;
    }
    if (text.charCodeAt(0) === 0xfeff) text = " " + text.slice(1); // BOM, keeping offsets
    const chosen = options.dialect
      ? { dialect: options.dialect, why: "given" }
      : chooseDialect(text, rel, options.dialectSetting);
    options.onDialect?.(rel, chosen.dialect, chosen.why);
    readText(text, { shown, rel, dialect: chosen.dialect, schema, diagnostics, onSkip: options.onSkip });
  }
  if (diagnostics.length > 0) throw new CodegenError(diagnostics);
  const all = [...schema.tables.values()]
    .map(finishTable)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  // `sqlite3 .schema` prints SQLite's own bookkeeping tables (sqlite_sequence, sqlite_stat1).
  const internal = (name: string): boolean => name.toLowerCase().startsWith("sqlite_");
  for (const t of all.filter((t) => internal(t.name)))
    if (t.pos) options.onSkip?.(`SQLite's internal table ${t.name}`, t.pos);
  const tables = all.filter((t) => !internal(t.name));
  const badNames = controlCharacterNames(tables);
  if (badNames.length > 0) throw new CodegenError(badNames);
  // One column must not sink a schema: an unknown type (arrays, tsvector, geometry, ranges,
  // composite types...) is kept with its raw type, and the pack reads it as text.
  for (const t of tables) {
    for (const col of t.columns) {
      if (col.family !== "unknown") continue;
      const at = t.pos ? { file: t.pos.file, line: t.pos.line, column: t.pos.column } : undefined;
      const what = col.rawType === "" ? "no declared type" : `type ${col.rawType}, which has no mapping of its own`;
      options.onWarning?.(
        diag(
          "SQL_UNKNOWN_TYPE",
          `column ${t.name}.${col.name} has ${what}; it is read as the text the database returns`,
          at,
        ),
      );
    }
  }
  return { tables };
}

interface TextJob {
  shown: string;
  rel: string;
  dialect: SqlDialect;
  schema: SchemaState;
  diagnostics: Diagnostic[];
  onSkip: ReadSqlOptions["onSkip"];
}

function readText(text: string, job: TextJob): void {
  const lines = lineStarts(text);
  const at = (offset: number) => lineColumn(lines, offset);
  const span = (offset: number): SourceSpan => ({ file: job.shown, ...at(offset) });
  let statements;
  try {
    statements = splitStatements(tokenize(text, job.dialect));
  } catch (e) {
    if (!(e instanceof LexError)) throw e;
    job.diagnostics.push(diag("SQL_SYNTAX", e.message, span(e.offset)));
    return;
  }
  const ctx = {
    dialect: job.dialect,
    env: { text, enums: job.schema.enums },
    source: job.rel,
    position: (offset: number) => ({ file: job.rel, ...at(offset) }),
    skip: (what: string, offset: number) => job.onSkip?.(what, span(offset)),
    schema: job.schema,
  };
  for (const stmt of statements) {
    try {
      applyStatement(stmt, ctx);
    } catch (e) {
      if (!(e instanceof ParseError)) throw e;
      job.diagnostics.push(diag("SQL_SYNTAX", e.message, span(e.offset), `read as ${job.dialect} DDL`));
    }
  }
}

function displayPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return (rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel).split(path.sep).join("/");
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 10) starts.push(i + 1);
  return starts;
}

function lineColumn(starts: number[], offset: number): { line: number; column: number } {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return { line: lo + 1, column: offset - starts[lo]! + 1 };
}

/** Reading the schema of live databases into the SQL IR. */
import { minimatch } from "minimatch";
import { CodegenError, type Diagnostic, diag } from "../../diagnostics/index.js";
import type { SqlIR, SqlTable } from "../../ir/index.js";
import { connect } from "./datasource.js";
import { readMysqlTables } from "./live-mysql.js";
import { readPostgresTables } from "./live-postgres.js";
import { readSqliteTables } from "./live-sqlite.js";
import { finishTable } from "./model.js";
import { controlCharacterNames } from "./names.js";

export interface ReadLiveOptions {
  /** Glob patterns of table names to read (all tables when absent or empty). */
  tables?: string[];
  /** Base folder for relative SQLite paths (default: the working directory). */
  cwd?: string;
  /** The datasources came from a project's own file, named here: SQLite files must lie inside `cwd`. */
  confinedFrom?: string;
  /**
   * The table migrations keep their version in (the pack's), left out unless a pattern names
   * it; a datasource's own `x-migrations-table` parameter names it for that database instead.
   */
  migrationsTable?: string;
}

export async function readLiveSchema(sources: string[], options: ReadLiveOptions = {}): Promise<SqlIR> {
  const patterns = options.tables ?? [];
  const tables = new Map<string, SqlTable>();
  const diagnostics: Diagnostic[] = [];
  for (const url of sources) {
    const session = await connect(url, {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.confinedFrom !== undefined ? { confinedFrom: options.confinedFrom } : {}),
    });
    const bookkeeping = session.datasource.params.get("x-migrations-table") ?? options.migrationsTable;
    const wanted = (name: string) =>
      patterns.length === 0 ? name !== bookkeeping : patterns.some((p) => minimatch(name, p, { nocase: true }));
    try {
      const read =
        session.dialect === "mysql"
          ? readMysqlTables
          : session.dialect === "postgres"
            ? readPostgresTables
            : readSqliteTables;
      let drafts;
      try {
        drafts = await read(session, wanted);
      } catch (e) {
        throw new CodegenError(
          diag("SQL_QUERY", `cannot read the schema of ${session.datasource.redacted}: ${(e as Error).message}`),
        );
      }
      for (const d of drafts) {
        const other = tables.get(d.name);
        if (other) {
          diagnostics.push(diag("SQL_DUPLICATE_TABLE", `table ${d.name} is in both ${other.source} and ${d.source}`));
          continue;
        }
        tables.set(d.name, finishTable(d));
      }
    } finally {
      await session.close();
    }
  }
  for (const d of controlCharacterNames([...tables.values()])) diagnostics.push(d);
  if (diagnostics.length > 0) throw new CodegenError(diagnostics);
  return { tables: [...tables.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)) };
}

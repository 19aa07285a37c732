/** SQL: DDL files, or the live schema of the databases `sql.datasource` names. */
import type { Language } from "../read-context.js";
import { readLiveSchema, readSqlFiles } from "./index.js";

/** The config keys this language reads (`sql.*`). */
interface SqlConfig {
  datasource: string[];
  tables: string[];
  dialect: string | Record<string, string>;
}

/** What a pack says to this language: the table migrations keep their version in (pack.yaml `database.migrations_table`). */
export interface SqlSettings {
  migrationsTable?: string;
}

export const language: Language = {
  read: async (files, ctx) => {
    // The config was checked against its schema before any reader runs.
    const { datasource, tables, dialect } = ctx.config["sql"] as SqlConfig;
    if (datasource.length === 0 && files.length === 0) return { tables: [] };
    if (datasource.length > 0) {
      // A datasource from the project's own file or its pack: its SQLite files must lie inside the project.
      const layer = ctx.layerOf("sql.datasource");
      const from =
        layer === "file" || layer === "pack"
          ? { confinedFrom: `${layer === "file" ? ".codegen.yaml" : "the pack"} (sql.datasource)` }
          : {};
      const settings = ctx.pack.settings["sql"] as SqlSettings | undefined;
      const table = settings?.migrationsTable ? { migrationsTable: settings.migrationsTable } : {};
      return readLiveSchema(datasource, { tables, cwd: ctx.root, ...from, ...table });
    }
    const ir = await readSqlFiles(files, {
      root: ctx.root,
      dialectSetting: dialect,
      onDialect: (file, chosen, why) => ctx.onSkip?.(`${file}: read as ${chosen} DDL (${why})`),
      onSkip: (what, span) => ctx.onSkip?.(`${span.file}:${span.line}:${span.column}: skipped ${what}`),
      onWarning: (w) => ctx.onWarning?.(w),
    });
    return filterTables(ir, tables, (await import("minimatch")).minimatch);
  },
};

function filterTables<T extends { tables: Array<{ name: string }> }>(
  ir: T,
  patterns: string[],
  minimatch: (name: string, pattern: string) => boolean,
): T {
  if (patterns.length === 0) return ir;
  return { ...ir, tables: ir.tables.filter((t) => patterns.some((p) => minimatch(t.name, p))) };
}

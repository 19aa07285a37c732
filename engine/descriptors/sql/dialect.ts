/**
 * Which dialect a DDL file is read in, and why (printed with --verbose): a
 * `-- codegen:dialect <name>` comment in the file, then `sql.dialect` in the config (one
 * dialect, or globs to dialects), then a `mysql`, `postgres` (`postgresql`, `pg`) or `sqlite`
 * folder in its path, then a guess from its syntax. Internal to the SQL reader.
 */
import { minimatch } from "minimatch";
import type { SqlDialect } from "../../ir/index.js";
import { detectDialect } from "./detect.js";

export type DialectSetting = string | Record<string, string> | undefined;

const NAMES: Record<string, SqlDialect> = {
  mysql: "mysql",
  mariadb: "mysql",
  postgres: "postgres",
  postgresql: "postgres",
  pg: "postgres",
  sqlite: "sqlite",
  sqlite3: "sqlite",
};

export function chooseDialect(
  text: string,
  rel: string,
  setting: DialectSetting,
): { dialect: SqlDialect; why: string } {
  const comment = /^[ \t]*--[ \t]*codegen:dialect[ \t]+([A-Za-z0-9]+)/m.exec(text.slice(0, 4096));
  if (comment && NAMES[comment[1]!.toLowerCase()])
    return { dialect: NAMES[comment[1]!.toLowerCase()]!, why: "its -- codegen:dialect comment" };
  if (typeof setting === "string" && NAMES[setting]) return { dialect: NAMES[setting]!, why: "sql.dialect" };
  if (setting && typeof setting === "object") {
    for (const [glob, name] of Object.entries(setting)) {
      if (minimatch(rel, glob, { dot: true }) && NAMES[name])
        return { dialect: NAMES[name]!, why: `sql.dialect "${glob}"` };
    }
  }
  const folder = rel
    .split("/")
    .slice(0, -1)
    .find((seg) => NAMES[seg.toLowerCase()]);
  if (folder) return { dialect: NAMES[folder.toLowerCase()]!, why: `its folder ${folder}/` };
  const guess = detectDialect(text);
  return { dialect: guess.dialect, why: `guessed from its syntax: ${guess.evidence}` };
}

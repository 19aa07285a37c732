/**
 * The database a generated project is configured with (the pack's `database` section names the
 * file and keys: a driver name and that driver's data source), as a datasource URL `migrate`
 * connects with. Used only when no datasource is given. The file is the project's, read inside
 * it through real folders only; what it says is shown before anything runs.
 */
import { parseDatasource } from "../descriptors/index.js";
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, readInside } from "../fs/index.js";
import { parseYaml, type YamlDoc } from "../schema/index.js";

/** The pack's `database` section (packs/types.ts ProjectDatabase). */
export interface ProjectDatabase {
  file: string;
  driver: string;
  datasource: string;
}

export interface ProjectDatasource {
  url: string;
  /** The URL with its password shown as `***`. */
  redacted: string;
  /** Where it came from, for messages: the file, then the key in parentheses. */
  from: string;
}

const DRIVERS = ["mysql", "postgres", "pgx", "sqlite", "sqlite3"];

/** The project's datasource, or null when its file or keys are absent. */
export function projectDatasource(root: string, db: ProjectDatabase): ProjectDatasource | null {
  let bytes: Buffer | null;
  try {
    bytes = readInside(root, db.file);
  } catch (e) {
    if (!(e instanceof LinkRefused)) throw e;
    throw new CodegenError(
      diag(
        "PROJECT_FILE_LINK",
        `${db.file} is a symbolic link; migrate reads the project's database only from a file of the project itself`,
        undefined,
        "pass --datasource, or replace the link with the file itself",
      ),
    );
  }
  if (!bytes) return null;
  const doc = parseYaml(bytes.toString("utf8"), db.file, "MIGRATE_DATASOURCE");
  const driver = valueAt(doc, db.driver);
  const dsn = valueAt(doc, db.datasource);
  if (driver === null || dsn === null || dsn === "") return null;
  const fail = (key: string, why: string): never => {
    throw new CodegenError(
      diag(
        "MIGRATE_DATASOURCE",
        `${key} ${why}`,
        doc.spanAt(key.split(".")),
        "pass --datasource, or set migrate.datasource in .codegen.yaml",
      ),
    );
  };
  const url = toUrl(driver, dsn, (why) => fail(db.datasource, why));
  if (url === null)
    fail(db.driver, `${JSON.stringify(driver)} is not a driver migrate can use (${DRIVERS.join(", ")})`);
  return { url: url!, redacted: parseDatasource(url!, root).redacted, from: `${db.file} (${db.datasource})` };
}

function valueAt(doc: YamlDoc, dotted: string): string | null {
  let v: unknown = doc.value;
  for (const k of dotted.split("."))
    v = v !== null && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>)[k] : undefined;
  return typeof v === "string" ? v.trim() : null;
}

/** A driver's data source as a datasource URL; null for a driver migrate does not know. */
function toUrl(driver: string, dsn: string, bad: (why: string) => never): string | null {
  switch (driver.toLowerCase()) {
    case "mysql":
      // user:pass@tcp(host:port)/db?params, the form the driver takes
      return dsn.startsWith("mysql://") ? dsn : `mysql://${dsn}`;
    case "postgres":
    case "pgx":
      if (!/^postgres(ql)?:\/\//i.test(dsn)) bad("is not a postgres:// URL (the key=value form is not read here)");
      return dsn;
    case "sqlite":
    case "sqlite3": {
      const file = dsn.replace(/^file:/, "").replace(/\?.*$/, "");
      if (file === "" || file === ":memory:" || /mode=memory/.test(dsn)) bad("names no database file");
      // A file name, not a URL: its % is that character (parseDatasource decodes the URL).
      return `sqlite:${file.replace(/%/g, "%25")}`;
    }
    default:
      return null;
  }
}

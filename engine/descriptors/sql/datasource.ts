/**
 * Datasource URLs and database sessions, shared by the live schema readers and migrations.
 *
 *   mysql://user:pass@host:3306/db            (also mysql://user:pass@tcp(host:3306)/db)
 *   postgres://user:pass@host:5432/db?search_path=schema   (or postgresql://)
 *   sqlite:path/to/file.db, sqlite:///abs/path.db          (or sqlite3:)
 *
 * Drivers (mysql2, pg, sql.js) are imported on first use. SQLite runs in memory through
 * sql.js (WebAssembly, no native build): the file is loaded on connect and written back,
 * atomically, by `flush()`.
 */
import { existsSync } from "node:fs";
import { readFile, rename, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { outsideProject } from "../../fs/index.js";
import { redactDatasource } from "../../secrets/index.js";
import type { SqlDialect } from "../../ir/index.js";

export interface Datasource {
  dialect: SqlDialect;
  /** The URL as given with its password replaced by `***` (secrets/redact.ts), safe to print. */
  redacted: string;
  host: string;
  port: number;
  user: string;
  password: string;
  database: string;
  /** PostgreSQL schema from `search_path` ("" for the server default). */
  schema: string;
  params: URLSearchParams;
  /** SQLite file, absolute. */
  file: string;
}

export interface SqlSession {
  readonly dialect: SqlDialect;
  readonly datasource: Datasource;
  /** Rows as plain objects; placeholders are `?` (MySQL, SQLite) or `$1` (PostgreSQL). */
  query(sql: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  /** Runs a script of one or more statements (SQLite: inside a transaction when asked). */
  exec(sql: string, options?: { transaction?: boolean }): Promise<void>;
  /** Makes changes durable (writes the SQLite file); a no-op for servers. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface ConnectOptions {
  /** Base folder for relative SQLite paths (default: the working directory). */
  cwd?: string;
  /** SQLite: create the file when missing and allow flush(). */
  write?: boolean;
  /**
   * The URL came from a project's own file (named by `from`): an SQLite file must lie inside
   * `cwd`, the project, reached through real folders only (fs/project-place.ts).
   */
  confinedFrom?: string;
}

function bad(url: string, why: string): never {
  throw new CodegenError(
    diag(
      "SQL_DATASOURCE",
      `invalid datasource ${redactDatasource(url)}: ${why}`,
      undefined,
      "use mysql://user:pass@host:port/db, postgres://user@host:port/db?search_path=schema or sqlite:path/to/file.db",
    ),
    2,
  );
}

/** A percent-encoded part of the URL, decoded; a malformed escape (`%zz`) is the URL's fault, not a crash. */
function decoded(url: string, part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    bad(url, "malformed percent-encoding (write % as %25)");
  }
}

export function parseDatasource(url: string, cwd = process.cwd()): Datasource {
  const base = {
    host: "",
    port: 0,
    user: "",
    password: "",
    database: "",
    schema: "",
    params: new URLSearchParams(),
    file: "",
  };
  const scheme = /^([a-z0-9]+):/i.exec(url)?.[1]?.toLowerCase();
  if (scheme === "sqlite" || scheme === "sqlite3") {
    let rest = url.slice(scheme.length + 1);
    const q = rest.indexOf("?");
    const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : "");
    if (q >= 0) rest = rest.slice(0, q);
    if (rest.startsWith("///")) rest = rest.slice(2);
    else if (rest.startsWith("//")) rest = rest.slice(2);
    rest = decoded(url, rest);
    if (!rest) bad(url, "no file path");
    if (rest.includes("\0")) bad(url, "a NUL character in the file path");
    return { ...base, dialect: "sqlite", redacted: redactDatasource(url), params, file: path.resolve(cwd, rest) };
  }
  if (scheme === "mysql") {
    let rest = url.slice("mysql://".length);
    if (!url.toLowerCase().startsWith("mysql://")) bad(url, "expected mysql://");
    const q = rest.indexOf("?");
    const params = new URLSearchParams(q >= 0 ? rest.slice(q + 1) : "");
    if (q >= 0) rest = rest.slice(0, q);
    const at = rest.lastIndexOf("@");
    const userinfo = at >= 0 ? rest.slice(0, at) : "";
    const hostpart = at >= 0 ? rest.slice(at + 1) : rest;
    const m = /^(?:tcp\()?(\[[^\]]*\]|[^/:()]*)(?::(\d+))?\)?(?:\/(.*))?$/.exec(hostpart);
    if (!m) bad(url, "cannot read host and database");
    const colon = userinfo.indexOf(":");
    const user = decoded(url, colon >= 0 ? userinfo.slice(0, colon) : userinfo);
    const password = colon >= 0 ? decoded(url, userinfo.slice(colon + 1)) : "";
    const host = (m[1] || "127.0.0.1").replace(/^\[|\]$/g, "");
    const port = m[2] ? Number(m[2]) : 3306;
    const database = decoded(url, m[3] ?? "");
    if (!database) bad(url, "no database name");
    return { ...base, dialect: "mysql", redacted: redactDatasource(url), host, port, user, password, database, params };
  }
  if (scheme === "postgres" || scheme === "postgresql") {
    let u: URL;
    try {
      u = new URL(url);
    } catch {
      bad(url, "not a URL");
    }
    const database = decoded(url, u.pathname.replace(/^\//, ""));
    if (!database) bad(url, "no database name");
    const schema = u.searchParams.get("search_path") ?? u.searchParams.get("schema") ?? "";
    const user = decoded(url, u.username);
    const host = (u.hostname || "127.0.0.1").replace(/^\[|\]$/g, "");
    const port = u.port ? Number(u.port) : 5432;
    return {
      ...base,
      dialect: "postgres",
      redacted: redactDatasource(url),
      host,
      port,
      user,
      password: decoded(url, u.password),
      database,
      schema,
      params: u.searchParams,
    };
  }
  bad(url, "unknown scheme (expected mysql:, postgres:, postgresql: or sqlite:)");
}

export async function connect(url: string, options: ConnectOptions = {}): Promise<SqlSession> {
  const ds = parseDatasource(url, options.cwd);
  if (ds.dialect === "sqlite" && options.confinedFrom !== undefined) {
    const why = outsideProject(options.cwd ?? process.cwd(), ds.file);
    if (why !== null) {
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `the SQLite file of ${ds.redacted}, from ${options.confinedFrom}, ${why}`,
          undefined,
          "a project's own files may only name a database file inside it; pass the datasource on the command line or in the environment to use another",
        ),
      );
    }
  }
  if (ds.dialect === "sqlite" && !options.write && !existsSync(ds.file)) {
    // A file, not a server: nothing runs that could be started.
    const base = options.cwd ?? process.cwd();
    throw new CodegenError(
      diag(
        "SQL_CONNECT",
        `SQLite database file ${ds.file} does not exist`,
        undefined,
        `check the path in ${ds.redacted} (a relative path is from ${base}), or create the database first (codegen migrate up creates it)`,
      ),
    );
  }
  try {
    if (ds.dialect === "mysql") return await connectMysql(ds);
    if (ds.dialect === "postgres") return await connectPostgres(ds);
    return await connectSqlite(ds, options.write ?? false);
  } catch (e) {
    if (e instanceof CodegenError) throw e;
    const reason = redactDatasource(
      scrub((e as Error).message || String((e as { code?: string }).code ?? e), ds.password),
    );
    throw new CodegenError(
      diag(
        "SQL_CONNECT",
        `cannot connect to ${ds.redacted}: ${reason}`,
        undefined,
        "check that the server runs and that the URL, user and password are right",
      ),
    );
  }
}

function scrub(message: string, password: string): string {
  return password ? message.split(password).join("***") : message;
}

async function connectMysql(ds: Datasource): Promise<SqlSession> {
  const mysql = (await import("mysql2/promise")).default;
  const conn = await mysql.createConnection({
    host: ds.host,
    port: ds.port,
    user: ds.user,
    password: ds.password,
    database: ds.database,
    multipleStatements: true,
    dateStrings: true,
    supportBigNumbers: true,
    bigNumberStrings: true,
    connectTimeout: 10_000,
  });
  return {
    dialect: "mysql",
    datasource: ds,
    async query(sql, params = []) {
      const [rows] = await conn.query(sql, params);
      return Array.isArray(rows) ? (rows as Record<string, unknown>[]) : [];
    },
    async exec(sql) {
      await conn.query(sql);
    },
    async flush() {},
    async close() {
      await conn.end().catch(() => conn.destroy());
    },
  };
}

async function connectPostgres(ds: Datasource): Promise<SqlSession> {
  const pg = (await import("pg")).default;
  const sslmode = ds.params.get("sslmode") ?? "";
  const client = new pg.Client({
    host: ds.host,
    port: ds.port,
    user: ds.user || undefined,
    password: ds.password || undefined,
    database: ds.database,
    connectionTimeoutMillis: 10_000,
    ssl: ["require", "verify-ca", "verify-full"].includes(sslmode)
      ? { rejectUnauthorized: sslmode !== "require" }
      : false,
    // The server splits options at any white space (isspace); a backslash keeps the next character.
    options: ds.schema ? `-c search_path=${ds.schema.replace(/([\\ \t\n\v\f\r])/g, "\\$1")}` : undefined,
  });
  client.on("error", () => {}); // a dropped connection surfaces on the next query
  await client.connect();
  return {
    dialect: "postgres",
    datasource: ds,
    async query(sql, params = []) {
      const res = await client.query(sql, params);
      return res.rows as Record<string, unknown>[];
    },
    async exec(sql) {
      await client.query(sql); // simple query protocol: several statements, one implicit transaction
    },
    async flush() {},
    async close() {
      await client.end().catch(() => {});
    },
  };
}

type SqlJsDatabase = import("sql.js").Database;

async function connectSqlite(ds: Datasource, write: boolean): Promise<SqlSession> {
  const exists = existsSync(ds.file);
  const initSqlJs = (await import("sql.js")).default;
  const require = createRequire(import.meta.url);
  const SQL = await initSqlJs({ locateFile: (f: string) => require.resolve(`sql.js/dist/${f}`) });
  const bytes = exists ? await readFile(ds.file) : null;
  let db: SqlJsDatabase;
  try {
    db = new SQL.Database(bytes);
    db.exec("SELECT count(*) FROM sqlite_master");
  } catch (e) {
    throw new Error(`${ds.file} is not an SQLite database (${(e as Error).message})`);
  }
  return {
    dialect: "sqlite",
    datasource: ds,
    async query(sql, params = []) {
      const stmt = db.prepare(sql);
      try {
        stmt.bind(params.map((p) => (typeof p === "boolean" ? Number(p) : (p as number | string | null))));
        const rows: Record<string, unknown>[] = [];
        while (stmt.step()) rows.push(stmt.getAsObject());
        return rows;
      } finally {
        stmt.free();
      }
    },
    async exec(sql, options = {}) {
      if (!options.transaction) {
        db.exec(sql);
        return;
      }
      db.exec("BEGIN");
      try {
        db.exec(sql);
        db.exec("COMMIT");
      } catch (e) {
        try {
          db.exec("ROLLBACK");
        } catch {
          // the failing script may have ended the transaction itself
        }
        throw e;
      }
    },
    async flush() {
      if (!write) return;
      const tmp = `${ds.file}.${process.pid}.tmp`;
      await writeFile(tmp, db.export());
      await rename(tmp, ds.file);
    },
    async close() {
      db.close();
    },
  };
}

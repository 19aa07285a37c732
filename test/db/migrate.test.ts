// Migrations on MariaDB, PostgreSQL and SQLite: up/down/goto/force/version, golang-migrate's
// bookkeeping in the table the caller names (the go-zero pack's: schema_migrations), failures
// that leave the database dirty, and a first migration's bookkeeping.
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { connect, readLiveSchema } from "../../engine/descriptors/sql/index.js";
import type { SqlDialect } from "../../engine/ir/index.js";
import { down, force, formatVersion, goto, up, version } from "../../engine/migrate/index.js";
import { type TestDb, mysqlDatabase, postgresSchema, sqliteFile } from "./helpers.js";
import { fixtures } from "../support/paths.js";

const migrate = suite("migrate");
/** The table the go-zero pack declares (database.migrations_table). */
const table = "schema_migrations";

/** Migration files for one dialect; version 4 fails in its second statement. */
function migrations(dialect: SqlDialect, broken: boolean): Record<string, string> {
  const id =
    dialect === "mysql"
      ? "id bigint NOT NULL AUTO_INCREMENT PRIMARY KEY"
      : dialect === "postgres"
        ? "id bigserial PRIMARY KEY"
        : "id INTEGER PRIMARY KEY AUTOINCREMENT";
  return {
    "1_init.up.sql": `-- two tables in one file\nCREATE TABLE account (${id}, name varchar(32) NOT NULL);\nCREATE TABLE note (${id}, body text);\nINSERT INTO account (name) VALUES ('a; b');\n`,
    "1_init.down.sql": "DROP TABLE note;\nDROP TABLE account;\n",
    "2_add_email.up.sql":
      "ALTER TABLE account ADD COLUMN email varchar(64);\nCREATE INDEX idx_email ON account (email);",
    "2_add_email.down.sql": `${dialect === "mysql" ? "DROP INDEX idx_email ON account" : "DROP INDEX idx_email"};\nALTER TABLE account DROP COLUMN email;`,
    "3_seed.up.sql": "INSERT INTO account (name, email) VALUES ('c', 'c@example.com');",
    "4_extra.up.sql": broken
      ? "CREATE TABLE extra (n int);\n\nINSERT INTO extra (n) VALUES (1);\nSELEKT nothing FROM extra;\n"
      : "CREATE TABLE extra (n int);\nINSERT INTO extra (n) VALUES (1);\n",
    "4_extra.down.sql": "DROP TABLE IF EXISTS extra;",
    "README.md": "not a migration",
  };
}

async function folder(files: Record<string, string>, dir?: string): Promise<string> {
  const d = dir ?? (await mkdtemp(path.join(os.tmpdir(), "codegen-migrations-")));
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(d, name), text);
  return d;
}

async function rows(url: string, sql: string): Promise<Record<string, unknown>[]> {
  const s = await connect(url);
  try {
    return await s.query(sql);
  } finally {
    await s.close();
  }
}

async function rejects(p: Promise<unknown>, code: string): Promise<CodegenError> {
  try {
    await p;
  } catch (e) {
    assert.instance(e, CodegenError);
    const err = e as CodegenError;
    assert.is(err.diagnostics[0]?.code, code, err.message);
    return err;
  }
  assert.unreachable(`expected ${code}`);
  throw new Error("unreachable");
}

async function scenario(db: TestDb | null, dialect: SqlDialect): Promise<void> {
  if (!db) return;
  const dir = await folder(migrations(dialect, true));
  const opts = { dir, datasource: db.url, table };
  try {
    // a missing SQLite file is no database: version says so and creates nothing
    if (dialect === "sqlite") await rejects(version(opts), "SQL_CONNECT");
    else assert.equal(await version(opts), { version: null, dirty: false });
    let r = await up(opts, 2);
    assert.equal(
      r.applied.map((s) => s.version),
      [1, 2],
    );
    assert.equal([r.from, r.to], [null, 2]);
    assert.is(formatVersion(await version(opts)), "2");

    // version 3 runs, version 4 fails: dirty at 4, nothing after it
    const err = await rejects(up(opts), "SQL_MIGRATION_FAILED");
    assert.match(err.message, "4_extra.up.sql");
    assert.match(err.message, "version 4");
    if (dialect !== "sqlite") assert.is(err.diagnostics[0]?.span?.line, 4, "error located on the bad line");
    assert.is(formatVersion(await version(opts)), "4 (dirty)");
    const kept = await rows(db.url, `SELECT version, dirty FROM ${table}`);
    assert.is(kept.length, 1);
    assert.is(Number(kept[0]!.version), 4);

    // a dirty database refuses to move until forced
    for (const attempt of [() => up(opts), () => down(opts), () => goto(opts, 1)]) {
      const e = await rejects(attempt(), "SQL_MIGRATE_DIRTY");
      assert.match(e.diagnostics[0]?.hint ?? "", "force");
    }
    // PostgreSQL and SQLite ran the failed file in a transaction; MariaDB kept its DDL
    const leftover = (await readLiveSchema([db.url], { tables: ["extra"] })).tables.length;
    assert.is(leftover, dialect === "mysql" ? 1 : 0);
    if (leftover) {
      const s = await connect(db.url);
      await s.exec("DROP TABLE extra");
      await s.close();
    }
    assert.equal(await force(opts, 3), { version: 3, dirty: false });
    await folder(
      {
        "4_extra.up.sql": migrations(dialect, false)["4_extra.up.sql"]!,
        "4_extra.down.sql": "DROP TABLE IF EXISTS extra;",
      },
      dir,
    );
    r = await up(opts);
    assert.equal([r.from, r.to, r.applied.length], [3, 4, 1]);
    assert.equal(
      (await rows(db.url, "SELECT n FROM extra")).map((x) => Number(x.n)),
      [1],
    );
    assert.equal(
      (await rows(db.url, "SELECT count(*) AS n FROM account")).map((x) => Number(x.n)),
      [2],
    );

    // the bookkeeping table stays out of live schema reads that name it, and only those
    assert.equal(
      (await readLiveSchema([db.url], { migrationsTable: table })).tables.map((t) => t.name),
      ["account", "extra", "note"],
    );
    assert.equal(
      (await readLiveSchema([db.url])).tables.map((t) => t.name),
      ["account", "extra", "note", table],
    );
    const other = `${db.url}${db.url.includes("?") ? "&" : "?"}x-migrations-table=${table}`;
    assert.equal(
      (await readLiveSchema([other], { migrationsTable: "elsewhere" })).tables.map((t) => t.name),
      ["account", "extra", "note"],
    );

    // goto down over a migration without a down file, then down step by step
    r = await goto(opts, 2);
    assert.equal(
      r.applied.map((s) => `${s.version}${s.direction[0]}`),
      ["4d", "3d"],
    );
    assert.is(r.applied[1]!.file, null);
    assert.is(formatVersion(await version(opts)), "2");
    await rejects(goto(opts, 7), "SQL_MIGRATE_NO_VERSION");
    r = await down(opts, 1);
    assert.equal([r.from, r.to], [2, 1]);
    const cols = (await readLiveSchema([db.url], { tables: ["account"] })).tables[0]!.columns.map((c) => c.name);
    assert.equal(cols, ["id", "name"]);
    r = await down(opts);
    assert.equal([r.from, r.to], [1, null]);
    assert.is((await rows(db.url, "SELECT version FROM schema_migrations")).length, 0);
    assert.equal(await version(opts), { version: null, dirty: false });
    r = await goto(opts, 3);
    assert.equal(
      r.applied.map((s) => s.version),
      [1, 2, 3],
    );
    assert.equal(
      (await up(opts, 5)).applied.map((s) => s.version),
      [4],
    );
    assert.equal((await up(opts)).applied, []);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await db.drop();
  }
}

async function bookkeepingShape(db: TestDb | null, dialect: SqlDialect): Promise<void> {
  if (!db) return;
  const dir = path.join(fixtures, "migrations/initialize");
  const opts = { dir, datasource: db.url, table };
  try {
    const r = await up(opts);
    assert.equal(
      r.applied.map((s) => `${s.version}/${s.name}`),
      ["1/initialize_schema"],
    );
    const ir = await readLiveSchema([db.url], { tables: ["schema_migrations"] });
    const t = ir.tables[0]!;
    if (dialect === "sqlite") {
      assert.equal(
        t.columns.map((c) => `${c.name} ${c.rawType}`),
        ["version uint64", "dirty bool"],
      );
      assert.equal(
        t.uniqueKeys.map((k) => k.name),
        ["version_unique"],
      );
    } else {
      assert.equal(
        t.columns.map((c) => `${c.name} ${c.family} ${c.nullable}`),
        ["version int false", "dirty bool false"],
      );
      assert.equal(t.primaryKey, ["version"]);
    }
    assert.is((await down(opts)).to, null);
    assert.is(formatVersion(await version(opts)), "none");
  } finally {
    await db.drop();
  }
}

migrate("MariaDB/MySQL: up, failure, dirty, force, goto, down", async () => scenario(await mysqlDatabase(), "mysql"));
migrate("PostgreSQL: up, failure, dirty, force, goto, down", async () => scenario(await postgresSchema(), "postgres"));
migrate("SQLite: up, failure, dirty, force, goto, down", async () => scenario(await sqliteFile(), "sqlite"));
migrate("MariaDB/MySQL: a first migration and golang-migrate's table", async () =>
  bookkeepingShape(await mysqlDatabase(), "mysql"),
);
migrate("PostgreSQL: a first migration and golang-migrate's table", async () =>
  bookkeepingShape(await postgresSchema(), "postgres"),
);
migrate("SQLite: a first migration and golang-migrate's table", async () =>
  bookkeepingShape(await sqliteFile(), "sqlite"),
);

migrate("SQLite: version on a missing file names it, exits 1 and creates no file", async () => {
  const db = await sqliteFile();
  try {
    const err = await rejects(version({ dir: "unused", datasource: db.url, table }), "SQL_CONNECT");
    assert.match(err.message, "does not exist");
    assert.is(err.exitCode, 1);
    assert.not.ok(existsSync(db.url.slice("sqlite:".length)));
  } finally {
    await db.drop();
  }
});

migrate("duplicate versions are refused", async () => {
  const dir = await folder({ "1_a.up.sql": "select 1;", "01_b.up.sql": "select 2;" });
  try {
    const db = await sqliteFile();
    try {
      await rejects(up({ dir, datasource: db.url, table }), "SQL_MIGRATE_FILES");
    } finally {
      await db.drop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

migrate("without a table from the caller or the URL, nothing runs", async () => {
  const dir = await folder({ "1_a.up.sql": "CREATE TABLE a (n int);" });
  const db = await sqliteFile();
  try {
    const err = await rejects(up({ dir, datasource: db.url }), "USAGE");
    assert.match(err.diagnostics[0]?.hint ?? "", "x-migrations-table");
  } finally {
    await db.drop();
    await rm(dir, { recursive: true, force: true });
  }
});

migrate.run();

/**
 * Attack class: the migrations table name in SQL. A cloned `.codegen.yaml`'s datasource may
 * carry `x-migrations-table=<name>`; the name reaches the bookkeeping SQL of every migrate
 * command, `migrate version` included, which the user runs to look, not to change anything.
 * It must reach it only as a quoted identifier: a backtick, quote or backslash in it is part of
 * the name, never the end of it.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { connect } from "../../engine/descriptors/sql/index.js";
import { mysqlDatabase, postgresSchema, type TestDb } from "../db/helpers.js";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: the migrations table name");

const names = [
  "v` (id int); CREATE TABLE pwned_tick (id int); -- x",
  "v\\'; CREATE TABLE pwned_slash (id int); -- x",
  'v" (id int); CREATE TABLE pwned_quote (id int); -- x',
];

async function tablesOf(url: string): Promise<string[]> {
  const s = await connect(url);
  try {
    const rows =
      s.dialect === "mysql"
        ? await s.query("SELECT table_name AS name FROM information_schema.tables WHERE table_schema = DATABASE()")
        : await s.query(
            "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()",
          );
    return rows.map((r) => String(r.name)).sort();
  } finally {
    await s.close();
  }
}

for (const [server, made] of [
  ["MariaDB", mysqlDatabase],
  ["PostgreSQL", postgresSchema],
] as const) {
  test(`${server}: migrate version keeps a cloned x-migrations-table name whole`, async () => {
    const db: TestDb | null = await made();
    assert.ok(db, `${server} is reachable`);
    try {
      for (const name of names) {
        const url = `${db.url}${db.url.includes("?") ? "&" : "?"}x-migrations-table=${encodeURIComponent(name)}`;
        const dir = writeTree(scratch("attack-migrations-table"), {
          ".codegen.yaml": `name: shop\nmigrate:\n  datasource: ${JSON.stringify(url)}\n  dir: db\n`,
        });
        mkdirSync(join(dir, "db"));
        const r = codegen(["migrate", "version"], dir);
        assert.is(r.code, 0, r.stdout + r.stderr);
        const tables = await tablesOf(db.url);
        assert.not.ok(
          tables.some((t) => t.startsWith("pwned")),
          `${JSON.stringify(name)} ran SQL: ${tables.join(", ")}`,
        );
        assert.ok(tables.includes(name), `the table is named ${JSON.stringify(name)}: ${tables.join(", ")}`);
      }
      if (server === "MariaDB") {
        // A name the server refuses is a diagnostic, not an internal error.
        const dir = writeTree(scratch("attack-migrations-table"), {
          ".codegen.yaml": `name: shop\nmigrate:\n  datasource: ${JSON.stringify(`${db.url}${db.url.includes("?") ? "&" : "?"}x-migrations-table=ends%20`)}\n  dir: db\n`,
        });
        mkdirSync(join(dir, "db"));
        const r = codegen(["migrate", "version"], dir);
        assert.is(r.code, 1, r.stdout + r.stderr);
        assert.match(r.stderr, /SQL_MIGRATE_TABLE cannot keep the migration version in table "ends " of mysql:/);
      }
    } finally {
      await db.drop();
    }
  });
}

test.run();

/** `codegen migrate` from the command line, on an SQLite file (the database modules are tested in test/db). */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("migrate command");

function project(): string {
  const dir = scratch("migrate");
  mkdirSync(join(dir, "desc/sql_migration"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: m\nmigrate:\n  datasource: sqlite:data/app.db\n");
  mkdirSync(join(dir, "data"));
  const m = (name: string, text: string) => writeFileSync(join(dir, "desc/sql_migration", name), text);
  m("1_users.up.sql", "CREATE TABLE users (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT NOT NULL);");
  m("1_users.down.sql", "DROP TABLE users;");
  m("2_email.up.sql", "ALTER TABLE users ADD COLUMN email TEXT;");
  m("2_email.down.sql", "ALTER TABLE users DROP COLUMN email;");
  return dir;
}

test("up, version, down, goto on the configured database", () => {
  const dir = project();
  const up = codegen(["migrate", "up"], dir);
  assert.is(up.code, 0, up.stderr);
  assert.match(up.stdout, /version none -> 2 \(2 migrations\)/);
  assert.match(codegen(["migrate", "version"], dir).stdout, /^2$/m);
  assert.match(codegen(["migrate", "down", "1"], dir).stdout, /version 2 -> 1 \(1 migration\)$/m);
  assert.match(codegen(["migrate", "goto", "2"], dir).stdout, /version 1 -> 2/);
});

test("version on a missing SQLite file says so, exits 1 and creates nothing", () => {
  const dir = project();
  for (const args of [
    ["migrate", "version"],
    ["migrate", "version", "--datasource", "sqlite:data/flag.db"],
  ]) {
    const r = codegen(args, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /SQL_CONNECT SQLite database file .*data\/(app|flag)\.db does not exist/);
    assert.match(r.stderr, /migrate up creates it/);
  }
  assert.not.ok(existsSync(join(dir, "data/app.db")), "the configured file is not created");
  assert.not.ok(existsSync(join(dir, "data/flag.db")), "the flag's file is not created");
  // after up, version reads the file without touching it
  assert.is(codegen(["migrate", "up", "1"], dir).code, 0);
  assert.match(codegen(["migrate", "version"], dir).stdout, /^1$/m);
});

test("the database is named wherever it comes from, its password redacted", () => {
  const dir = project();
  const fromFile = codegen(["migrate", "up"], dir);
  assert.is(fromFile.code, 0, fromFile.stderr);
  assert.match(fromFile.stdout, /^database sqlite:data\/app\.db, from \.codegen\.yaml \(migrate\.datasource\)$/m);
  const fromFlag = codegen(["migrate", "version", "--datasource", "sqlite:data/app.db"], dir);
  assert.match(fromFlag.stdout, /^database sqlite:data\/app\.db, from --datasource$/m);
  const fromEnv = codegen(["migrate", "version"], dir, { CODEGEN_MIGRATE_DATASOURCE: "sqlite:data/app.db" });
  assert.match(fromEnv.stdout, /^database sqlite:data\/app\.db, from CODEGEN_MIGRATE_DATASOURCE$/m);
  // a server URL's password never reaches the output (the connection fails fast: nothing listens on port 1)
  const secret = codegen(["migrate", "version", "--datasource", "postgres://app:hunter2-secret@127.0.0.1:1/app"], dir);
  assert.is(secret.code, 1, secret.stderr);
  assert.match(secret.stdout, /^database postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/app, from --datasource$/m);
  assert.not.match(secret.stdout + secret.stderr, /hunter2/);
});

test("the version is kept in the table the pack declares; the URL's x-migrations-table wins", () => {
  const dir = project();
  assert.is(codegen(["migrate", "up"], dir).code, 0);
  const version = (url: string) => codegen(["migrate", "version", "--datasource", url], dir).stdout;
  assert.match(version("sqlite:data/app.db?x-migrations-table=schema_migrations"), /^2$/m);
  assert.match(version("sqlite:data/app.db?x-migrations-table=other_versions"), /^none$/m);
  assert.is(
    codegen(["migrate", "up", "1", "--datasource", "sqlite:data/app.db?x-migrations-table=other_versions"], dir).code,
    1,
  );
});

test("a failing migration names file and version, leaves the database dirty, and runs nothing after it", () => {
  const dir = project();
  writeFileSync(join(dir, "desc/sql_migration/3_broken.up.sql"), "ALTER TABLE nosuch ADD COLUMN x TEXT;");
  writeFileSync(join(dir, "desc/sql_migration/4_after.up.sql"), "CREATE TABLE after_broken (id INTEGER);");
  const r = codegen(["migrate", "up"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /3_broken\.up\.sql/);
  assert.match(r.stderr, /no such table: nosuch/);
  assert.match(codegen(["migrate", "version"], dir).stdout, /^3 \(dirty\)$/m);
  const again = codegen(["migrate", "up"], dir);
  assert.is(again.code, 1);
  assert.match(again.stderr, /dirty/);
  assert.match(codegen(["migrate", "force", "2"], dir).stdout, /^2$/m);
});

test("flags and environment choose the database; a missing one is a usage error", () => {
  const dir = project();
  writeFileSync(join(dir, ".codegen.yaml"), "name: m\n");
  assert.is(codegen(["migrate", "up"], dir).code, 2);
  assert.is(codegen(["migrate", "up", "--datasource", "sqlite:data/flag.db"], dir).code, 0);
  assert.is(codegen(["migrate", "up"], dir, { CODEGEN_MIGRATE_DATASOURCE: "sqlite:data/env.db" }).code, 0);
  assert.match(codegen(["migrate", "version", "--datasource", "sqlite:data/env.db"], dir).stdout, /^2$/m);
  assert.is(codegen(["migrate", "sideways"], dir).code, 2);
});

test("the migration folder and version table are the pack's: a pack without them needs --dir and x-migrations-table", () => {
  const dir = project();
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: m\npack: ${join(fixtures, "packs/mini")}\nmigrate:\n  datasource: sqlite:data/app.db\n`,
  );
  const none = codegen(["migrate", "up"], dir);
  assert.is(none.code, 2);
  assert.match(none.stderr, /USAGE no migration folder/);
  const noTable = codegen(["migrate", "up", "--dir", "desc/sql_migration"], dir);
  assert.is(noTable.code, 2, noTable.stderr);
  assert.match(noTable.stderr, /USAGE no table to keep the migration version in/);
  assert.match(noTable.stderr, /x-migrations-table/);
  const given = codegen(
    ["migrate", "up", "--dir", "desc/sql_migration", "--datasource", "sqlite:data/app.db?x-migrations-table=versions"],
    dir,
  );
  assert.is(given.code, 0, given.stderr);
  assert.match(given.stdout, /version none -> 2/);
});

test("down without a number refuses without --all; --all rolls every migration back", () => {
  const dir = project();
  assert.is(codegen(["migrate", "up"], dir).code, 0);
  const bare = codegen(["migrate", "down"], dir);
  assert.is(bare.code, 2, bare.stderr);
  assert.match(bare.stderr, /USAGE migrate down without a number would roll back every migration/);
  assert.match(bare.stderr, /--all/);
  assert.match(codegen(["migrate", "version"], dir).stdout, /^2$/m);
  assert.is(codegen(["migrate", "down", "1", "--all"], dir).code, 2);
  const all = codegen(["migrate", "down", "--all"], dir);
  assert.is(all.code, 0, all.stderr);
  assert.match(all.stdout, /version 2 -> none \(2 migrations\)/);
});

test("without a datasource, the project's own database (etc/etc.yaml) is used", () => {
  const dir = project();
  writeFileSync(join(dir, ".codegen.yaml"), "name: m\n");
  mkdirSync(join(dir, "etc"));
  const etc = (driver: string, dsn: string) =>
    writeFileSync(join(dir, "etc/etc.yaml"), `Name: m\nDatabase:\n  Driver: ${driver}\n  DataSource: "${dsn}"\n`);
  etc("sqlite", "file:data/etc.db?_pragma=busy_timeout(5000)");
  const up = codegen(["migrate", "up"], dir);
  assert.is(up.code, 0, up.stderr);
  assert.match(up.stdout, /etc\/etc\.yaml/);
  assert.ok(existsSync(join(dir, "data/etc.db")), "the file etc.yaml names");
  // a flag still wins
  const flag = codegen(["migrate", "up", "1", "--datasource", "sqlite:data/other.db"], dir);
  assert.match(flag.stdout, /^database sqlite:data\/other\.db, from --datasource$/m);
  assert.ok(existsSync(join(dir, "data/other.db")), "the flag's file");
  // a link to a file elsewhere is not the project's configuration
  rmSync(join(dir, "etc/etc.yaml"));
  writeFileSync(join(dir, "elsewhere.yaml"), "Database:\n  Driver: sqlite\n  DataSource: file:data/else.db\n");
  symlinkSync(join(dir, "elsewhere.yaml"), join(dir, "etc/etc.yaml"));
  const linked = codegen(["migrate", "up"], dir);
  assert.is(linked.code, 1, linked.stderr);
  assert.match(linked.stderr, /PROJECT_FILE_LINK etc\/etc\.yaml is a symbolic link/);
  assert.not.ok(existsSync(join(dir, "data/else.db")));
  rmSync(join(dir, "etc/etc.yaml"));
  etc("oracle", "x");
  const unknown = codegen(["migrate", "up"], dir);
  assert.is(unknown.code, 1, unknown.stderr);
  assert.match(unknown.stderr, /etc\/etc\.yaml.*Database\.Driver/);
});

test.run();

/**
 * Attack class: a datasource's password printed or stored. `codegen config`, error messages
 * (a MySQL URL whose password holds "@", a `?password=` parameter, a datasource that does not
 * parse), the lines an error quotes from etc/etc.yaml, `--verbose`, and what gen keeps (the
 * ledger, the cache) must show a datasource with its password as `***`, never the password:
 * a terminal is shared, CI logs are public, a cache outlives the project.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { scratch } from "../support/paths.js";
import { makeProject, smallApi } from "../support/project.js";

const test = suite("attacks: passwords in datasources stay out of output and storage");

/** Every file's text under dir, with its path. */
function texts(dir: string): Array<[string, string]> {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map(
      (e) =>
        [join(e.parentPath, e.name), readFileSync(join(e.parentPath, e.name)).toString("latin1")] as [string, string],
    );
}

function noSecret(output: string, secrets: string[], what: string): void {
  for (const s of secrets) assert.not.ok(output.includes(s), `${what} shows "${s}":\n${output}`);
}

test("codegen config shows every datasource with *** for its password", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8") +
      `sql:\n  datasource: ["postgres://app:s3cr3t-pg@db.internal:5432/shop?sslmode=disable", "postgres://app@db.internal/shop?password=q-s3cr3t&sslmode=require"]\n`,
  );
  const r = codegen(["config"], dir, { CODEGEN_MIGRATE_DATASOURCE: "mysql://root:hunter2@db.internal:3306/shop" });
  assert.is(r.code, 0, r.stderr);
  noSecret(r.stdout + r.stderr, ["s3cr3t-pg", "q-s3cr3t", "hunter2"], "codegen config");
  assert.match(
    r.stdout,
    /migrate\.datasource = "mysql:\/\/root:\*\*\*@db\.internal:3306\/shop"  \(env; env CODEGEN_MIGRATE_DATASOURCE\)/,
  );
  assert.match(
    r.stdout,
    /sql\.datasource = \["postgres:\/\/app:\*\*\*@db\.internal:5432\/shop\?sslmode=disable","postgres:\/\/app@db\.internal\/shop\?password=\*\*\*&sslmode=require"\]/,
  );
});

test("an invalid datasource is named in its error without any part of the password", () => {
  const dir = scratch("attack-passwords-invalid");
  mkdirSync(join(dir, "db"));
  for (const url of [
    "mysql://root:hunter@2secret@127.0.0.1:3306",
    "postgres://u@127.0.0.1:5432/?password=hunter2secret",
    "postgres://u:hunter#2secret@127.0.0.1/db",
    "oracle://u:hunter2secret@h/db",
  ]) {
    const r = codegen(["migrate", "version", "--datasource", url, "--dir", "db"], dir);
    noSecret(r.stdout + r.stderr, ["2secret", "hunter"], url);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /SQL_DATASOURCE invalid datasource .*\*\*\*/);
  }
});

test("a connection error and --verbose never show the password", () => {
  const dir = scratch("attack-passwords-connect");
  writeFileSync(join(dir, ".codegen.yaml"), "name: shop\nmodule: example.com/shop\nframe: api\n");
  for (const url of [
    "mysql://root:hunter@2secret@127.0.0.1:1/shop",
    "postgres://me@127.0.0.1:1/shop?password=hunter2secret",
  ]) {
    const gen = codegen(["gen", "--verbose"], dir, { CODEGEN_SQL_DATASOURCE: url });
    noSecret(gen.stdout + gen.stderr, ["2secret", "hunter"], `gen --verbose with ${url}`);
    assert.is(gen.code, 1, gen.stdout + gen.stderr);
    assert.match(gen.stderr, /SQL_CONNECT cannot connect to .*\*\*\*/);
    const migrate = codegen(["migrate", "version", "--verbose", "--datasource", url, "--dir", "."], dir);
    assert.is(migrate.code, 1, migrate.stdout + migrate.stderr);
    noSecret(migrate.stdout + migrate.stderr, ["2secret", "hunter"], `migrate --verbose with ${url}`);
  }
});

test("an error about etc/etc.yaml's data source quotes its line without the password", () => {
  const dir = scratch("attack-passwords-etc");
  mkdirSync(join(dir, "db"));
  mkdirSync(join(dir, "etc"));
  writeFileSync(join(dir, ".codegen.yaml"), "name: shop\nmodule: example.com/shop\nframe: api\nmigrate:\n  dir: db\n");
  writeFileSync(
    join(dir, "etc/etc.yaml"),
    "Name: shop\nDatabase:\n  Driver: postgres\n  DataSource: host=127.0.0.1 user=app password=hunter2secret dbname=shop\n",
  );
  const r = codegen(["migrate", "up"], dir);
  noSecret(r.stdout + r.stderr, ["hunter2secret"], "the error");
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /MIGRATE_DATASOURCE Database\.DataSource is not a postgres:\/\/ URL/);
  assert.match(r.stderr, /password=\*\*\*/, "the quoted line is shown, password hidden");
  writeFileSync(
    join(dir, "etc/etc.yaml"),
    "Name: shop\nDatabase:\n  Driver: mysql\n  DataSource: app:hunter@2secret@tcp(127.0.0.1:1)/shop\n",
  );
  const mysql = codegen(["migrate", "up"], dir);
  noSecret(mysql.stdout + mysql.stderr, ["2secret", "hunter"], "migrate with the project's MySQL DSN");
  assert.is(mysql.code, 1, mysql.stdout + mysql.stderr);
  assert.match(mysql.stdout + mysql.stderr, /mysql:\/\/app:\*\*\*@tcp\(127\.0\.0\.1:1\)\/shop/);
});

test("gen keeps no password in the project's state or in the cache", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8") +
      "migrate:\n  datasource: mysql://root:hunter2secret@127.0.0.1:3306/shop\n",
  );
  const cache = scratch("attack-passwords-cache");
  for (let i = 0; i < 2; i++) {
    const r = codegen(["gen", "--verbose"], dir, { CODEGEN_CACHE_DIR: cache });
    assert.is(r.code, 0, r.stderr);
    noSecret(r.stdout + r.stderr, ["hunter2secret"], "gen --verbose");
  }
  const kept = [...texts(dir).filter(([f]) => !f.endsWith(".codegen.yaml")), ...texts(cache)];
  assert.ok(
    kept.some(([f]) => f.includes(join(".codegen", "ledger.json"))),
    "the ledger was written",
  );
  for (const [file, text] of kept) assert.not.ok(text.includes("hunter2secret"), `${file} holds the password`);
});

test.run();

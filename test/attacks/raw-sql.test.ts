/**
 * Attack class: a string becoming raw SQL in the generated model runtime. A project generated
 * from a one-table SQL descriptor runs one Go test program (test/fixtures/attacks/raw-sql)
 * against MariaDB, PostgreSQL and SQLite, each in a database or schema made for the run: names
 * posing as SQL (statement text, the old in-band raw marker) through every entry point that
 * takes a name fail or match nothing and never sleep; condition.Raw still writes SQL. The raw
 * type cannot be made from a string: such a conversion does not compile.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { copyInto } from "../support/files.js";
import { checkGoProject, run } from "../support/go.js";
import { fixtures, scratch } from "../support/paths.js";
import { mysqlDatabase, postgresSchema, sqliteFile, type TestDb } from "../db/helpers.js";

const test = suite("attacks: raw SQL is a type, not a string");
const work = scratch("attack-raw-sql");
const dir = join(work, "rawsql");
const fixture = join(fixtures, "attacks/raw-sql");
const testBin = join(dir, "bin", "rawsql.test");

test.before(() => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: rawsql\nmodule: example.com/rawsql\nframe: api\n");
  copyInto(join(fixture, "desc"), join(dir, "desc"));
  codegenOk(["gen"], dir);
  copyInto(join(fixture, "overlay"), dir);
});

test.after(() => {
  rmSync(work, { recursive: true, force: true });
});

test("the project builds and its test program compiles", () => {
  checkGoProject(dir);
  run("go", ["test", "-c", "-o", testBin, "./internal/model"], dir);
});

test("no string converts to condition.RawSQL", () => {
  const probe = join(dir, "internal/rawprobe");
  mkdirSync(probe, { recursive: true });
  writeFileSync(
    join(probe, "probe.go"),
    'package rawprobe\n\nimport "example.com/rawsql/pkg/condition"\n\nfunc fromRequest(sort string) condition.Expr { return condition.RawSQL(sort) }\n',
  );
  const r = spawnSync("go", ["vet", "./internal/rawprobe"], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" },
  });
  rmSync(probe, { recursive: true, force: true });
  assert.is.not(r.status, 0, "a string converted to the raw type");
  assert.match(r.stderr, /cannot convert sort/);
});

const databases: [string, string, () => Promise<TestDb | null>, (url: string) => string][] = [
  [
    "MariaDB",
    "mysql",
    mysqlDatabase,
    (url) => {
      const u = new URL(url);
      return `${decodeURIComponent(u.username)}${u.password ? `:${decodeURIComponent(u.password)}` : ""}@tcp(${u.hostname}:${u.port || "3306"})${u.pathname}`;
    },
  ],
  [
    "PostgreSQL",
    "postgres",
    postgresSchema,
    (url) => {
      const u = new URL(url);
      if (!u.searchParams.has("sslmode")) u.searchParams.set("sslmode", "disable");
      return u.toString();
    },
  ],
  ["SQLite", "sqlite", sqliteFile, (url) => `file:${url.replace(/^sqlite:/, "")}?_pragma=busy_timeout(5000)`],
];

for (const [label, driver, create, dsn] of databases) {
  test(`hostile names stay names and Raw still works on ${label}`, async () => {
    const db = await create();
    assert.ok(db, `${label} is not reachable`);
    try {
      const r = spawnSync(testBin, ["-test.v", "-test.count=1"], {
        cwd: join(dir, "internal/model"),
        encoding: "utf8",
        timeout: 300_000,
        env: { ...process.env, RAW_DRIVER: driver, RAW_DSN: dsn(db.url) },
      });
      const out = `${r.stdout}\n${r.stderr}`;
      assert.is(r.status, 0, out);
      assert.match(out, /--- PASS: TestHostileNames/);
      assert.match(out, /--- PASS: TestRawStillWorks/);
    } finally {
      await db.drop();
    }
  });
}

test.run();

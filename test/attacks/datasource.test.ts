/**
 * Attack class: a database file named by a cloned project. `sql.datasource` and
 * `migrate.datasource` in a project's `.codegen.yaml`, and the database the project's own
 * `etc/etc.yaml` names, are the project's words: an SQLite file there must lie inside the
 * project, reached through real folders only. Otherwise `gen` would read the table layout of
 * any SQLite file the user can read (into generated code, which a clone's author may ask to
 * see) and `migrate up` would create or change a database file anywhere. The user's own flag
 * and environment may still name any file.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: database files a project names");

/** A user's SQLite database beside the project (made through the user's own --datasource), and a cloned project. */
function setting(): { base: string; secret: string; dir: string } {
  const base = scratch("attack-datasource");
  const secret = join(base, "private", "cards.db");
  const migrations = join(base, "private", "migrations");
  mkdirSync(migrations, { recursive: true });
  writeFileSync(
    join(migrations, "1_cards.up.sql"),
    "CREATE TABLE secret_cards (id INTEGER PRIMARY KEY, number TEXT NOT NULL);\n",
  );
  writeFileSync(join(migrations, "1_cards.down.sql"), "DROP TABLE secret_cards;\n");
  const made = codegen(["migrate", "up", "--datasource", `sqlite:${secret}`, "--dir", migrations], base);
  assert.is(made.code, 0, made.stderr);
  const dir = join(base, "proj");
  mkdirSync(join(dir, "db"), { recursive: true });
  writeFileSync(join(dir, "db/1_evil.up.sql"), "CREATE TABLE pwned (id INTEGER);\n");
  writeFileSync(join(dir, "db/1_evil.down.sql"), "DROP TABLE pwned;\n");
  return { base, secret, dir };
}

function files(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

for (const [name, url] of [
  ["a path out of the project", "sqlite:../private/cards.db"],
  ["an absolute path", "ABS"],
  ["a linked folder", "sqlite:linked/cards.db"],
] as const) {
  test(`gen: sql.datasource naming ${name} is refused, nothing read or written`, () => {
    const { secret, dir } = setting();
    if (url === "sqlite:linked/cards.db") symlinkSync(join(secret, ".."), join(dir, "linked"));
    writeFileSync(
      join(dir, ".codegen.yaml"),
      `name: shop\nmodule: example.com/shop\nframe: api\nsql:\n  datasource: ["${url === "ABS" ? `sqlite:${secret}` : url}"]\n`,
    );
    const before = files(dir);
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      /UNSAFE_PATH the SQLite file of sqlite:.*, from \.codegen\.yaml \(sql\.datasource\), (is not inside the project|reaches linked, which is a symbolic link)/,
    );
    assert.equal(files(dir), before, "nothing written");
    assert.not.match(r.stdout + r.stderr, /secret_cards/);
  });
}

test("migrate: a cloned config's SQLite file outside the project is neither created nor changed", () => {
  const { base, secret, dir } = setting();
  const elsewhere = join(base, "elsewhere.db");
  for (const url of [`sqlite:${elsewhere}`, "sqlite:../private/cards.db"]) {
    writeFileSync(join(dir, ".codegen.yaml"), `name: shop\nmigrate:\n  datasource: ${url}\n  dir: db\n`);
    const stamp = statSync(secret).mtimeMs;
    const bytes = readFileSync(secret);
    const r = codegen(["migrate", "up"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      /UNSAFE_PATH the SQLite file of .*, from \.codegen\.yaml \(migrate\.datasource\), is not inside the project/,
    );
    assert.not.ok(existsSync(elsewhere), "no database created outside the project");
    assert.equal(readFileSync(secret), bytes, "the user's database unchanged");
    assert.is(statSync(secret).mtimeMs, stamp);
  }
});

test("migrate: the project's etc/etc.yaml naming an SQLite file outside is refused", () => {
  const { base, dir } = setting();
  const elsewhere = join(base, "elsewhere.db");
  writeFileSync(join(dir, ".codegen.yaml"), "name: shop\nmodule: example.com/shop\nframe: api\nmigrate:\n  dir: db\n");
  mkdirSync(join(dir, "etc"));
  writeFileSync(join(dir, "etc/etc.yaml"), `Name: shop\nDatabase:\n  Driver: sqlite\n  DataSource: ${elsewhere}\n`);
  const r = codegen(["migrate", "up"], dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /UNSAFE_PATH the SQLite file of .*, from etc\/etc\.yaml \(Database\.DataSource\), is not inside the project/,
  );
  assert.not.ok(existsSync(elsewhere));
});

test("the user's own flag or environment may name any SQLite file; a file inside the project is fine from the config", () => {
  const { secret, dir } = setting();
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: shop\nmodule: example.com/shop\nframe: api\nsql:\n  datasource: ["sqlite:data/app.db"]\nmigrate:\n  datasource: sqlite:data/app.db\n  dir: db\n`,
  );
  mkdirSync(join(dir, "data"));
  const inside = codegen(["migrate", "up"], dir);
  assert.is(inside.code, 0, inside.stderr);
  const gen = codegen(["gen"], dir);
  assert.is(gen.code, 0, gen.stderr);
  assert.ok(
    files(dir).some((f) => /pwned/.test(f)),
    "the model of the project's own database was generated",
  );
  const chosen = codegen(["gen"], dir, { CODEGEN_SQL_DATASOURCE: `sqlite:${secret}` });
  assert.is(chosen.code, 0, chosen.stderr);
  assert.ok(
    files(dir).some((f) => /secret_?cards/i.test(f)),
    "the user's chosen database was read",
  );
});

test("a datasource whose percent-encoding is malformed is a diagnostic, never an internal error", () => {
  const dir = scratch("attack-datasource-percent");
  mkdirSync(join(dir, "db"));
  const config = (section: string): void =>
    writeFileSync(join(dir, ".codegen.yaml"), `name: shop\nmodule: example.com/shop\nframe: api\n${section}`);
  for (const url of ["sqlite:a%zz.db", "mysql://u%zz:p@127.0.0.1/x", "postgres://u:p@127.0.0.1/x%zz"]) {
    config(`migrate:\n  datasource: "${url}"\n  dir: db\n`);
    const r = codegen(["migrate", "version"], dir);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /SQL_DATASOURCE invalid datasource .*: malformed percent-encoding/);
  }
  const nul = codegen(["migrate", "up", "--datasource", "sqlite:a%00b.db", "--dir", "db"], dir);
  assert.is(nul.code, 2, nul.stdout + nul.stderr);
  assert.match(nul.stderr, /SQL_DATASOURCE invalid datasource sqlite:a%00b\.db: a NUL character in the file path/);
  config(`sql:\n  datasource: ["sqlite:a%zz.db"]\n`);
  const gen = codegen(["gen"], dir);
  assert.is(gen.code, 2, gen.stdout + gen.stderr);
  assert.match(gen.stderr, /SQL_DATASOURCE invalid datasource sqlite:a%zz\.db: malformed percent-encoding/);
  assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "db"], "nothing written");
});

test("etc/etc.yaml's SQLite data source is a file name, not a URL: a % in it is that character", () => {
  const dir = scratch("attack-datasource-etc-percent");
  mkdirSync(join(dir, "db"));
  mkdirSync(join(dir, "data"));
  mkdirSync(join(dir, "etc"));
  writeFileSync(join(dir, ".codegen.yaml"), "name: shop\nmodule: example.com/shop\nframe: api\nmigrate:\n  dir: db\n");
  writeFileSync(join(dir, "db/1_a.up.sql"), "CREATE TABLE a (id INTEGER);\n");
  writeFileSync(join(dir, "db/1_a.down.sql"), "DROP TABLE a;\n");
  for (const name of ["100%.db", "a%20b.db"]) {
    writeFileSync(join(dir, "etc/etc.yaml"), `Database:\n  Driver: sqlite\n  DataSource: "data/${name}"\n`);
    const r = codegen(["migrate", "up"], dir);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.ok(existsSync(join(dir, "data", name)), `data/${name} created under that very name`);
  }
  assert.equal(readdirSync(join(dir, "data")).sort(), ["100%.db", "a%20b.db"]);
});

test("migrate: a migration file the project's folder links to outside is refused before anything runs", () => {
  const base = scratch("attack-migration-link");
  const secret = join(base, "credentials.sql");
  writeFileSync(secret, "CREATE TABLE leaked_secret (id INTEGER);\n");
  const dir = join(base, "proj");
  mkdirSync(join(dir, "db"), { recursive: true });
  mkdirSync(join(dir, "data"));
  writeFileSync(join(dir, "db/1_init.up.sql"), "CREATE TABLE a (id INTEGER);\n");
  symlinkSync(secret, join(dir, "db/2_more.up.sql"));
  writeFileSync(join(dir, ".codegen.yaml"), "name: shop\nmigrate:\n  datasource: sqlite:data/app.db\n  dir: db\n");
  const r = codegen(["migrate", "up"], dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /UNSAFE_PATH db\/2_more\.up\.sql is a symbolic link; migrate runs the migrations of the folder \.codegen\.yaml names only from its own files/,
  );
  assert.equal(readdirSync(join(dir, "data")), [], "no database touched");
  // The user's own --dir may hold links.
  const own = codegen(["migrate", "up", "--dir", join(dir, "db")], dir);
  assert.is(own.code, 0, own.stdout + own.stderr);
});

test.run();

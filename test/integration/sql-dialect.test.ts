/** Which dialect each DDL file is read in: comment, sql.dialect, folder, then a guess; --verbose says why. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject } from "../support/project.js";

const test = suite("SQL dialect");

test("a comment, sql.dialect globs, a folder name, and the guess, each named by --verbose", () => {
  const dir = makeProject({
    "desc/sql/c.sql": "-- codegen:dialect postgres\nCREATE TABLE c (id int PRIMARY KEY, key text);\n",
    "desc/sql/legacy/b.sql": "CREATE TABLE b (id integer PRIMARY KEY);\n",
    "desc/sql/postgres/a.sql": "CREATE TABLE a (id int PRIMARY KEY, index text);\n",
    "desc/sql/chinook.sql":
      "CREATE TABLE [Album]\n(\n    [AlbumId] INTEGER  NOT NULL,\n    [Title] NVARCHAR(160)  NOT NULL,\n    CONSTRAINT [PK_Album] PRIMARY KEY  ([AlbumId])\n);\n",
  });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    'name: dl\nmodule: example.com/dl\nframe: api\nsql:\n  dialect:\n    "desc/sql/legacy/*.sql": sqlite\n',
  );
  const r = codegen(["gen", "--dry-run", "--verbose"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /desc\/sql\/c\.sql: read as postgres DDL \(its -- codegen:dialect comment\)/);
  assert.match(r.stdout, /desc\/sql\/legacy\/b\.sql: read as sqlite DDL \(sql\.dialect "desc\/sql\/legacy\/\*\.sql"\)/);
  assert.match(r.stdout, /desc\/sql\/postgres\/a\.sql: read as postgres DDL \(its folder postgres\/\)/);
  assert.match(
    r.stdout,
    /desc\/sql\/chinook\.sql: read as sqlite DDL \(guessed from its syntax: signs: MySQL \d+, PostgreSQL \d+, SQLite \d+\)/,
  );
  writeFileSync(join(dir, ".codegen.yaml"), "name: dl\nmodule: example.com/dl\nframe: api\nsql:\n  dialect: mysql\n");
  const forced = codegen(["gen", "--dry-run", "--verbose"], dir);
  assert.match(forced.stdout, /desc\/sql\/legacy\/b\.sql: read as mysql DDL \(sql\.dialect\)/);
  assert.match(
    forced.stdout,
    /desc\/sql\/c\.sql: read as postgres DDL \(its -- codegen:dialect comment\)/,
    "the file's own comment wins",
  );
});

test.run();

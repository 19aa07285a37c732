// DDL that cannot be read: one diagnostic per bad statement, at the position of the problem.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { CodegenError, formatDiagnostic } from "../../engine/diagnostics/index.js";
import { readSqlFiles } from "../../engine/descriptors/sql/index.js";
import { readDdl } from "./sql-helpers.js";

const test = suite("sql errors");

async function errors(files: Record<string, string>): Promise<string[]> {
  try {
    await readDdl(files);
  } catch (e) {
    assert.instance(e, CodegenError);
    // files live in a scratch folder: keep their names only
    return (e as CodegenError).diagnostics.map((d) =>
      formatDiagnostic(d)
        .split("\n")[0]!
        .replace(/^.*\/(?=[^/]+\.sql:)/, ""),
    );
  }
  assert.unreachable("expected an error");
  return [];
}

test("unterminated string and comment point at where they start", async () => {
  assert.equal(await errors({ "a.sql": "CREATE TABLE a (\n  name varchar(10) DEFAULT 'abc\n);" }), [
    "a.sql:2:28: SQL_SYNTAX unterminated string",
  ]);
  assert.equal(await errors({ "b.sql": "CREATE TABLE b (id int);\n/* open" }), [
    "b.sql:2:1: SQL_SYNTAX unterminated /* comment",
  ]);
});

test("a misspelt column attribute is reported where it is", async () => {
  assert.equal(await errors({ "a.sql": "CREATE TABLE a (\n  id int NOT NULL DEFALT 0\n)" }), [
    "a.sql:2:19: SQL_SYNTAX unexpected 'DEFALT' in the definition of column id",
  ]);
});

test("missing type, missing parenthesis, unknown key column, duplicate column", async () => {
  assert.equal(await errors({ "a.sql": "CREATE TABLE `a` (x, y int)" }), [
    "a.sql:1:20: SQL_SYNTAX expected a type for column x but found ','",
  ]);
  assert.equal(await errors({ "b.sql": "CREATE TABLE `b` (id int" }), [
    "b.sql:1:25: SQL_SYNTAX expected ')' but found end of statement",
  ]);
  assert.equal(await errors({ "c.sql": "CREATE TABLE `c` (\n  id int,\n  PRIMARY KEY (id),\n  KEY k (id, idd)\n)" }), [
    "c.sql:4:14: SQL_SYNTAX table c has no column idd",
  ]);
  assert.equal(await errors({ "d.sql": "CREATE TABLE `d` (id int, name text, ID bigint)" }), [
    "d.sql:1:38: SQL_SYNTAX column ID is defined twice in table d",
  ]);
  assert.equal(await errors({ "e.sql": "CREATE TABLE `e` (a int PRIMARY KEY, b int, PRIMARY KEY (b))" }), [
    "e.sql:1:58: SQL_SYNTAX table e has more than one primary key",
  ]);
});

test("every bad statement of every file is reported; good ones do not hide them", async () => {
  const got = await errors({
    "one.sql":
      "CREATE TABLE ok1 (id int);\nCREATE TABLE bad1 (id int,, x int);\nCREATE TABLE ok2 (id int);\nCREATE TABLE bad2 (id int) ; ALTER TABLE bad2 ADD COLUMN;",
    "two.sql": "CREATE TABLE `ok1` (id int)",
  });
  assert.equal(got, [
    "one.sql:2:27: SQL_SYNTAX expected a column name but found ','",
    "one.sql:4:57: SQL_SYNTAX expected a column name but found end of statement",
    "two.sql:1:14: SQL_SYNTAX table ok1 is already defined at one.sql:1:1",
  ]);
});

test("a file that cannot be read", async () => {
  try {
    await readSqlFiles(["nope.sql"], { root: "/nonexistent-codegen-dir" });
    assert.unreachable();
  } catch (e) {
    assert.instance(e, CodegenError);
    assert.is((e as CodegenError).diagnostics[0]!.code, "SQL_READ");
    assert.match((e as CodegenError).message, "ENOENT");
  }
});

test("statements the model does not need are skipped, not errors", async () => {
  const { ir, skipped } = await readDdl({
    "x.sql":
      "SET NAMES utf8mb4;\nGRANT ALL ON *.* TO 'x'@'%';\nCREATE VIEW v AS SELECT 1;\nCREATE TABLE t (id int) AS SELECT 1 AS id;\nALTER TABLE missing ADD COLUMN x int;\nCREATE INDEX i ON missing (x);\nUSE db",
  });
  assert.equal(ir.tables, []);
  assert.equal(
    skipped.map((s) => `${s.line} ${s.what}`),
    [
      "1 SET NAMES utf8mb4",
      "2 GRANT ALL ON *.* TO 'x'",
      "3 CREATE VIEW v AS SELECT 1",
      "4 CREATE TABLE t",
      "5 ALTER TABLE missing ADD COLUMN x int",
      "6 CREATE INDEX i ON missing",
      "7 USE db",
    ],
  );
});

test.run();

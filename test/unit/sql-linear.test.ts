/**
 * The SQL reader's work grows linearly with a table's columns and keys: the MySQL rule of which
 * keys survive, key names made unique, PostgreSQL's shortened key names and column lookups give
 * what the plain (quadratic) forms gave, which are kept here as the reference.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { survivingKeys, type KeyLike } from "../../engine/descriptors/sql/mysql-keys.js";
import { detectDialect } from "../../engine/descriptors/sql/index.js";
import { readDdl, table } from "./sql-helpers.js";

const test = suite("sql reader: linear forms");

/** The pairwise rule as it was written before (engine/descriptors/sql/model.ts, 2026-11). */
function pairwise(keys: readonly KeyLike[]): boolean[] {
  const items = keys.map((k) => ({ ...k, alive: true }));
  const isPrefix = (a: string[], b: string[]) => a.length <= b.length && a.every((c, i) => c === b[i]);
  for (let i = 0; i < items.length; i++) {
    const a = items[i]!;
    for (let j = 0; j < i && a.alive; j++) {
      const b = items[j]!;
      if (!b.alive) continue;
      if (b.generated && isPrefix(b.columns, a.columns)) b.alive = false;
      else if (a.generated && isPrefix(a.columns, b.columns)) a.alive = false;
    }
  }
  return items.map((k) => k.alive);
}

/** PostgreSQL's makeObjectName as it was written before (measuring the whole name after each cut). */
function pgNameBefore(table: string, columns: string[], label: string): string {
  let a = table;
  let b = columns.join("_");
  while (Buffer.byteLength(`${a}_${b}_${label}`) > 63) {
    if (Buffer.byteLength(a) >= Buffer.byteLength(b)) a = a.slice(0, -1);
    else b = b.slice(0, -1);
  }
  return b ? `${a}_${b}_${label}` : `${a}_${label}`;
}

test("which MySQL keys survive: the same as comparing every pair", () => {
  const key = fc.record({
    columns: fc.array(fc.constantFrom("a", "b", "c"), { minLength: 0, maxLength: 3 }),
    generated: fc.boolean(),
  });
  fc.assert(
    fc.property(fc.array(key, { maxLength: 14 }), (keys) => {
      assert.equal(survivingKeys(keys), pairwise(keys));
    }),
    { numRuns: 5000, seed: 20261128 },
  );
});

test("20,000 foreign keys and 20,000 indexes on one column: well under a second", () => {
  const keys: KeyLike[] = [];
  for (let i = 0; i < 20_000; i++)
    keys.push(
      { columns: ["a", `x${i}`], generated: false },
      { columns: ["a", `y${i}`], generated: true },
      { columns: ["a"], generated: true },
    );
  const started = performance.now();
  const alive = survivingKeys(keys);
  assert.ok(performance.now() - started < 2000, `${performance.now() - started} ms`);
  assert.equal(alive.slice(0, 6), pairwise(keys.slice(0, 6)));
});

test("PostgreSQL key names shortened to 63 bytes as before, multi-byte characters and pairs cut in half too", async () => {
  const part = fc
    .string({ unit: fc.constantFrom("a", "é", "語", "\u{1F600}"), maxLength: 60 })
    .filter((s) => s.length > 0);
  const cases = fc.sample(fc.tuple(part, fc.array(part, { minLength: 1, maxLength: 3 })), {
    numRuns: 200,
    seed: 20261128,
  });
  // One table per case: its unnamed index's name is what the reader shortened.
  const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
  for (const [name, columns] of cases) {
    if (new Set(columns).size !== columns.length) continue;
    const ddl = `CREATE TABLE ${quote(name)} (${columns.map((c) => `${quote(c)} int`).join(", ")});\nCREATE INDEX ON ${quote(name)} (${columns.map(quote).join(", ")});\n`;
    const read = await readDdl({ "s.sql": ddl }, "postgres");
    assert.equal(
      table(read.ir, name).indexes.map((i) => i.name),
      [pgNameBefore(name, columns, "idx")],
      JSON.stringify([name, columns]),
    );
  }
});

test("unnamed keys on one column are numbered as before, in every dialect", async () => {
  const mysql = await readDdl(
    { "m.sql": `CREATE TABLE t (a int, a_2 int, KEY (a), KEY (a), KEY a_3 (a_2), KEY (a), KEY (a));\n` },
    "mysql",
  );
  assert.equal(
    table(mysql.ir, "t")
      .indexes.map((i) => i.name)
      .sort(),
    ["a", "a_2", "a_3", "a_4", "a_5"],
  );
  const pg = await readDdl(
    {
      "p.sql": `CREATE TABLE t (a int);\nCREATE INDEX ON t (a);\nCREATE INDEX t_a_idx1 ON t (a);\nCREATE INDEX ON t (a);\nCREATE INDEX ON t (a);\n`,
    },
    "postgres",
  );
  assert.equal(
    table(pg.ir, "t")
      .indexes.map((i) => i.name)
      .sort(),
    ["t_a_idx", "t_a_idx1", "t_a_idx2", "t_a_idx3"],
  );
});

test("columns found by name after ALTER TABLE adds, moves, renames and drops them", async () => {
  const ddl = [
    "CREATE TABLE t (id int, Name varchar(10));",
    "ALTER TABLE t ADD COLUMN z int;",
    "ALTER TABLE t CHANGE name title varchar(20);",
    "ALTER TABLE t ADD COLUMN name int;",
    "ALTER TABLE t RENAME COLUMN z TO zz;",
    "ALTER TABLE t MODIFY TITLE varchar(30);",
    "ALTER TABLE t DROP COLUMN ID;",
    "ALTER TABLE t ADD COLUMN id bigint;",
    "ALTER TABLE t ADD PRIMARY KEY (ID);",
  ].join("\n");
  const read = await readDdl({ "a.sql": ddl }, "mysql");
  const t = table(read.ir, "t");
  assert.equal(
    t.columns.map((c) => `${c.name}:${c.rawType}`),
    ["TITLE:varchar(30)", "zz:int", "name:int", "id:bigint"],
  );
  assert.equal(t.primaryKey, ["id"]);
  // MySQL compares column names without case: A is a.
  const twice = await readDdl(
    { "b.sql": "CREATE TABLE t (a int, b int);\nALTER TABLE t ADD COLUMN A int;\n" },
    "mysql",
  ).then(
    () => "",
    (e: Error) => e.message,
  );
  assert.match(twice, /column A is defined twice in table t/);
});

test("40,000 columns and as many ALTER TABLE statements read in linear time", async () => {
  const n = 40_000;
  const columns = Array.from({ length: n }, (_, i) => `  c${i} int`).join(",\n");
  const alters = Array.from({ length: n }, (_, i) => `ALTER TABLE t ADD COLUMN d${i} int;`).join("\n");
  const started = performance.now();
  const read = await readDdl({ "c.sql": `CREATE TABLE t (\n${columns}\n);\n${alters}\n` }, "mysql");
  assert.is(table(read.ir, "t").columns.length, 2 * n);
  assert.ok(performance.now() - started < 8000, `${performance.now() - started} ms`);
});

test("dialect detection over 200,000 unclosed comments: linear, and comments dropped as before", () => {
  const started = performance.now();
  assert.is(detectDialect(`${"/* ".repeat(200_000)}\nCREATE TABLE t (id bigserial);\n`).dialect, "mysql");
  assert.ok(performance.now() - started < 2000, `${performance.now() - started} ms`);
  // The signs inside a closed comment do not count; in a MySQL executable one (`/*!`) they do.
  assert.is(detectDialect("/* id bigserial */ CREATE TABLE t (id int AUTOINCREMENT);").dialect, "sqlite");
  assert.is(detectDialect("/*! SET NAMES utf8 */ /* a */ CREATE TABLE t (id int);").dialect, "mysql");
  // An unclosed comment stays (the regular expression this replaces matched none either).
  assert.is(detectDialect("/* pragma */ CREATE TABLE t (id bigserial); /* unclosed pragma").dialect, "sqlite");
});

test.run();

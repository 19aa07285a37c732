// Every SQL and migration file of the conformance corpus is read without error.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "yaml";
import { readSqlFiles } from "../../engine/descriptors/sql/index.js";
import { corpusDir as corpus } from "../support/paths.js";

interface Entry {
  file: string;
  kind: string;
  expect: string;
}

const test = suite("sql corpus");
const manifest = parse(await readFile(path.join(corpus, "manifest.yaml"), "utf8")) as Entry[];
const entries = manifest.filter((e) => e.kind === "sql" || e.kind === "migration");

test("the manifest lists SQL and migration files", () => {
  assert.ok(entries.some((e) => e.kind === "sql"));
  assert.ok(entries.some((e) => e.kind === "migration"));
});

for (const e of entries) {
  test(`${e.file} (${e.expect})`, async () => {
    const skipped: string[] = [];
    const run = readSqlFiles([e.file], { root: corpus, onSkip: (what) => skipped.push(what) });
    if (e.expect === "error") {
      try {
        await run;
      } catch (err) {
        assert.ok((err as { diagnostics?: { span?: unknown }[] }).diagnostics?.[0]?.span, "error names file:line:col");
        return;
      }
      assert.unreachable("expected an error");
    }
    const ir = await run;
    if (e.kind === "sql") {
      assert.ok(ir.tables.length > 0, "defines tables");
      for (const t of ir.tables) {
        assert.is(t.pos?.file, e.file);
        assert.ok(t.columns.length > 0);
      }
    } else {
      assert.ok(skipped.length > 0, "statements without tables are reported as skipped");
    }
  });
}

test("jzero user.sql: one MySQL table with an auto-increment bigint key", async () => {
  const ir = await readSqlFiles(["sql/jzero/simpleapi-with-model-redis/user.sql"], { root: corpus });
  assert.equal(ir.tables.map((t) => [t.name, t.dialect, t.primaryKey, t.autoIncrement]), [["user", "mysql", ["id"], "id"]]);
  const id = ir.tables[0]!.columns[0]!;
  assert.equal([id.type, id.family, id.bits, id.nullable, id.autoIncrement], ["bigint", "int", 64, false, true]);
  assert.equal(ir.tables[0]!.pos, { file: "sql/jzero/simpleapi-with-model-redis/user.sql", line: 1, column: 1 });
});

test.run();

/**
 * Attack class: a descriptor of a hostile size. A type written as `map[string]` 5,000 times (or
 * `[5]`, or a mix) made the .api parser overflow the stack (internal error, exit 70); a SQL
 * DEFAULT nested 100,000 parentheses deep took minutes to read (peeling one pair at a time, each
 * time looking for its match again), and so did long files of ordinary statements whose reading
 * compared each item with all before it: a message of 30,000 fields, thousands of unknown .proto
 * types among thousands of messages (8,000 of them named from outside their scope crashed the
 * process), 30,000 indexes of one table, a table of 60,000 columns grown by as many ALTER TABLE
 * statements, a 10 MB .api that does not parse (its syntax error was worded by a parse that ran
 * out of memory), a PostgreSQL index on a column whose name is 500,000 characters long (and
 * printing thousands of diagnostics read and split the file once for each). The first is now
 * refused at the descriptor; the others read in linear time. Each run must end within a minute
 * (before, each took minutes or never ended).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { CliResult } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";

const test = suite("attacks: descriptor sizes");

/** gen with the go-zero pack, or with a pack that only counts what it read (`counting`). */
function gen(files: Record<string, string>, counting = false): { r: CliResult; dir: string; ms: number } {
  const config = counting
    ? `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(fixtures, "attacks/sizes")}\n`
    : "name: demo\nmodule: example.com/demo\nframe: api\n";
  const dir = writeTree(scratch("sizes"), { ".codegen.yaml": config, ...files });
  const started = Date.now();
  const run = spawnSync(process.execPath, [codegenBin, "gen"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
    maxBuffer: 256 * 2 ** 20,
    env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("sizes-cache") },
  });
  const r = {
    code: run.status ?? -1,
    stdout: run.stdout,
    stderr: run.stderr + (run.signal ? `\n(ended by ${run.signal})` : ""),
  };
  return { r, dir, ms: Date.now() - started };
}

const api = (type: string): string =>
  `syntax = "v1"\n\ntype Deep {\n\tCells ${type} \`json:"cells"\`\n}\n\nservice demo {\n\t@handler ping\n\tget /ping returns (Deep)\n}\n`;

for (const [what, type] of [
  ["map[string] 5,000 deep", "map[string]".repeat(5000) + "string"],
  ["map [ string ] with spaces, 5,000 deep", "map [ string ] ".repeat(5000) + "string"],
  ["[5] 5,000 deep", "[5]".repeat(5000) + "int"],
  ["[...] 5,000 deep", "[...]".repeat(5000) + "int"],
  ["map, array, slice and pointer mixed, 2,000 of each", "map[string][3][]*".repeat(2000) + "int"],
] as const) {
  test(`an .api type of ${what}: API_TOO_DEEP at the type, nothing written`, () => {
    const { r, dir } = gen({ "desc/api/deep.api": api(type) });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /^desc\/api\/deep\.api:4:\d+: API_TOO_DEEP more than 32 type prefixes/m);
    assert.not.match(r.stderr, /internal error/);
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
  });
}

test("a map key nested past the limit is refused the same way", () => {
  const { r } = gen({ "desc/api/deep.api": api("map[".repeat(100) + "string" + "]string".repeat(100)) });
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /^desc\/api\/deep\.api:4:\d+: API_TOO_DEEP nesting deeper than 64 levels/m);
});

test("an .api of 10 MB that does not parse: API_SYNTAX where its statements stop, worded as for a small file", () => {
  // A parser that keeps a record of every failed attempt needs memory per character: ohm, which
  // worded the syntax errors until 2026-11-28, ran V8 out of memory on this file after 28 s.
  const { r } = gen({ "desc/api/big.api": `syntax = "v1"\n\n/* ${"/* a ".repeat(2_000_000)}` });
  assert.is(r.code, 1, r.stderr.slice(0, 2000));
  assert.match(
    r.stderr,
    /^desc\/api\/big\.api:3:1: API_SYNTAX unexpected "\/\*" \(a comment that is never closed\); expected end of input, "service"/m,
  );
});

test("32 prefixes of every kind still read", () => {
  const { r } = gen({ "desc/api/deep.api": api("map[string][2][]*".repeat(8) + "int") });
  assert.is(r.code, 0, r.stderr);
});

test("a SQL DEFAULT nested 100,000 parentheses deep reads in linear time", () => {
  const n = 100_000;
  const sql = `CREATE TABLE t (\n  id bigint NOT NULL DEFAULT ${"(".repeat(n)}1${")".repeat(n)},\n  code bigint NOT NULL DEFAULT ${"(".repeat(n)}1${")".repeat(n)} + 1,\n  PRIMARY KEY (id)\n);\n`;
  const { r, ms } = gen({ "desc/sql/t.sql": sql });
  assert.is(r.code, 0, r.stderr);
  // Quadratic, this took minutes (32,000 deep took 16 s); linear, a few seconds on a loaded machine.
  assert.ok(ms < 30_000, `gen took ${ms} ms`);
});

const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join("");
const counts = (dir: string): string => readFileSync(join(dir, "counts.txt"), "utf8").trim();

test("a .proto message of 30,000 fields", () => {
  const { r, dir } = gen(
    {
      "desc/proto/big.proto": `syntax = "proto3";\npackage p;\nmessage Big {\n${lines(30_000, (i) => `  string f${i} = ${i < 18_999 ? i + 1 : i + 1001};\n`)}}\n`,
    },
    true,
  );
  assert.is(r.code, 0, r.stderr);
  assert.is(counts(dir), "@generated types 0, messages 1, tables 0");
});

test("5,000 unknown .proto types among 20,000 messages: every one reported", () => {
  const proto = `syntax = "proto3";\npackage p;\n${lines(20_000, (i) => `message M${i} { string a = 1; }\n`)}message Use {\n${lines(5_000, (i) => `  Unknown${i} u${i} = ${i + 1};\n`)}}\n`;
  const { r } = gen({ "desc/proto/p.proto": proto }, true);
  assert.is(r.code, 1, r.stderr.slice(0, 2000));
  assert.is(r.stderr.match(/PROTO_UNKNOWN_TYPE unknown type Unknown\d+/g)?.length, 5_000);
});

test("8,000 .proto messages each with one inside, named from outside its scope, and 8,000 unknown options", () => {
  // protobufjs searched every message below the scope for each name, and remembered each miss in
  // each message: at 8,000 the memory ran out and the process crashed. protoc refuses such names.
  const proto = `syntax = "proto3";\npackage p;\n${lines(8_000, (i) => `message M${i} { message N${i} {} option (zz${i}) = 1; }\n`)}message Use {\n${lines(8_000, (i) => `  N${i} u${i} = ${i + 1};\n`)}}\n`;
  const { r } = gen({ "desc/proto/p.proto": proto }, true);
  assert.is(r.code, 1, r.stderr.slice(0, 2000));
  assert.is(r.stderr.match(/PROTO_UNKNOWN_TYPE unknown type N\d+/g)?.length, 8_000);
  assert.is(r.stderr.match(/PROTO_UNKNOWN_OPTION unknown option \(zz\d+\)/g)?.length, 8_000);
});

test("an .api of 300,000 routes under 300,000 comment lines", () => {
  // Before: exit 70 (300,000 routes spread into one call's arguments overflowed the stack), then
  // PACK_BUDGET in the engine's duplicate-route check ($keys spread the same way); each comment
  // line was added at the front of the others (quadratic).
  const api = `// ${"c\n// ".repeat(300_000)}\ntype R {\n\tId int64 \`path:"id"\`\n}\nservice s {\n${lines(300_000, (i) => `\t@handler h${i}\n\tget /r${i}/:id (R) returns (R)\n`)}}\n`;
  const { r, dir } = gen({ "desc/api/r.api": api }, true);
  assert.is(r.code, 0, r.stderr.slice(0, 2000));
  assert.is(counts(dir), "@generated types 1, messages 0, tables 0");
});

test("30,000 indexes of one SQL table", () => {
  const sql = `CREATE TABLE t (id int PRIMARY KEY, c int);\n${lines(30_000, () => "CREATE INDEX ON t (c);\n")}${lines(30_000, (i) => `ALTER TABLE t ADD CONSTRAINT f${i} FOREIGN KEY (c) REFERENCES t (id);\n`)}`;
  const { r, dir } = gen({ "desc/sql/t.sql": sql }, true);
  assert.is(r.code, 0, r.stderr);
  assert.is(counts(dir), "@generated types 0, messages 0, tables 1");
});

test("a SQL table of 60,000 columns, then 60,000 more added by ALTER TABLE", () => {
  const sql = `CREATE TABLE t (\n${lines(60_000, (i) => `  c${i} int,\n`)}  id int PRIMARY KEY\n);\n${lines(60_000, (i) => `ALTER TABLE t ADD COLUMN d${i} int;\n`)}`;
  const { r, dir } = gen({ "desc/sql/t.sql": sql }, true);
  assert.is(r.code, 0, r.stderr);
  assert.is(counts(dir), "@generated types 0, messages 0, tables 1");
});

test("a PostgreSQL index on a column whose name is 500,000 characters long", () => {
  const name = "é".repeat(500_000);
  const { r, dir } = gen(
    {
      "desc/sql/t.sql": `-- postgres\nCREATE TABLE t (id bigserial PRIMARY KEY, "${name}" int);\nCREATE INDEX ON t ("${name}");\nCOMMENT ON TABLE t IS 'x';\n`,
    },
    true,
  );
  assert.is(r.code, 0, r.stderr.slice(0, 2000));
  assert.is(counts(dir), "@generated types 0, messages 0, tables 1");
});

test.run();

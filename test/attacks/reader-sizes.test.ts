/**
 * Attack class: a descriptor of a hostile size. A type written as `map[string]` 5,000 times (or
 * `[5]`, or a mix) made the .api parser overflow the stack (internal error, exit 70); a SQL
 * DEFAULT nested 100,000 parentheses deep took minutes to read (peeling one pair at a time,
 * each time looking for its match again). The first is now refused at the descriptor, the second
 * reads in linear time. Each run must end within a minute.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import type { CliResult } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { codegenBin, scratch } from "../support/paths.js";

const test = suite("attacks: descriptor sizes");

function gen(files: Record<string, string>): { r: CliResult; dir: string; ms: number } {
  const dir = writeTree(scratch("sizes"), { ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: api\n", ...files });
  const started = Date.now();
  const run = spawnSync(process.execPath, [codegenBin, "gen"], { cwd: dir, encoding: "utf8", timeout: 60_000, killSignal: "SIGKILL", env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("sizes-cache") } });
  const r = { code: run.status ?? -1, stdout: run.stdout, stderr: run.stderr + (run.signal ? `\n(ended by ${run.signal})` : "") };
  return { r, dir, ms: Date.now() - started };
}

const api = (type: string): string => `syntax = "v1"\n\ntype Deep {\n\tCells ${type} \`json:"cells"\`\n}\n\nservice demo {\n\t@handler ping\n\tget /ping returns (Deep)\n}\n`;

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

test.run();

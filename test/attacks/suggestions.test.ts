/**
 * Attack class: a "did you mean" that compares long names. An unknown `validate:` rule of 1,000
 * characters kept gen busy for minutes (the go-zero pack's edit distance, run by jsonata), and so
 * did a hundred unknown rules; a .proto's unknown type names of 1,000 characters among as many
 * long message names took the reader minutes too. Now names longer than 64 characters get no
 * suggestion, only names close in length are compared, and only the first 20 problems of a read
 * (or the first 20 unknown rules) get one. Each run must end within a minute.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import type { CliResult } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";

const test = suite("attacks: bounded suggestions");

function gen(files: Record<string, string>, pack?: string): CliResult {
  const config = `name: demo\nmodule: example.com/demo\nframe: ${pack ? "docs" : "api"}\n${pack ? `pack: ${pack}\n` : ""}`;
  const dir = writeTree(scratch("suggest"), { ".codegen.yaml": config, ...files });
  const run = spawnSync(process.execPath, [codegenBin, "gen"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
    env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("suggest-cache") },
  });
  return {
    code: run.status ?? -1,
    stdout: run.stdout,
    stderr: run.stderr + (run.signal ? `\n(ended by ${run.signal})` : ""),
  };
}

const api = (rules: string): string =>
  `syntax = "v1"\n\ntype Req {\n\tName string \`json:"name" validate:"${rules}"\`\n}\n\nservice demo {\n\t@handler ping\n\tpost /ping (Req)\n}\n`;
const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join("");

test("a validate rule of 1,000 characters: refused at once, without a suggestion", () => {
  const r = gen({ "desc/api/v.api": api("x".repeat(1000)) });
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /desc\/api\/v\.api:4:2: API_UNKNOWN_VALIDATE_RULE validate rule "x{1000}" is not one the validator knows \(field Name\)\n/,
  );
  assert.not.match(r.stderr, /PACK_BUDGET|did you mean/);
});

test("a hundred unknown validate rules: the first 20 are searched, a typo among them still gets its suggestion", () => {
  const rules = ["requird", ...Array.from({ length: 99 }, (_, i) => `y${String(i).padStart(2, "0")}xxxxxxxxxxxxx`)];
  const r = gen({ "desc/api/v.api": api(rules.join(",")) });
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stderr.match(/API_UNKNOWN_VALIDATE_RULE/g)?.length, 100);
  assert.match(
    r.stderr,
    /validate rule "requird" is not one the validator knows \(field Name\); did you mean "required"\?/,
  );
});

test("unknown .proto types of 1,000 characters among 400 messages named as long", () => {
  const long = "a".repeat(1000);
  const proto = `syntax = "proto3";\npackage p;\n${lines(400, (i) => `message M${i}${long} { string a = 1; }\n`)}message Use {\n${lines(40, (i) => `  U${i}${long} u${i} = ${i + 1};\n`)}}\n`;
  const r = gen({ "desc/proto/p.proto": proto }, join(fixtures, "attacks/sizes"));
  assert.is(r.code, 1, r.stderr.slice(0, 2000));
  assert.is(r.stderr.match(/PROTO_UNKNOWN_TYPE unknown type U\d+a+\n/g)?.length, 40);
});

test("the first 20 problems of a .proto get a suggestion, those after them none", () => {
  const proto = `syntax = "proto3";\npackage p;\nmessage Thing { string a = 1; }\nmessage Use {\n${lines(25, (i) => `  Thng t${i} = ${i + 1};\n`)}}\n`;
  const r = gen({ "desc/proto/p.proto": proto }, join(fixtures, "attacks/sizes"));
  assert.is(r.code, 1, r.stderr);
  assert.is(r.stderr.match(/PROTO_UNKNOWN_TYPE unknown type Thng/g)?.length, 25);
  assert.is(r.stderr.match(/hint: did you mean Thing\?/g)?.length, 20);
});

test.run();

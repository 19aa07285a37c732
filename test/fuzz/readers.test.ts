/** Fuzzing every reader: thousands of generated or mutated inputs, 0 internal errors. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readApi } from "../../engine/descriptors/api/index.js";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { readSqlFiles } from "../../engine/descriptors/sql/index.js";
import { applyPack, loadConfig } from "../../engine/config/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { smallApi } from "../support/project.js";
import { fuzzReader, mutatedText, RUNS } from "./harness.js";

const test = suite(`fuzz: ${RUNS} inputs per reader`);
const dir = scratch("fuzz");
const write = (rel: string, text: string): string => {
  const full = join(dir, rel);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, text);
  return full;
};
const seed = (rel: string): string => readFileSync(join(repoRoot, rel), "utf8");

test(".api reader", async () => {
  const seeds = [
    smallApi,
    seed("test/golden/cases/api-basic/input/desc/api/notes.api"),
    seed("test/golden/cases/api-import-scope/input/desc/api/order/order_main.api"),
  ];
  const tokens = [
    "{",
    "}",
    "(",
    ")",
    "[]",
    "*",
    "map[string]",
    '"',
    "`",
    "@server(",
    "@handler x",
    "type",
    "import",
    "\n",
    "/*",
    "//",
    ":id",
    "get /",
    "jwt: Auth",
    "\u0000",
    "\uFEFF",
  ];
  const failure = await fuzzReader("api", mutatedText(seeds, tokens), (text) =>
    readApi([write("desc/api/fuzz.api", text)], { root: dir }),
  );
  assert.is(failure, null, failure ?? "");
});

test(".proto reader", async () => {
  const seeds = [
    seed("test/golden/cases/error-proto-missing-import/input/desc/proto/orders.proto").replace(
      'import "common/money.proto";\n',
      "",
    ),
    readFileSync(join(fixtures, "proto/project/desc/proto/user.proto"), "utf8"),
  ];
  const tokens = [
    "{",
    "}",
    ";",
    "=",
    "[",
    "]",
    '"',
    "message M {",
    "rpc X(A) returns (B);",
    "option (x) = {};",
    "oneof o {",
    "map<string,int32>",
    "repeated",
    'import "a.proto";',
    "\n",
    "/*",
    "//",
    'syntax = "proto2";',
    "2147483648",
  ];
  const failure = await fuzzReader("proto", mutatedText(seeds, tokens), (text) =>
    readProto([write("desc/proto/fuzz.proto", text)], { root: dir }),
  );
  assert.is(failure, null, failure ?? "");
});

test("SQL reader", async () => {
  const seeds = [
    seed("test/golden/cases/skills-init/input/desc/sql/shop.sql"),
    "CREATE TABLE users (\n  id BIGSERIAL PRIMARY KEY,\n  email TEXT NOT NULL UNIQUE,\n  created_at TIMESTAMPTZ DEFAULT now()\n);\nCOMMENT ON TABLE users IS 'people';\n",
    "CREATE TABLE [Album] (\n  [AlbumId] INTEGER PRIMARY KEY AUTOINCREMENT,\n  [Title] NVARCHAR(160) NOT NULL\n);\n",
  ];
  const tokens = [
    "(",
    ")",
    ",",
    ";",
    "'",
    '"',
    "`",
    "[",
    "]",
    "PRIMARY KEY",
    "KEY",
    "INDEX",
    "FULLTEXT",
    "CHECK (",
    "DEFAULT",
    "NOT NULL",
    "CREATE TABLE t (",
    "$$",
    "--",
    "/*",
    "\n",
    "ENUM('a','b')",
    "GENERATED ALWAYS AS IDENTITY",
  ];
  const failure = await fuzzReader("sql", mutatedText(seeds, tokens), (text) =>
    readSqlFiles([write("desc/sql/fuzz.sql", text)], { root: dir }),
  );
  assert.is(failure, null, failure ?? "");
});

test(".codegen.yaml reader", async () => {
  const seeds = [
    "name: demo\nmodule: example.com/demo\nframe: api\n",
    'name: x\nhooks:\n  before: ["echo hi"]\ngen:\n  hooks:\n    after: []\nsql:\n  cache: true\n  cache_tables: ["user*"]\ninputs:\n  api: "desc/**/*.api"\n',
  ];
  const tokens = [
    ":",
    "- ",
    "[",
    "]",
    "{",
    "}",
    '"',
    "'",
    "&a",
    "*a",
    "!!str",
    "\t",
    "\n",
    "#",
    "---",
    "true",
    "null",
    "123",
    "name",
  ];
  const project = join(dir, "cfg");
  mkdirSync(project, { recursive: true });
  const goZero = await loadPack("go-zero", project);
  const failure = await fuzzReader("config", mutatedText(seeds, tokens), async (text) => {
    writeFileSync(join(project, ".codegen.yaml"), text);
    // Both steps: the engine's keys, then the go-zero pack's keys and defaults.
    return applyPack(await loadConfig({ cwd: project, env: {} }), goZero);
  });
  assert.is(failure, null, failure ?? "");
});

test.run();

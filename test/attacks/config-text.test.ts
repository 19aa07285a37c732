/**
 * Attack class: project config text becomes code. A cloned repository's .codegen.yaml names the
 * project and its module; both land in Go string literals, import paths, go.mod and YAML. A
 * quote, backquote, backslash or control character in either is refused at its key.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync } from "node:fs";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attack: config text");
const api =
  'syntax = "v1"\n\ntype Reply {\n\tName string `json:"name"`\n}\n\nservice s {\n\t@handler ping\n\tget /ping returns (Reply)\n}\n';

const cases: Array<[string, string, string]> = [
  [
    "a name closing a Go string",
    'name: "x\\", Run: nil, Short: \\"y"\nmodule: example.com/x\nframe: api\n',
    ".codegen.yaml:1:7",
  ],
  ["a name with a line break", 'name: "x\\nAuth: evil"\nmodule: example.com/x\nframe: api\n', ".codegen.yaml:1:7"],
  [
    "a module with a line break (a go.mod directive)",
    'name: x\nmodule: "example.com/x\\nreplace a => ../../evil"\nframe: api\n',
    ".codegen.yaml:2:9",
  ],
  ["a module with a backquote", 'name: x\nmodule: "example.com/x`y"\nframe: api\n', ".codegen.yaml:2:9"],
];

for (const [what, config, at] of cases) {
  test(`${what} is refused at its key, nothing written`, () => {
    const dir = writeTree(scratch("config-text"), { ".codegen.yaml": config, "desc/api/s.api": api });
    const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, `${at}: CONFIG_INVALID`);
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
  });
}

test.run();

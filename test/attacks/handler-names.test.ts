/**
 * Attack class: handler names that the go-zero pack's file and Go names are made from. A name
 * from a descriptor must give valid Go in files of its own, or be a diagnostic at the .api line;
 * `@handler Handler` (or `handler`), whose stem without the `Handler` suffix is empty, gave
 * functions without a name and a compiler error in a generated file.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: handler names into file and Go names");

for (const [style, file] of [
  ["gozero", "handlerhandler"],
  ["go_zero", "handler_handler"],
  ["goZero", "handlerHandler"],
] as const) {
  test(`@handler Handler in style ${style}: valid Go at internal/handler/${file}.go`, () => {
    const dir = writeTree(scratch("attack-handler-names"), {
      ".codegen.yaml": `name: shop\nmodule: example.com/shop\nframe: api\nstyle: ${style}\n`,
      "desc/api/shop.api":
        'syntax = "v1"\n\ntype Ping {\n\tMessage string `json:"message"`\n}\n\nservice shop {\n\t@handler Handler\n\tget /ping returns (Ping)\n}\n',
    });
    const r = codegen(["gen", "--dry-run"], dir);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, new RegExp(`created {3}internal/handler/${file}\\.go`));
  });
}

test.run();

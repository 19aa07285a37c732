/**
 * Which views may be remembered between runs: those that read only their item, the library,
 * the project, the config, and whole-IR views they name as `$view("name", $ir)`.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { itemLocalDeps } from "../../engine/plan/view-results.js";
import { repoRoot } from "../support/paths.js";

const test = suite("item-local views");

test("reading only the item, the library and named whole-IR views", () => {
  assert.equal(itemLocalDeps(`{ "name": $goName(name), "n": $count(fields) }`), []);
  assert.equal(
    itemLocalDeps(`{ "a": $view("api/aliases", $ir), "b": $view("x/y", $ir), "c": $view("api/aliases", $ir) }`),
    ["api/aliases", "x/y"],
  );
  assert.equal(itemLocalDeps(`($p := $project.name; $config.sql.cache ? $p : "")`), []);
});

test("any other use of the IR or of $view is not item-local", () => {
  for (const source of [
    `$ir.api.types[name = $$.name]`,
    `$view("a", $)`,
    `$view($name, $ir)`,
    `$view("a", $ir.api)`,
    `($v := $view; $v("a", $ir))`,
    `$view("a", $ir, 1)`,
    `(function($f) { $f })($ir)`,
    `$view("a", $ir[0])`,
    `$eval("$ir")`,
    `$eval("$" & "view")`,
    `{`,
  ]) {
    assert.is(itemLocalDeps(source), null, source);
  }
});

test("the go-zero pack's route, group and service views are item-local, its OpenAPI view is not", () => {
  const views = join(repoRoot, "template-packs/go-zero/views");
  assert.equal(itemLocalDeps(readFileSync(join(views, "api/route.jsonata"), "utf8")), [
    "api/aliases",
    "api/sse-blocks",
  ]);
  assert.equal(itemLocalDeps(readFileSync(join(views, "api/group.jsonata"), "utf8")), [
    "api/aliases",
    "api/sse-blocks",
  ]);
  assert.is(itemLocalDeps(readFileSync(join(views, "api/openapi.jsonata"), "utf8")), null);
  // A service's files need its proto files' go_package: named as a whole-IR view, not read from $ir.
  assert.equal(itemLocalDeps(readFileSync(join(views, "rpc/service.jsonata"), "utf8")), ["proto/go-package-options"]);
  assert.equal(itemLocalDeps(readFileSync(join(views, "functions.jsonata"), "utf8")), []);
});

test.run();

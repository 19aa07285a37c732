/**
 * Which views may be remembered between runs: those that read only their item, the library,
 * the project, the config, and whole-IR views they name as `$view("name", $ir)`.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { itemLocalDeps, libraryIsItemLocal, ViewResults } from "../../engine/plan/view-results.js";
import { repoRoot, scratch } from "../support/paths.js";

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

test("the goctl pack's library reads no $ir: its service view names the whole-IR views it needs", () => {
  const views = join(repoRoot, "template-packs/goctl/views");
  assert.equal(itemLocalDeps(readFileSync(join(views, "functions.jsonata"), "utf8")), []);
  assert.equal(itemLocalDeps(readFileSync(join(views, "rpc/service.jsonata"), "utf8")), [
    "proto/go-package-options",
    "proto/message-names",
    "rpc/layout",
  ]);
});

test("every built-in pack's function library is item-local, so its item views can be kept", () => {
  for (const pack of ["go-zero", "goctl"]) {
    const library = readFileSync(join(repoRoot, "template-packs", pack, "views/functions.jsonata"), "utf8");
    assert.ok(libraryIsItemLocal([library]), pack);
  }
});

test("a goctl service's view computed in one run is read back in the next", () => {
  process.env["CODEGEN_CACHE_DIR"] = scratch("view-results-goctl");
  const views = join(repoRoot, "template-packs/goctl/views");
  const library = readFileSync(join(views, "functions.jsonata"), "utf8");
  const serviceView = readFileSync(join(views, "rpc/service.jsonata"), "utf8");
  const fixture = JSON.parse(readFileSync(join(views, "rpc/service.test/admin-multiple.in.json"), "utf8")) as {
    item: object;
  };
  const wholeViews: Record<string, unknown> = {
    "proto/go-package-options": { files: { "user.proto": "./pb" }, external: {} },
    "proto/message-names": { "user.proto": ["BanUserReq", "BanUserResp"] },
    "rpc/layout": { multiple: true, name: "user" },
  };
  let computed = 0;
  const run = (): unknown => {
    const results = new ViewResults(
      ["goctl", "project", "config"],
      libraryIsItemLocal([library]),
      (name) => wholeViews[name],
    );
    const data = results.of(serviceView, structuredClone(fixture.item), () => {
      computed += 1;
      return { server: { dir: "internal/server/admin" } };
    });
    results.save();
    return data;
  };
  assert.equal(run(), { server: { dir: "internal/server/admin" } });
  assert.equal(run(), { server: { dir: "internal/server/admin" } });
  assert.is(computed, 1, "the second run reads the first run's data");
  // A whole-IR view it names is part of the key: another layout, another computation.
  wholeViews["rpc/layout"] = { multiple: false, name: "user" };
  run();
  assert.is(computed, 2);
});

test.run();

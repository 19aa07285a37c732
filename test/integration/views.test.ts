/**
 * Views and the function library from the outside: a failing view is reported at each rule that
 * shows it, a library may not redefine jsonata's own functions, and `template test --update`
 * never rewrites a built-in pack.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeTree } from "../support/files.js";
import { codegen } from "../support/cli.js";
import { scratch } from "../support/paths.js";
import { smallApi } from "../support/project.js";

const test = suite("views");

function pack(files: Record<string, string>): string {
  const dir = scratch("view-pack");
  const all: Record<string, string> = {
    "pack.yaml": 'name: views\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\n',
    "templates/t.liquid": "@generated {{ data.name }}\n",
    ...files,
  };
  return writeTree(dir, all);
}

function project(packDir: string): string {
  const dir = scratch("view-project");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${packDir}\n`);
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
  return dir;
}

const twoRules = `- name: first
  each: api.routes
  path: "a/{{ item.handler }}.txt"
  view: route
  template: t.liquid
- name: second
  each: api.routes
  path: "b/{{ item.handler }}.txt"
  view: route
  template: t.liquid
`;

test("a view both rules show fails at each rule, and nothing is written", () => {
  const dir = project(pack({ "rules/r.yaml": twoRules, "views/route.jsonata": '$error("no name for " & handler)\n' }));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  const lines = r.stderr.split("\n").filter((l) => l.includes("PACK_EXPRESSION"));
  assert.equal(
    lines.map((l) => l.split(": PACK_EXPRESSION")[0]!.replace(/^.*rules\//, "rules/")),
    ["rules/r.yaml:1:9", "rules/r.yaml:1:9", "rules/r.yaml:6:9", "rules/r.yaml:6:9"],
  );
  assert.match(r.stderr, /no name for getThing/);
});

test("the same view for the same item is evaluated once: both rules, and a view reading it, print one value", () => {
  // $random differs on every evaluation: equal numbers mean one evaluation.
  const rules =
    twoRules +
    `- name: third
  each: api.routes
  path: "c/{{ item.handler }}.txt"
  view: again
  template: t.liquid
`;
  const dir = project(
    pack({
      "rules/r.yaml": rules,
      "views/route.jsonata": '{ "name": $string($random()) }\n',
      "views/again.jsonata": '$view("route", $)\n',
    }),
  );
  const r = codegen(["gen"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /wrote 6 files: 6 created/);
  for (const handler of ["getThing", "listThings"]) {
    const values = ["a", "b", "c"].map((d) => readFileSync(join(dir, d, `${handler}.txt`), "utf8"));
    assert.is(new Set(values).size, 1, `${handler}: ${values.join(" | ")}`);
  }
  assert.is.not(readFileSync(join(dir, "a/getThing.txt"), "utf8"), readFileSync(join(dir, "a/listThings.txt"), "utf8"));
});

test("$view refuses a name that leaves the pack's views", () => {
  const dir = project(pack({ "rules/r.yaml": twoRules, "views/route.jsonata": '$view("../../outside", $)\n' }));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /PACK_EXPRESSION [\s\S]*\$view: "\.\.\/\.\.\/outside" is not a view name/);
});

test("a function library may not redefine jsonata's own functions", () => {
  const dir = project(
    pack({
      "rules/r.yaml": twoRules,
      "views/route.jsonata": '{ "name": handler }\n',
      "views/functions.jsonata": '{ "count": function($x) { 0 }, "shout": function($s) { $uppercase($s) } }\n',
    }),
  );
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /views\/functions\.jsonata:1:1: PACK_EXPRESSION .*redefines jsonata's own \$count/);
});

test("template test --update refuses the project's built-in pack and writes nothing", () => {
  const dir = scratch("update-builtin");
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\n");
  const r = codegen(["template", "test", "--update"], dir);
  assert.is(r.code, 2, r.stderr);
  assert.match(
    r.stderr,
    /USAGE template test --update rewrites a pack's expected view outputs; the project's pack go-zero is built in/,
  );
  const ok = codegen(["template", "test"], dir);
  assert.is(ok.code, 0, ok.stderr);
  assert.match(ok.stdout, /views ok: \d+ cases passed/);
});

test.run();

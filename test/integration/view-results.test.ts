/**
 * Item views' data is kept between runs: after an edit elsewhere, an item's view is not
 * evaluated again ($random() keeps its value), until a whole-IR view it names changes. A view
 * that reads `$ir` itself is evaluated on every run. A whole-IR rule's kept data follows the
 * views it names.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { packAndProject } from "../support/project.js";

const test = suite("view results between runs");

const api = (routes: string[]): string =>
  `syntax = "v1"\n\nservice a {\n${routes.map((r) => `\t@handler ${r.slice(1).replace(/\W/g, "")}\n\tget ${r}\n`).join("\n")}}\n`;

test("kept for other items after an edit; evaluated again when a named whole-IR view changes; never kept when reading $ir", () => {
  const { dir, env } = packAndProject(
    "kept-views",
    {
      "rules/files.yaml": [
        '- name: local\n  each: api.routes\n  as: route\n  path: "local/{{ route.handler }}.txt"\n  view: local\n  template: show.txt.liquid',
        '- name: whole\n  each: api.routes\n  as: route\n  path: "whole/{{ route.handler }}.txt"\n  view: whole\n  template: show.txt.liquid\n',
      ].join("\n"),
      "views/total.jsonata": "$count(api.routes)",
      "views/local.jsonata": '{ "path": fullPath, "total": $view("total", $ir), "draw": $random() }',
      "views/whole.jsonata": '{ "path": fullPath, "total": $count($ir.api.routes), "draw": $random() }',
      "templates/show.txt.liquid": "@generated {{ data.path }} {{ data.total }} {{ data.draw }}\n",
    },
    { "desc/api/a.api": api(["/a1"]), "desc/api/b.api": api(["/b1"]) },
  );
  const read = (p: string): string[] => readFileSync(join(dir, p), "utf8").trim().split(" ");
  codegenOk(["gen"], dir, env);
  const [, , total, draw] = read("local/a1.txt");
  assert.is(total, "2");
  const wholeDraw = read("whole/a1.txt")[3];

  writeFileSync(join(dir, "desc/api/b.api"), api(["/b2"]));
  codegenOk(["gen"], dir, env);
  assert.equal(read("local/a1.txt"), ["@generated", "/a1", "2", draw!], "a1's view was evaluated again");
  assert.is.not(read("whole/a1.txt")[3], wholeDraw, "a view reading $ir was taken from an earlier run");

  writeFileSync(join(dir, "desc/api/b.api"), api(["/b2", "/b3"]));
  codegenOk(["gen"], dir, env);
  assert.is(read("local/a1.txt")[2], "3");
  assert.is(read("whole/a1.txt")[2], "3");
});

test("a whole-IR rule's kept data follows an edit of a view it names", () => {
  const { dir, pack, env } = packAndProject(
    "whole-data",
    {
      "rules/files.yaml":
        '- name: table\n  path: "table.txt"\n  data: \'$view("inner", $ir)\'\n  template: show.txt.liquid\n',
      "views/inner.jsonata": '"first"',
      "templates/show.txt.liquid": "@generated {{ data }}\n",
    },
    { "desc/api/a.api": api(["/a1"]) },
  );
  codegenOk(["gen"], dir, env);
  assert.is(readFileSync(join(dir, "table.txt"), "utf8"), "@generated first\n");
  writeFileSync(join(pack, "views/inner.jsonata"), '"second one"');
  codegenOk(["gen"], dir, env);
  assert.is(readFileSync(join(dir, "table.txt"), "utf8"), "@generated second one\n");
});

test("a view holding a function, and one naming a failing view in a branch not taken, work as without the cache", () => {
  const { dir, env } = packAndProject(
    "odd-views",
    {
      "rules/files.yaml": [
        '- name: fn\n  each: api.routes\n  as: route\n  path: "fn/{{ route.handler }}.txt"\n  view: fn\n  template: show.txt.liquid',
        '- name: branch\n  each: api.routes\n  as: route\n  path: "branch/{{ route.handler }}.txt"\n  view: branch\n  template: show.txt.liquid\n',
      ].join("\n"),
      "views/fn.jsonata": '{ "value": fullPath, "f": function($x) { $x } }',
      "views/branch.jsonata": '{ "value": $exists($.nothing) ? $view("no-such-view", $ir) : "fine" }',
      "templates/show.txt.liquid": "@generated {{ data.value }}\n",
    },
    { "desc/api/a.api": api(["/a1"]) },
  );
  for (const routes of [["/a1"], ["/a1", "/a2"]]) {
    writeFileSync(join(dir, "desc/api/a.api"), api(routes));
    codegenOk(["gen"], dir, env);
    assert.is(readFileSync(join(dir, "fn/a1.txt"), "utf8"), "@generated /a1\n");
    assert.is(readFileSync(join(dir, "branch/a1.txt"), "utf8"), "@generated fine\n");
  }
});

test.run();

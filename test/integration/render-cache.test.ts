/**
 * Rendered files are kept between runs for templates that never name the whole IR: after an
 * edit, other items' files come from the cache. A template that reads `ir` (here through an
 * included partial) is rendered every time, and editing a template renders its files again.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { packAndProject } from "../support/project.js";

const test = suite("render cache");

function setup(): { dir: string; pack: string; env: Record<string, string> } {
  return packAndProject(
    "cached",
    {
      "rules/files.yaml": [
        '- name: route\n  each: api.routes\n  as: route\n  path: "out/{{ route.handler }}.txt"\n  template: route.txt.liquid',
        '- name: count\n  each: api.routes\n  as: route\n  path: "count/{{ route.handler }}.txt"\n  template: count.txt.liquid',
        '- name: block\n  each: api.routes\n  as: route\n  path: "block/{{ route.handler }}.txt"\n  template: block.txt.liquid',
        '- name: relative\n  each: api.routes\n  as: route\n  path: "relative/{{ route.handler }}.txt"\n  template: sub/relative.txt.liquid\n',
      ].join("\n"),
      "templates/route.txt.liquid": "@generated {{ route.path }}\n",
      "templates/count.txt.liquid": "@generated {% include 'total' %}\n",
      "templates/total.liquid": "{{ ir.api.routes.size }} routes",
      "templates/block.txt.liquid": "@generated {%- liquid\n  include 'total'\n%}\n",
      "templates/sub/relative.txt.liquid": "@generated {% include './total' %}\n",
      "templates/sub/total.liquid": "{{ ir.api.routes.size }} here",
    },
    {
      "desc/api/a.api": 'syntax = "v1"\n\nservice a {\n\t@handler a1\n\tget /a1\n}\n',
      "desc/api/b.api": 'syntax = "v1"\n\nservice a {\n\t@handler b1\n\tget /b1\n}\n',
    },
  );
}
const read = (dir: string, p: string): string => readFileSync(join(dir, p), "utf8");

test("a file whose template reads the IR through a partial follows an edit of another descriptor", () => {
  const { dir, env } = setup();
  codegenOk(["gen", "--trust"], dir, env);
  assert.is(read(dir, "count/a1.txt"), "@generated 2 routes\n");
  writeFileSync(
    join(dir, "desc/api/b.api"),
    'syntax = "v1"\n\nservice a {\n\t@handler b1\n\tget /b1\n\n\t@handler b2\n\tget /b2\n}\n',
  );
  codegenOk(["gen", "--trust"], dir, env);
  assert.is(read(dir, "count/a1.txt"), "@generated 3 routes\n");
  assert.is(read(dir, "block/a1.txt"), "@generated3 routes\n", "a partial included in a {% liquid %} block");
  assert.is(read(dir, "relative/a1.txt"), "@generated 3 here\n", "a partial named relative to the template");
  assert.is(read(dir, "out/b2.txt"), "@generated /b2\n");
});

test("other items' files come from the cache; an edited template renders them again", () => {
  const { dir, pack, env } = setup();
  codegenOk(["gen", "--trust"], dir, env);
  // Change the kept rendering of a1 (same length, so the entry stays whole): the cache is what is read.
  const cache = join(env["CODEGEN_CACHE_DIR"]!, "memo");
  let poisoned = 0;
  for (const e of readdirSync(cache, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const bytes = readFileSync(join(e.parentPath, e.name));
    const at = bytes.indexOf("@generated /a1\n");
    if (at < 0 || !bytes.includes('"keys"')) continue;
    bytes.write("@generated /XX\n", at);
    writeFileSync(join(e.parentPath, e.name), bytes);
    poisoned++;
  }
  assert.is(poisoned, 1);
  writeFileSync(join(dir, "desc/api/b.api"), 'syntax = "v1"\n\nservice a {\n\t@handler b1\n\tget /b1/x\n}\n');
  codegenOk(["gen", "--trust"], dir, env);
  assert.is(read(dir, "out/a1.txt"), "@generated /XX\n");
  assert.is(read(dir, "out/b1.txt"), "@generated /b1/x\n");

  writeFileSync(join(pack, "templates/route.txt.liquid"), "@generated route {{ route.path }}\n");
  codegenOk(["gen", "--trust"], dir, env);
  assert.is(read(dir, "out/a1.txt"), "@generated route /a1\n");
});

test("a rule's item name is part of the key: renaming it fails as it would without the cache", () => {
  const { dir, pack, env } = setup();
  codegenOk(["gen", "--trust"], dir, env);
  const rules = join(pack, "rules/files.yaml");
  writeFileSync(
    rules,
    readFileSync(rules, "utf8").replace(
      'as: route\n  path: "out/{{ route.handler }}.txt"',
      'as: it\n  path: "out/{{ it.handler }}.txt"',
    ),
  );
  const r = codegen(["gen", "--trust"], dir, env);
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stderr, /TEMPLATE_ERROR.*route/s);
});

test.run();

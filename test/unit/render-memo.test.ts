/**
 * `{% render %}` results are remembered by partial and arguments (render/render-memo.ts): the
 * text is always what Liquid renders, arguments JSON cannot hold exactly are rendered every
 * time, and a kept memo never outlives an edit of the partials.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { Renderer } from "../../engine/render/index.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("render memo");
process.env["CODEGEN_CACHE_DIR"] = scratch("memo-cache");

function templates(): string {
  return writeTree(scratch("memo-templates"), {
    "field.liquid": "{{ f.name | pascal }} {{ f.type }}{% if f.tag != '' %} `{{ f.tag }}`{% endif %}",
    "type.liquid": "type {{ t.name }} struct {\n{% for f in t.fields %}\t{% render 'field', f: f %}\n{% endfor %}}",
    "item.liquid": "[{{ item }}]",
    "strict.liquid": "{{ missing }}",
    "file.liquid": "{% for t in types %}{% render 'type', t: t %}\n{% endfor %}",
  });
}

const types = [
  { name: "A", fields: [{ name: "id", type: "int64", tag: 'json:"id"' }, { name: "name", type: "string", tag: "" }] },
  { name: "B", fields: [{ name: "id", type: "int64", tag: 'json:"id"' }] },
];
const expected = 'type A struct {\n\tId int64 `json:"id"`\n\tName string\n}\ntype B struct {\n\tId int64 `json:"id"`\n}\n';

test("the same arguments are rendered once; the text is Liquid's", async () => {
  const r = new Renderer([templates()]);
  assert.is(await r.renderFile("file", { types }), expected);
  // Two types, three fields, two of them the same field: four renders, one remembered.
  assert.equal(r.partials, { rendered: 4, remembered: 1 });
  assert.is(await r.renderFile("file", { types }), expected);
  assert.equal(r.partials, { rendered: 4, remembered: 3 });
});

test("with, for, functions and class instances are rendered every time", async () => {
  const r = new Renderer([templates()]);
  assert.is(await r.renderString("{% render 'item' with 3 as item %}{% render 'item' with 3 as item %}", {}), "[3][3]");
  assert.is(await r.renderString("{% render 'item' for xs as item %}", { xs: [1, 2] }), "[1][2]");
  const f = { name: "when", type: new Date(0), tag: "" };
  const out = await r.renderString("{% render 'field', f: f %}|{% render 'field', f: f %}", { f });
  assert.is(out, `When ${String(new Date(0))}|When ${String(new Date(0))}`);
  assert.equal(r.partials, { rendered: 2, remembered: 0 });
});

test("a partial's error is raised on every render, never remembered", async () => {
  const r = new Renderer([templates()]);
  for (let i = 0; i < 2; i++) {
    try {
      await r.renderString("{% render 'strict' %}", {});
      assert.unreachable("strict variables");
    } catch (e) {
      assert.match(String(e), /missing/);
    }
  }
});

test("kept between runs of a project, and renewed when a partial changes", async () => {
  const dir = templates();
  const first = new Renderer([dir], { keep: "project a" });
  assert.is(await first.renderFile("file", { types }), expected);
  first.save();
  const second = new Renderer([dir], { keep: "project a" });
  assert.is(await second.renderFile("file", { types }), expected);
  assert.equal(second.partials, { rendered: 0, remembered: 2 }, "both types come from the last run");
  second.save();
  writeFileSync(join(dir, "field.liquid"), "{{ f.name }}: {{ f.type }}");
  const third = new Renderer([dir], { keep: "project a" });
  assert.is(await third.renderFile("file", { types }), "type A struct {\n\tid: int64\n\tname: string\n}\ntype B struct {\n\tid: int64\n}\n");
});

test.run();

/** Tracing rendered lines back to template lines (engine/render/template-lines.ts). */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Liquid } from "liquidjs";
import { tagLines, templateLineAt, withoutMarks } from "../../engine/render/template-lines.js";

const test = suite("template lines");
const liquid = new Liquid();

function traced(source: string, scope: object): { plain: string; tagged: string } {
  const plain = liquid.parseAndRenderSync(source, scope);
  const tagged = liquid.parseAndRenderSync(tagLines(source), scope);
  return { plain, tagged };
}

test("markers change no line and trace lines through loops and trimming tags", () => {
  const source = [
    "package x",
    "",
    "import (",
    '\t"a"',
    "{%- for i in xs %}",
    '\t"{{ i }}"',
    "{%- endfor %}",
    ")",
    "",
    "var = {{ name }}",
    "",
  ].join("\n");
  const { plain, tagged } = traced(source, { xs: ["b", "c"], name: "n" });
  assert.is(withoutMarks(tagged), plain);
  const out = plain.split("\n");
  assert.is(templateLineAt(tagged, out.indexOf("var = n") + 1, 1), 10);
  assert.is(templateLineAt(tagged, out.indexOf('\t"c"') + 1, 2), 6, "a loop's line is its body's template line");
  assert.is(templateLineAt(tagged, 1, 1), 1);
});

test("a tag spanning lines gets no marker inside it; the column picks among merged lines", () => {
  const source = "a{% if x\n  and y %}b{% endif %}\nc {%- if x -%}\n  d\n{%- endif %}\n";
  const { plain, tagged } = traced(source, { x: true, y: true });
  assert.is(withoutMarks(tagged), plain);
  assert.is.not(tagged.includes("\uE0002\uE001"), true, "no marker inside the if tag");
  assert.is(plain, "ab\ncd\n");
  assert.is(templateLineAt(tagged, 2, 1), 3);
  assert.is(templateLineAt(tagged, 2, 2), 4, "d came from line 4");
});

test.run();

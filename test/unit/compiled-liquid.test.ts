/**
 * Compiled Liquid (engine/render/compiled.ts) against liquidjs on the shapes liquidjs is
 * particular about: undefined variables (strict, or nil inside if/unless/case/assign), own
 * properties only, size/first/last, nil/empty/blank, comparisons of mixed values, every branch
 * of a case that matches, forloop and its JSON, partials with their own scope (and a partial
 * rendering itself), filters with keyword arguments and generator filters (where_exp).
 * Each case must give liquidjs's text; the ones it must decline are listed and must decline
 * (throw, so the Renderer renders them again with liquidjs), a quiet fallback would test nothing.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { LiquidPair, liquidScope } from "../support/liquid-diff.js";
import { Renderer } from "../../engine/render/index.js";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const data = {
  ...liquidScope(),
  kinds: ["builtin", "named", "slice"],
  // Shaped like an iterator: liquidjs runs it (and prints "ran").
  iter: { next: () => ({ done: true, value: "ran" }), throw: () => undefined, return: () => undefined },
};

const partials = {
  greet: "Hi {{ who }}{% if extra %} ({{ extra }}){% endif %}",
  scope: "{% if s %}sees s{% else %}no s{% endif %}|{{ x }}",
  typeref:
    '{%- case t.kind -%}{%- when "named" -%}{{ t.name | upper_first }}{%- when "pointer" -%}*{% render "typeref", t: t.elem %}{%- when "slice" -%}[]{% render "typeref", t: t.elem %}{%- endcase -%}',
  assigns: "{% assign inner = 'in' %}{{ inner }}",
  loop: "{% for i in items %}{{ forloop.index }}{{ i }}{% endfor %}",
  advance: "{% if l.next %}{% endif %}{{ l.index }}",
};

/** Templates the compiled form must render exactly as liquidjs. */
const SAME: string[] = [
  // text, output, whitespace control
  "plain text",
  "",
  "{{ s }}",
  "{{ n }}",
  "{{ f }}",
  "{{ t }}",
  "{{ no }}",
  "{{ z }}",
  "{{ list }}",
  "{{ nested }}",
  "{{ none }}",
  "{{ obj }}",
  "a {{- s -}} b",
  "a\n  {%- if t %}\n x {% endif -%}\n b",
  "{{ 'lit' }}{{ 42 }}{{ 1.25 }}{{ true }}{{ nil }}{{ empty }}",
  // property access
  "{{ o.k }}",
  "{{ o['k'] }}",
  "{{ o[key] }}",
  "{{ o.inner.deep }}",
  "{{ list[0] }}{{ list[-1] }}{{ list[idx] }}",
  "{{ list.size }}",
  "{{ s.size }}",
  "{{ o.size }}",
  "{{ obj.size }}",
  "{{ list.first }}{{ list.last }}",
  "{{ o.first }}",
  "{{ people[0].name }}",
  "{{ people.first.tags.size }}",
  "{{ nested[0][1] }}",
  "{{ z.anything }}",
  "{{ 'str'.size }}",
  // filters (the engine's and liquidjs's)
  "{{ s | upcase }}",
  "{{ s | downcase | capitalize }}",
  "{{ list | join: ', ' }}",
  "{{ nums | sort | join }}",
  "{{ s | append: '!' | prepend: '>' }}",
  "{{ n | plus: 2 | times: 3 }}",
  "{{ s | replace: 'l', 'L' }}",
  "{{ s | remove_first: 'l' }}",
  "{{ 'a,b' | split: ',' | last }}",
  "{{ list | first }}",
  "{{ people | map: 'name' | join: '+' }}",
  "{{ people | where_exp: 'p', 'p.age > 26' | map: 'name' }}",
  "{{ s | pascal }}{{ 'user_id' | camel }}{{ 'UserID' | snake }}",
  "{{ 'ab' | upper_first }}",
  "{{ list | json }}",
  "{{ o | json }}",
  "{{ s | regex_replace: '[lo]', '' }}",
  "{{ missing | default: 'dflt' }}",
  "{{ z | default: 'dflt' }}",
  "{{ empty | default: 'dflt' }}",
  "{{ no | default: 'dflt', allow_false: true }}",
  "{{ list | size }}",
  "{{ s | slice: 1, 3 }}",
  "{{ 'a b' | url_encode }}",
  "{{ '<b>' | escape }}",
  // conditions: truthiness, lenient reads, operators
  "{% if t %}y{% endif %}",
  "{% if zero %}y{% else %}n{% endif %}",
  "{% if empty %}y{% else %}n{% endif %}",
  "{% if none %}y{% else %}n{% endif %}",
  "{% if z %}y{% else %}n{% endif %}",
  "{% if missing %}y{% else %}n{% endif %}",
  "{% if o.missing.deeper %}y{% else %}n{% endif %}",
  "{% if missing == nil %}nil{% endif %}",
  "{% if o.missing != '' %}ne{% endif %}",
  "{% if n > 2 and s == 'Hello' %}y{% endif %}",
  "{% if n < 2 or t %}y{% endif %}",
  "{% if not t %}y{% else %}n{% endif %}",
  "{% if s contains 'ell' %}y{% endif %}",
  "{% if list contains 'b' %}y{% endif %}",
  "{% if nums contains 2 %}y{% endif %}",
  "{% if n >= 3 %}ge{% endif %}{% if n <= 3 %}le{% endif %}",
  "{% if s > 'A' %}gt{% endif %}",
  "{% if n == '3' %}eq{% else %}ne{% endif %}",
  "{% if list == list %}same{% endif %}",
  "{% if none == empty %}e{% endif %}{% if empty == blank %}b{% endif %}",
  "{% if z == nil %}n{% endif %}{% if zero == nil %}z{% endif %}",
  "{% if n == 1 %}1{% elsif n == 3 %}3{% else %}x{% endif %}",
  "{% if t and no or t %}y{% endif %}",
  "{% if list.size > 2 %}big{% endif %}",
  "{% if people[0].boss %}boss{% endif %}{% if people[1].boss %}boss2{% endif %}",
  "{% unless t %}u{% else %}e{% endunless %}",
  "{% unless no %}u{% endunless %}",
  "{% unless t %}a{% elsif n == 3 %}b{% else %}c{% endunless %}",
  "{% unless missing %}m{% endunless %}",
  // case: every matching branch renders
  "{% case s %}{% when 'Hello' %}h{% when 'x', 'Hello' %}again{% else %}e{% endcase %}",
  "{% case n %}{% when 1 or 3 %}odd{% endcase %}",
  "{% case missing %}{% when nil %}nil{% else %}e{% endcase %}",
  "{% case n %}{% when 5 %}5{% else %}other{% endcase %}",
  "{% case list %}{% when list %}self{% endcase %}",
  // for loops
  "{% for i in list %}{{ i }}{% endfor %}",
  "{% for i in list %}{{ forloop.index }}:{{ forloop.index0 }}:{{ forloop.rindex }}:{{ forloop.rindex0 }}:{{ forloop.first }}:{{ forloop.last }}:{{ forloop.length }} {% endfor %}",
  "{% for i in list %}{{ forloop }}{% endfor %}",
  "{% for i in none %}x{% else %}empty{% endfor %}",
  "{% for i in s %}[{{ i }}]{% endfor %}",
  "{% for i in empty %}x{% else %}e{% endfor %}",
  "{% for pair in obj %}{{ pair[0] }}={{ pair[1] }};{% endfor %}",
  "{% for i in (1..3) %}{{ i }}{% endfor %}",
  "{% for i in (n..5) %}{{ i }}{% endfor %}",
  "{% for p in people %}{% for t in p.tags %}{{ p.name }}{{ t }}{% endfor %}{% endfor %}",
  "{% for i in list %}{% for j in nums %}{{ forloop.index }}{% endfor %}{{ forloop.index }}|{% endfor %}",
  "{% for s in list %}{{ s }}{% endfor %}{{ s }}",
  "{% for x in (1..3) %}{% if forloop.next %}{% endif %}{{ forloop.index }}{% endfor %}",
  "{% for x in (1..3) %}{% assign n = forloop.next %}{{ forloop.index }}{% endfor %}",
  '{% for x in (1..2) %}{% render "advance", l: forloop %}{% endfor %}',
  "{% for x in (1..3) %}{{ forloop.next | default: '-' }}{{ forloop.index }}{% endfor %}",
  "{% for i in n %}{{ i }}{% endfor %}",
  "{% for i in list %}{% assign last = i %}{% endfor %}{{ last }}",
  // assign and capture
  "{% assign x = s | upcase %}{{ x }}",
  "{% assign x = missing %}[{{ x }}]",
  "{% assign x = o.missing.deeper %}[{{ x }}]",
  "{% assign s = 'shadow' %}{{ s }}",
  "{% capture c %}a{{ n }}b{% endcapture %}{{ c }}{{ c.size }}",
  "{% assign list2 = list | reverse %}{{ list2 | join }}{{ list | join }}",
  "{% for i in list %}{% assign x = i %}{% endfor %}{{ x }}",
  "{% capture s %}cap{% endcapture %}{{ s }}",
  // comments
  "a{% comment %}{{ missing }}{% endcomment %}b",
  "a{% # note %}b",
  // partials
  '{% render "greet", who: s %}',
  '{% render "greet", who: s, extra: n %}',
  '{% render "scope", x: 1 %}',
  '{% render "typeref", t: type %}',
  '{% render "assigns" %}{% if inner %}leaked{% else %}kept{% endif %}',
  '{% render "loop", items: list %}',
  '{% for p in people %}{% render "greet", who: p.name %};{% endfor %}',
  '{% render "greet", who: "x", extra %}',
];

/** Templates the compiled form declines (liquidjs renders them): unsupported tags, or errors. */
const DECLINES: string[] = [
  "{{ missing }}",
  "{{ o.missing }}",
  "{{ o.inner.missing }}",
  "{{ list[9] }}",
  "{{ s.toString }}",
  "{{ obj.constructor }}",
  "{{ missing | upcase }}",
  "{{ s | append: missing }}",
  "{% for i in missing.deeper %}x{% endfor %}",
  "{% for i in list limit: 2 %}{{ i }}{% endfor %}",
  "{% for i in list %}{% break %}{% endfor %}",
  "{% for i in list %}{{ forloop.next }}{% endfor %}",
  "{% raw %}{{ x }}{% endraw %}",
  "{% increment c %}",
  "{% liquid echo s %}",
  '{% include "greet" %}',
  '{% render "nowhere" %}',
  '{% render "greet" with s as who %}',
  '{% render "greet" %}',
  "{% for forloop in (1..2) %}{{ forloop }}{% endfor %}",
  "{{ iter }}",
  "{% if iter %}y{% endif %}",
  "{% if s == missing.x %}y{% endif %}{{ missing }}",
  "{% cycle 'a', 'b' %}",
  "{{ people | where: 'boss' | map: 'name' }}",
  "{% for i in missing %}x{% else %}nothing{% endfor %}",
  "{% for i in list %}{% endfor %}{{ i }}x",
];

const pair = new LiquidPair(partials);

test("compiled templates give liquidjs's text", () => {
  const wrong: string[] = [];
  for (const source of SAME) {
    const r = pair.render(source, data);
    if (!r.liquid.ok) wrong.push(`liquidjs fails on ${source}: ${r.liquid.error}`);
    else if (JSON.stringify(r.compiled) !== JSON.stringify(r.liquid))
      wrong.push(`${source}: compiled ${JSON.stringify(r.compiled)}, liquidjs ${JSON.stringify(r.liquid)}`);
  }
  assert.equal(wrong, []);
});

test("what is not compiled, or fails, is declined: liquidjs renders it", () => {
  const wrong = DECLINES.map((source) => ({ source, r: pair.render(source, data) }))
    .filter(({ r }) => r.compiled !== "unsupported" && r.compiled.ok)
    .map(({ source, r }) => `${source}: ${JSON.stringify(r)}`);
  assert.equal(wrong, []);
});

test("a compiled render leaves the caller's scope as it was", () => {
  const scope = { s: "x", list: [1, 2] };
  const before = JSON.stringify(scope);
  pair.render("{% assign s = 'y' %}{% capture list %}c{% endcapture %}{% for i in list %}{% endfor %}", scope);
  assert.is(JSON.stringify(scope), before);
});

test("Renderer: an error in a compiled template is liquidjs's error, at the template's line", async () => {
  const dir = mkdtempSync(join(tmpdir(), "codegen-liquid-"));
  try {
    mkdirSync(join(dir, "sub"));
    writeFileSync(join(dir, "sub", "t.liquid"), "line one\n{{ item.name }}\n{{ item.missing }}\n");
    const renderer = new Renderer([dir]);
    assert.is(await renderer.renderFile("sub/t.liquid", { item: { name: "n", missing: "m" } }), "line one\nn\nm\n");
    const error = await renderer.renderFile("sub/t.liquid", { item: { name: "n" } }).then(
      () => null,
      (e: Error) => e,
    );
    assert.ok(error, "a missing property fails");
    assert.match(error!.message, /undefined variable: item\.missing, line:3, col:4/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

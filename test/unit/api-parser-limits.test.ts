/**
 * Inputs the reader's pre-scan reads otherwise than the parser (a string or a tag across lines,
 * `'` or `//` inside a bare value), comments inside type expressions and a route's `;` after a
 * comment: each is a diagnostic or a formatted file, never a crash (exit 70).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseOrDiagnose } from "../../engine/descriptors/api/syntax.js";
import { formatApiSource } from "../../engine/descriptors/api/format.js";

const stars = "*".repeat(200_000);

test("type prefixes past the pre-scan are refused where the parser stops, not by the stack", () => {
  for (const text of [
    `info(title: "a\nb") type A ${stars}int\n`,
    `info(title: don't) type A ${stars}int\n`,
    `info(u: http://x) type A ${stars}int\n`,
    `type B {\n X int \`a\nb\`; Y ${stars}int\n}\n`,
  ]) {
    const r = parseOrDiagnose(text, "x.api");
    assert.ok("diagnostic" in r, text.slice(0, 30));
    if ("diagnostic" in r) {
      assert.is(r.diagnostic.code, "API_TOO_DEEP");
      assert.match(r.diagnostic.message, /nested deeper than 1000 levels|more than 32 type prefixes/);
    }
  }
});

test("a comment after [], [N] or * in a type stays in place when formatted, and formatting again changes nothing", () => {
  const text =
    'syntax = "v1"\n\ntype A {\n\tL [] /*c*/ string\n\tP * /*d*/ int\n\tX [3] /*e*/ int\n}\n\ntype U = []/*f*/int\n';
  const once = formatApiSource(text, "x.api");
  assert.ok("text" in once, JSON.stringify(once));
  if (!("text" in once)) return;
  for (const c of ["/*c*/", "/*d*/", "/*e*/", "/*f*/"]) assert.ok(once.text.includes(c), c);
  const twice = formatApiSource(once.text, "x.api");
  assert.equal(twice, { text: once.text });
});

test("a route's ; may follow on a later line, but not after a comment that belongs to the next route", () => {
  const plain = formatApiSource(
    'syntax = "v1"\nservice x-api {\n\t@handler a\n\tget /a\n\t;\n\t@handler b\n\tget /b\n}\n',
    "x.api",
  );
  assert.ok("text" in plain);
  const commented = parseOrDiagnose(
    'syntax = "v1"\nservice x-api {\n\t@handler a\n\tget /a // t\n\t/* c */\n;\t@handler b\n\tget /b\n}\n',
    "x.api",
  );
  assert.ok("diagnostic" in commented && commented.diagnostic.code === "API_SYNTAX");
});

test("a character outside the basic plane is named whole in a syntax error", () => {
  const r = parseOrDiagnose("type A {\n\tX \u{1f600} int\n}\n", "x.api");
  assert.ok("diagnostic" in r);
  if ("diagnostic" in r) assert.match(r.diagnostic.message, /^unexpected "\u{1f600}";/u);
});

test("a member named like a keyword is the body's own, not a missing }", () => {
  for (const text of ['type A {\n\tinfo string `json:"info"` x\n}\n', "type A {\n\ttype int int\n}\n"]) {
    const r = parseOrDiagnose(text, "x.api");
    assert.ok("diagnostic" in r);
    if ("diagnostic" in r) {
      assert.is(r.diagnostic.code, "API_SYNTAX");
      assert.not.match(r.diagnostic.message, /missing "\}"/);
      assert.is(r.diagnostic.span?.line, 2);
    }
  }
});

test("with CR line ends, a missing } is said at the next declaration's line", () => {
  const r = parseOrDiagnose("type R {\r\tName string\r\ttype Other {\r}\rtype S {}\r", "x.api");
  assert.ok("diagnostic" in r);
  const r2 = parseOrDiagnose("type R {\r\tName string\rtype S {}\r", "x.api");
  assert.ok("diagnostic" in r2);
  if ("diagnostic" in r2) {
    assert.match(r2.diagnostic.message, /^missing "\}": the body opened at 1:8/);
    assert.equal([r2.diagnostic.span?.line, r2.diagnostic.span?.column], [3, 1]);
  }
});

test.run();

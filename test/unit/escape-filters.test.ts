/** The escaping filters on the inputs that matter: what each output can never hold. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "yaml";
import {
  blockComment,
  cString,
  lineComment,
  mdCode,
  mdInline,
  propertyAccess,
  propertyKey,
  rawString,
  yamlString,
} from "../../engine/render/escape-filters.js";
import { filters } from "../../engine/render/index.js";

const test = suite("escape filters");
const hostile = 'a\nb\r\nc "q" `t` */ \\ \u0000 \u2028 \ufeff';

test("c_string: escapes, nothing raw that could end the literal or the line", () => {
  assert.is(cString(hostile), '"a\\nb\\r\\nc \\"q\\" `t` */ \\\\ \\u0000 \\u2028 \\ufeff"');
  assert.is(JSON.parse(cString(hostile)), hostile);
  assert.is(cString("\ud800x"), '"\\ufffdx"');
  assert.is(cString("😀"), '"😀"');
  assert.is((filters["quote"] as (s: unknown) => string)(hostile), cString(hostile));
});

test("line_comment: one line; block_comment: no end of comment", () => {
  assert.is(lineComment("a\nb\r\nc\u2028d\u0000e"), "a b c d\ufffde");
  assert.is(blockComment("x */ y\n*/"), "x * / y\n* /");
});

test("invisible format characters (bidi controls, zero-width, a byte order mark) are written as escapes by every filter", () => {
  const bidi = "a\u202eb\u2066c\u200bd\ufeffe\u200ff\u00adg";
  const escaped = "a\\u202eb\\u2066c\\u200bd\\ufeffe\\u200ff\\u00adg";
  assert.is(cString(bidi), `"${escaped}"`);
  assert.is(JSON.parse(cString(bidi)), bidi, "the same text read back");
  assert.is(lineComment(bidi), escaped);
  assert.is(blockComment(bidi), escaped);
  assert.is(rawString(bidi), `"${escaped}"`);
  assert.is(parse(`k: ${yamlString(bidi)}\n`).k, bidi);
  assert.is(mdCode(bidi), `\`${escaped}\``);
  assert.is(propertyKey(bidi), `"${escaped}"`);
  assert.is((filters["json"] as (v: unknown) => string)({ [bidi]: bidi }), `{"${escaped}":"${escaped}"}`);
  // A pair of surrogates is one character, kept; a format character above U+FFFF (a flag's tag) too.
  assert.is(cString("😀\u{e0067}"), '"😀\u{e0067}"');
  assert.is(lineComment("😀\u200d😀"), "😀\\u200d😀");
});

test("raw_string: raw when it can be, a quoted literal otherwise", () => {
  assert.is(rawString('json:"a"'), '`json:"a"`');
  assert.is(rawString('json:"a`b"'), '"json:\\"a`b\\""');
  assert.is(rawString("a\nb"), '"a\\nb"');
  assert.is(rawString("a|b", "|"), '"a|b"');
});

test("yaml_string: YAML reads back the same text", () => {
  assert.is(parse(`k: ${yamlString(hostile)}\n`).k, hostile);
});

test("md_inline escapes markup; md_code keeps the text in one code span and one table cell", () => {
  assert.is(mdInline("a_b *c* [l](u) <b> | #"), "a\\_b \\*c\\* \\[l\\](u) \\<b\\> \\| \\#");
  assert.is(mdInline("- item\n1. x"), "\\- item 1. x");
  assert.is(mdInline("1. x"), "1\\. x");
  assert.is(mdCode("a`b"), "``a`b``");
  assert.is(mdCode("`x"), "`` `x ``");
  assert.is(mdCode("a|b\nc"), "`a\\|b c`");
  assert.is(mdCode(""), "");
});

test("property_key: bare identifier names, a literal otherwise, __proto__ computed", () => {
  assert.is(propertyKey("userId"), "userId");
  assert.is(propertyKey("$x_1"), "$x_1");
  assert.is(propertyKey("delete"), "delete", "reserved words are property names");
  assert.is(propertyKey("user-id"), '"user-id"');
  assert.is(propertyKey("1st"), '"1st"');
  assert.is(propertyKey(""), '""');
  assert.is(propertyKey("é"), '"é"');
  assert.is(propertyKey(hostile), cString(hostile));
  assert.is(propertyKey("__proto__"), '["__proto__"]');
  // Read back by JavaScript itself: each key names exactly the property it was given.
  for (const key of ["userId", "user-id", "1st", "", hostile, "__proto__", "constructor"]) {
    const made = new Function(`return { ${propertyKey(key)}: 1 };`)() as Record<string, unknown>;
    assert.equal(Object.keys(made), [key], key);
    assert.is(Object.getPrototypeOf(made), Object.prototype, key);
  }
});

test("property_access: .name for identifier names, [literal] otherwise", () => {
  assert.is(propertyAccess("userId"), ".userId");
  assert.is(propertyAccess("user-id"), '["user-id"]');
  assert.is(propertyAccess('a"]; x["'), '["a\\"]; x[\\""]');
  const object = { "user-id": 1, userId: 2, [hostile]: 3 };
  for (const [key, value] of Object.entries(object))
    assert.is(new Function("o", `return o${propertyAccess(key)};`)(object), value, key);
});

test.run();

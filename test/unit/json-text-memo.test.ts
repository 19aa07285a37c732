/** JsonTextMemo: one JSON text per object for a plan's cache keys, and the text a value was parsed from. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { JsonTextMemo } from "../../engine/plan/json-text-memo.js";

test("gives JSON.stringify's text, made once per object", () => {
  const json = new JsonTextMemo();
  const route = { path: "/a", tags: [1, 2], doc: null };
  assert.is(json.of(route), JSON.stringify(route));
  // The plan never changes a value once made; a change after the first text is not seen.
  route.path = "/b";
  assert.is(json.of(route), '{"path":"/a","tags":[1,2],"doc":null}');
  assert.is(new JsonTextMemo().of(route), '{"path":"/b","tags":[1,2],"doc":null}', "each plan has its own");
  assert.is(json.of(undefined), "null");
  assert.is(json.of("x"), '"x"');
  assert.is(json.of(3), "3");
});

test("a value parsed from a text keeps that text", () => {
  const json = new JsonTextMemo();
  const text = '{"b":1,"a":[{}]}';
  const value = JSON.parse(text) as object;
  json.parsedFrom(value, text);
  assert.is(json.of(value), text);
  json.parsedFrom("scalar", '"scalar"');
  assert.is(json.of("scalar"), '"scalar"');
});

test("throws as JSON.stringify does (a cycle), so callers fall back", () => {
  const loop: Record<string, unknown> = {};
  loop["self"] = loop;
  assert.throws(() => new JsonTextMemo().of(loop));
});

test.run();

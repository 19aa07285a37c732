/** Struct tags in .api files, read the way go vet's structtag check reads them. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readApi } from "../../engine/descriptors/api/index.js";
import type { Diagnostic } from "../../engine/diagnostics/index.js";
import { at, cleanup, project, rejectWith } from "./api-fixture.js";

const typeWith = (fields: string) => ({ "a.api": `type T {\n${fields}\n}` });

test("a space next to a comma in a json or xml value: a warning at the tag, and the tidied tag", async () => {
  const root = await project(typeWith('  A string `json:"userType, optional" form:"a"`\n  B int `xml:"b ,attr"`'));
  const warnings: Diagnostic[] = [];
  try {
    const ir = await readApi(["a.api"], { root, onWarning: (w) => warnings.push(w) });
    const fields = ir.types[0]?.fields ?? [];
    assert.is(fields[0]?.tag, 'json:"userType,optional" form:"a"');
    assert.equal(fields[0]?.tags[0]?.options, ["optional"]);
    assert.ok(fields[0]?.optional);
    assert.is(fields[1]?.tag, 'xml:"b,attr"');
  } finally {
    await cleanup(root);
  }
  assert.equal(
    warnings.map((w) => [w.code, at(w)]),
    [
      ["API_TAG_SPACE", "a.api:2:13"],
      ["API_TAG_SPACE", "a.api:3:10"],
    ],
  );
  assert.match(warnings[0]?.hint ?? "", 'write json:"userType,optional"');
});

test("tags go vet accepts are kept as written, with no warning", async () => {
  const root = await project(typeWith('  A string `json:"user type,optional"  form:"a, b"`'));
  const warnings: Diagnostic[] = [];
  try {
    const ir = await readApi(["a.api"], { root, onWarning: (w) => warnings.push(w) });
    assert.is(ir.types[0]?.fields[0]?.tag, 'json:"user type,optional"  form:"a, b"');
  } finally {
    await cleanup(root);
  }
  assert.equal(warnings, []);
});

test("bad syntax, an ambiguous space and repeated keys: API_INVALID_TAG at the descriptor", async () => {
  const ambiguous = await rejectWith("API_INVALID_TAG", typeWith('  A string `json:"a,omit empty"`'));
  assert.is(at(ambiguous), "a.api:2:19");
  assert.match(ambiguous.message, "suspicious space");
  const joined = await rejectWith("API_INVALID_TAG", typeWith('  A string `json:"a"form:"b"`'));
  assert.match(joined.message, "separated by spaces");
  assert.is(at(joined), "a.api:2:21");
  const tab = await rejectWith("API_INVALID_TAG", typeWith('  A string `json:"a"\tform:"b"`'));
  assert.match(tab.message, "separated by spaces");
  const badEscape = await rejectWith("API_INVALID_TAG", typeWith('  A string `json:"a\\q"`'));
  assert.match(badEscape.message, "not a valid Go string");
  const key = await rejectWith("API_INVALID_TAG", typeWith('  A string `json:"a" json:"b"`'));
  assert.match(key.message, "tag key json is repeated");
});

test.run();

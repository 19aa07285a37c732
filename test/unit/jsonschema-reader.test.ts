/** The JSON Schema reader: structure, positions, required flags, keywords by JSON Pointer, and its refusals. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readJsonSchema } from "../../engine/descriptors/jsonschema/index.js";
import { CodegenError, type Diagnostic } from "../../engine/diagnostics/index.js";
import { scratch } from "../support/paths.js";

const test = suite("JSON Schema reader");
const dir = scratch("jsonschema-reader");
mkdirSync(join(dir, "desc"), { recursive: true });

async function read(text: string, warnings: Diagnostic[] = []) {
  const file = join(dir, "desc/user.schema.json");
  writeFileSync(file, text);
  return readJsonSchema([file], { root: dir, onWarning: (w) => warnings.push(w) });
}

async function refusal(text: string): Promise<string[]> {
  try {
    await read(text);
  } catch (e) {
    if (e instanceof CodegenError)
      return e.diagnostics.map((d) => `${d.span?.line}:${d.span?.column} ${d.code} ${d.message}`);
    throw e;
  }
  throw new Error("read without a diagnostic");
}

test("properties in order, required flags, nested items, keywords with their positions", async () => {
  const ir = await read(
    '{\n  "bsonType": "object",\n  "required": ["b"],\n  "properties": {\n    "b": {"type": "string"},\n    "a": {"bsonType": "array", "items": {"bsonType": "int"}}\n  },\n  "x-indexes": [{"key": {"a/b~": -1}}]\n}\n',
  );
  const doc = ir.documents[0]!;
  assert.is(doc.file, "desc/user.schema.json");
  assert.is(doc.name, "user.schema");
  assert.equal(
    doc.schema.properties.map((p) => [p.name, p.required, p.pos.line, p.pos.column]),
    [
      ["b", true, 5, 5],
      ["a", false, 6, 5],
    ],
  );
  assert.equal(doc.schema.properties[1]!.schema.items?.keywords, { bsonType: "int" });
  assert.equal(doc.schema.keywords, { bsonType: "object", "x-indexes": [{ key: { "a/b~": -1 } }] });
  assert.equal(doc.schema.keywordPos["x-indexes/0/key/a~1b~0"], { file: "desc/user.schema.json", line: 8, column: 34 });
});

test("a required name no property has is a warning", async () => {
  const warnings: Diagnostic[] = [];
  await read('{"required": ["nope"], "properties": {}}', warnings);
  assert.equal(
    warnings.map((w) => `${w.span?.line}:${w.span?.column} ${w.code}`),
    ["1:15 JSONSCHEMA_REQUIRED_UNKNOWN"],
  );
});

test("refusals name the line and column", async () => {
  assert.equal(await refusal('{\n  "a": 1,\n}'), [
    '3:1 JSON_SYNTAX unexpected "}"; expected a member name in double quotes',
  ]);
  assert.equal(await refusal('{"a": 1, "a": 2}'), ['1:10 JSON_DUPLICATE_KEY "a" is given twice in one object']);
  assert.equal(await refusal(`${"[".repeat(100)}${"]".repeat(100)}`), [
    "1:65 JSON_TOO_DEEP nesting deeper than 64 levels; codegen reads at most that much",
  ]);
  assert.equal(await refusal('{"properties": {"a": 3}}'), [
    '1:22 JSONSCHEMA_STRUCTURE property "a" must be a schema (a JSON object), not a number',
  ]);
  assert.equal(await refusal('{"required": "a"}'), [
    "1:14 JSONSCHEMA_STRUCTURE required must be a list of property names, not a string",
  ]);
  assert.equal(await refusal("[]"), [
    "1:1 JSONSCHEMA_STRUCTURE the document must be a schema (a JSON object), not a list",
  ]);
  assert.equal(await refusal('"\\x"'), ["1:2 JSON_SYNTAX unknown escape \\x"]);
  assert.equal(await refusal('{"a": 1e999}'), ["1:7 JSON_SYNTAX 1e999 is out of range"]);
});

test("a member named __proto__ is a keyword like any other", async () => {
  const ir = await read('{"__proto__": {"polluted": true}, "properties": {"__proto__": {}}}');
  assert.equal(Object.keys(ir.documents[0]!.schema.keywords), ["__proto__"]);
  assert.is(({} as Record<string, unknown>)["polluted"], undefined);
  assert.is(ir.documents[0]!.schema.properties[0]!.name, "__proto__");
});

test.run();

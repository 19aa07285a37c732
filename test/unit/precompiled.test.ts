/**
 * What the build compiles ahead of time (engine/precompile.ts): every shipped schema's validator,
 * matching its text (a stale one is not used), and a run-time schema's code kept in the cache.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { cachedValidator, precompiled } from "../../engine/schema/compiled.js";
import { compiledFrom, compileSchema, schemaPath, schemasDir } from "../../engine/schema/index.js";
import { scratch } from "../support/paths.js";
import { join } from "node:path";

const test = suite("precompiled schemas");

test("npm run build leaves a validator for every schema, stamped with all it was compiled from", () => {
  for (const name of readdirSync(schemasDir).filter((f) => f.endsWith(".schema.json"))) {
    assert.ok(precompiled(name, compiledFrom(name)), `no current precompiled validator for ${name}`);
    assert.not.ok(
      precompiled(name, `${compiledFrom(name)} `),
      `a validator compiled from something else is used for ${name}`,
    );
  }
  // ir.schema.json refers to ir-proto.schema.json: editing the latter makes the former stale.
  assert.ok(compiledFrom("ir.schema.json").includes(readFileSync(schemaPath("ir-proto.schema.json"), "utf8")));
  const rules = precompiled("rules.schema.json", compiledFrom("rules.schema.json"))!;
  assert.ok(rules([{ name: "a", path: "x", template: "t.liquid" }]));
  assert.not.ok(rules([{ name: "a", path: "x", template: "t.liquid", colour: "red" }]));
  assert.is(rules.errors?.[0]?.keyword, "additionalProperties");
  assert.not.ok(
    rules([{ name: "a", path: "x", template: "t.liquid", view: "../outside" }]),
    "a view name leaving the pack",
  );
});

test("a schema built at run time is compiled once, then loaded from the cache", async () => {
  const cache = scratch("validator-cache");
  process.env["CODEGEN_CACHE_DIR"] = cache;
  const schema = { type: "object", properties: { port: { type: "integer" } }, additionalProperties: false };
  const validate = await compileSchema(schema);
  assert.ok(validate({ port: 1 }));
  const kept = readdirSync(join(cache, "validators"));
  assert.is(kept.length, 1, "the validator's code is kept");
  const text = readFileSync(join(cache, "validators", kept[0]!), "utf8");
  assert.match(text, /"integer"/);
  const again = cachedValidator(
    `${JSON.stringify({ allErrors: true, strict: false, useDefaults: false, discriminator: true })}\0${JSON.stringify(schema)}`,
  );
  assert.ok(again, "a later run loads it");
  assert.ok(again({ port: 8001 }));
  assert.not.ok(again({ port: "x" }));
});

test.run();

/**
 * The IR's TypeScript types (engine/ir/ir.ts, engine/ir/proto.ts) are generated from its JSON
 * Schemas by scripts/ir-types.mjs: the checked-in files are what the schemas give, byte for
 * byte, and the generator follows the schema (a new property, an optional one, a doc comment)
 * and refuses a keyword it would drop.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("IR types from the schemas");
const script = join(repoRoot, "scripts/ir-types.mjs");

type Generate = (schemasDir?: string) => Array<[string, string]>;
const { irTypes } = (await import(pathToFileURL(script).href)) as { irTypes: Generate };

/** The generated modules for a copy of schemas/ with `edit` applied to ir.schema.json. */
function generatedWith(
  edit: (schema: { definitions: Record<string, { properties: Record<string, object>; required: string[] }> }) => void,
): Map<string, string> {
  const dir = scratch("ir-schemas");
  cpSync(join(repoRoot, "schemas"), dir, { recursive: true });
  const schema = JSON.parse(readFileSync(join(dir, "ir.schema.json"), "utf8"));
  edit(schema);
  writeFileSync(join(dir, "ir.schema.json"), JSON.stringify(schema));
  return new Map(irTypes(dir));
}

test("the checked-in types are what the schemas give (npm run ir-types writes them)", () => {
  for (const [path, text] of irTypes()) assert.fixture(readFileSync(join(repoRoot, path), "utf8"), text, path);
  const r = spawnSync(process.execPath, [script, "--check"], { cwd: repoRoot, encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
});

test("a property added to a definition is in its type, with its description", () => {
  const out = generatedWith((s) => {
    s.definitions["sqlIndex"]!.properties["where"] = {
      type: ["string", "null"],
      description: "The partial index's condition.",
    };
    s.definitions["sqlIndex"]!.required.push("where");
  });
  assert.match(
    out.get("engine/ir/ir.ts")!,
    /export interface SqlIndex \{[^}]*\/\*\* The partial index's condition\. \*\/\n  where: string \| null;/,
  );
});

test("a property left out of required is optional", () => {
  const out = generatedWith((s) => {
    s.definitions["sqlIndex"]!.required = ["name", "columns"];
  });
  assert.match(out.get("engine/ir/ir.ts")!, /export interface SqlIndex \{[^}]*\n  unique\?: boolean;/);
});

test("a map of any JSON values (facts by name) and a value of any kind", () => {
  const out = generatedWith((s) => {
    s.definitions["sqlIndex"]!.properties["facts"] = {
      type: "object",
      additionalProperties: {},
      description: "Facts by name.",
    };
    s.definitions["sqlIndex"]!.properties["value"] = {};
  });
  assert.match(
    out.get("engine/ir/ir.ts")!,
    /export interface SqlIndex \{[^}]*\n  facts\?: Record<string, unknown>;\n  value\?: unknown;/,
  );
});

test("a keyword the types cannot say is refused, not dropped", () => {
  assert.throws(
    () =>
      generatedWith((s) => {
        s.definitions["sqlIndex"]!.properties["name"] = { type: "string", pattern: "^[a-z]+$" };
      }),
    /"pattern" is a keyword scripts\/ir-types\.mjs does not turn into a type/,
  );
});

test.run();

/**
 * Fuzzing the JSON Schema reader: mutated schema documents must be read or refused with
 * diagnostics inside the input, and the JSON parser under it must agree with JSON.parse on
 * every text (same value, or both refuse), except where it refuses on purpose: a member name
 * given twice in one object, nesting past its limit, a number past a double's range. Seeds: harness.ts (fixed in npm test).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseJson, readJsonSchema } from "../../engine/descriptors/jsonschema/index.js";
import { JsonSyntaxError, plain } from "../../engine/descriptors/jsonschema/json.js";
import { repoRoot, scratch } from "../support/paths.js";
import { fuzzReader, fuzzSeeds, mutatedText, RUNS } from "./harness.js";

const test = suite(`fuzz: ${RUNS} JSON Schema documents`);
const dir = scratch("fuzz-jsonschema");
mkdirSync(join(dir, "desc/mongo"), { recursive: true });
const seeds = [
  "mongo-model/input/desc/mongo/user.json",
  "mongo-model/input/desc/mongo/post.json",
  "mongo-model-cache/input/desc/mongo/account.json",
].map((f) => readFileSync(join(repoRoot, "test/golden/cases", f), "utf8"));
const tokens = [
  "{",
  "}",
  "[",
  "]",
  ",",
  ":",
  '"',
  "\\",
  "\\u00",
  "-",
  "0",
  "1e999",
  "-0.5e+2",
  "true",
  "null",
  '"properties": {',
  '"required": [',
  '"items": ',
  '"x-indexes": [{"key": {"a": 1}}]',
  '"a": 1, "a": 2',
  "\n",
  "\uFEFF",
  "\u0000",
  "\u2028",
];

test("the reader reads or refuses with positions inside the input", async () => {
  const file = join(dir, "desc/mongo/fuzz.json");
  const failure = await fuzzReader("jsonschema", mutatedText(seeds, tokens), async (text) => {
    writeFileSync(file, text);
    return readJsonSchema([file], { root: dir });
  });
  assert.is(failure, null, failure ?? "");
});

test("the JSON parser agrees with JSON.parse", () => {
  for (const seed of fuzzSeeds()) {
    const result = fc.check(
      fc.property(
        fc.oneof(
          mutatedText(seeds, tokens),
          fc.json().map((j) => j),
        ),
        (text) => {
          let expected: { value: unknown } | null;
          try {
            expected = { value: JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) };
          } catch {
            expected = null;
          }
          try {
            const value = plain(parseJson(text));
            if (!expected) throw new Error(`accepted what JSON.parse refuses: ${JSON.stringify(text)}`);
            assert.equal(value, expected.value);
          } catch (e) {
            if (!(e instanceof JsonSyntaxError)) throw e;
            // A number past a double's range is refused on purpose (JSON.parse gives Infinity, which no JSON holds).
            if (expected && e.code === "JSON_SYNTAX" && !e.message.endsWith("is out of range"))
              throw new Error(`refused what JSON.parse reads (${e.message}): ${JSON.stringify(text)}`);
          }
        },
      ),
      { seed, numRuns: RUNS },
    );
    assert.ok(
      !result.failed,
      `seed ${seed}: ${result.counterexample ? JSON.stringify(result.counterexample) : ""} ${String(result.errorInstance ?? "")}`,
    );
  }
});

test.run();

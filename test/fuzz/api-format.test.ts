/**
 * Fuzzing the .api formatter over the texts the parser fuzz makes (real files mutated, texts
 * generated from the language's forms, as they are or mutated). On a text that parses, the formatted
 * text parses to the same statements (positions aside, `syntax`, `info` and imports moved
 * first), keeps every comment as the reader reads it (whose doc or trailing comment it is),
 * and formatting it again changes nothing. On a text that does not parse, a diagnostic.
 * `npm test` runs fixed seeds, `npm run fuzz` a random one (see harness.ts).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { apiModule } from "../bench/goctl-inputs.js";
import { generatedApi } from "./api-gen.js";
import { apiEdgeCases } from "../support/api-edge-cases.js";
import { checkFormat } from "../support/api-format.js";
import { repoRoot } from "../support/paths.js";
import { smallApi } from "../support/project.js";
import { fuzzSeeds, mutatedText, RUNS } from "./harness.js";

const test = suite(`fuzz: .api formatter, ${RUNS * 2} inputs`);
const seed = (rel: string): string => readFileSync(join(repoRoot, rel), "utf8");

const seeds = [
  smallApi,
  apiModule(3, 2),
  seed("test/golden/cases/api-basic/input/desc/api/notes.api"),
  seed("test/golden/cases/api-import-scope/input/desc/api/order/order_main.api"),
  seed("test/fixtures/e2e/shop/desc/api/shop.api"),
  seed("test/golden/cases/format-comments/input/desc/api/comments.api"),
  ...Object.values(apiEdgeCases).filter((t) => t.length > 40),
];
const tokens = [
  "{",
  "}",
  "(",
  ")",
  '"',
  "`",
  "//",
  "/*",
  "*/",
  "\n",
  "\n\n",
  "\r\n",
  "\r",
  "\t",
  " ",
  ";",
  ":",
  "=",
  "@doc",
  "@doc(",
  "@handler h",
  "@server(",
  "returns",
  "*",
  "[]",
  "map[string]",
  "struct",
  "type",
  "import",
  "syntax",
  "info(",
  "service",
  "X int",
  "// c\n",
  "/* c */",
  "; // c\n",
  "\u00a0",
];

for (const SEED of fuzzSeeds()) {
  test(`the formatted text means the same and is a fixed point (seed ${SEED})`, () => {
    let parsed = 0;
    let refused = 0;
    const result = fc.check(
      fc.property(fc.oneof(mutatedText(seeds, tokens), generatedApi, mutatedText(generatedApi, tokens)), (text) => {
        if (checkFormat(text)) parsed++;
        else refused++;
      }),
      { numRuns: RUNS * 2, seed: SEED, endOnFailure: true },
    );
    assert.not.ok(
      result.failed,
      `FUZZ_SEED=${SEED}: ${fc.defaultReportMessage(result)}\n${String(result.errorInstance)}`,
    );
    assert.ok(
      parsed > RUNS / 10 && refused > RUNS / 20,
      `only ${parsed} inputs parsed and ${refused} refused: the inputs miss one side`,
    );
  });
}

test("every edge case of the language", () => {
  for (const [name, text] of Object.entries(apiEdgeCases)) {
    try {
      checkFormat(text);
    } catch (e) {
      assert.unreachable(`${name}: ${(e as Error).message}`);
    }
  }
});

test.run();

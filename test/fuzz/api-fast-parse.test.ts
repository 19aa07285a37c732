/**
 * Fuzzing the hand-written .api parser (fast-parse.ts) against ohm: real files mutated, and
 * texts generated from the grammar, as they are or mutated. On each input, when the fast parser gives statements they
 * are ohm's, exactly; when ohm fails, the fast parser gives null. It is a transcription of the
 * grammar, so it also must not give up on an input ohm parses (that would only cost time).
 * `npm test` runs fixed seeds, `npm run fuzz` a random one (see harness.ts); FUZZ_SEED=<n> repeats a run, FUZZ_RUNS=<n> changes its size (five times that many inputs here).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fastParse } from "../../engine/descriptors/api/fast-parse.js";
import { tooDeep } from "../../engine/descriptors/nesting.js";
import { apiModule } from "../bench/goctl-inputs.js";
import { generatedApi } from "./api-gen.js";
import { apiEdgeCases } from "../support/api-edge-cases.js";
import { cleanText, firstDifference, ohmStatements } from "../support/api-parsers.js";
import { repoRoot } from "../support/paths.js";
import { smallApi } from "../support/project.js";
import { fuzzSeeds, mutatedText, RUNS } from "./harness.js";

const test = suite(`fuzz: fast .api parser against ohm, ${RUNS * 5} inputs`);
const seed = (rel: string): string => readFileSync(join(repoRoot, rel), "utf8");

const seeds = [
  smallApi,
  apiModule(3, 2),
  seed("test/golden/cases/api-basic/input/desc/api/notes.api"),
  seed("test/golden/cases/api-import-scope/input/desc/api/order/order_main.api"),
  seed("test/fixtures/e2e/shop/desc/api/shop.api"),
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
  "returns ()",
  "*",
  "[]",
  "[...]",
  "[7]",
  "map[",
  "map[string]",
  "interface{}",
  "struct",
  "\\",
  "get /",
  "/:id",
  "type",
  "import",
  "syntax",
  "info(",
  "service",
  "X int",
  "\u0000",
  "\f",
  "\u00a0",
];

for (const SEED of fuzzSeeds()) {
  test(`gives ohm's statements or null, and null exactly where ohm fails (seed ${SEED})`, () => {
    let accepted = 0;
    let refused = 0;
    const result = fc.check(
      fc.property(fc.oneof(mutatedText(seeds, tokens), generatedApi, mutatedText(generatedApi, tokens)), (text) => {
        const clean = cleanText(text);
        if (tooDeep(clean)) return;
        const fast = fastParse(clean);
        const ohm = ohmStatements(clean);
        if (ohm === null) {
          refused++;
          if (fast !== null) throw new Error("the fast parser accepts what ohm refuses");
          return;
        }
        accepted++;
        if (fast === null) throw new Error("the fast parser gives up on a file ohm parses");
        const difference = firstDifference(fast, ohm);
        if (difference) throw new Error(`the trees differ at ${difference}`);
      }),
      { numRuns: RUNS * 5, seed: SEED, endOnFailure: true },
    );
    assert.not.ok(result.failed, `FUZZ_SEED=${SEED}: ${fc.defaultReportMessage(result)}`);
    assert.ok(
      accepted > RUNS / 10 && refused > RUNS / 10,
      `only ${accepted} inputs parsed and ${refused} refused: the inputs miss one side`,
    );
  });
}

test.run();

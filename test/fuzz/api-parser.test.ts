/**
 * Fuzzing the .api parser: texts generated from the language's forms, mutated, and the edge
 * cases mutated. Whatever the input, the syntax stage gives a tree or a diagnostic (never an
 * exception); a tree's positions lie inside the text, its comments are those a scan of the text
 * finds (test/support/api-comments-oracle.ts); an API_SYNTAX diagnostic names what it
 * found and what it expected, at a position inside the text. `npm test` runs fixed seeds,
 * `npm run fuzz` a random one (harness.ts); FUZZ_SEED=<n> repeats a run, FUZZ_RUNS=<n> sizes it.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { parseOrDiagnose } from "../../engine/descriptors/api/syntax.js";
import { generatedApi } from "./api-gen.js";
import { scannedComments } from "../support/api-comments-oracle.js";
import { apiEdgeCases } from "../support/api-edge-cases.js";
import { firstDifference } from "../support/tree-difference.js";
import { fuzzSeeds, mutatedText, RUNS } from "./harness.js";

const test = suite(`fuzz: .api parser, ${RUNS * 3} inputs`);
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
  ";",
  ":",
  "=",
  "@doc",
  "@handler h",
  "@server(",
  "returns",
  "*",
  "[]",
  "map[",
  "struct",
  "get /",
  "type",
  "service",
  "X int",
];
const POSITIONS = new Set(["at", "end", "valueAt", "nameAt", "methodAt", "pathAt", "tagAt", "textAt", "docAt"]);

/** A position key of the tree outside [0, length], or null. */
function outside(v: unknown, length: number, key = ""): string | null {
  if (typeof v === "number") return POSITIONS.has(key) && (v < 0 || v > length) ? `${key} = ${v}` : null;
  if (typeof v !== "object" || v === null) return null;
  for (const [k, x] of Object.entries(v)) {
    const bad = outside(x, length, Array.isArray(v) ? key : k);
    if (bad) return bad;
  }
  return null;
}

for (const SEED of fuzzSeeds()) {
  test(`a tree or a worded diagnostic, never a crash (seed ${SEED})`, () => {
    let parsed = 0;
    let refused = 0;
    const seeds = Object.values(apiEdgeCases).filter((t) => t.length > 40);
    const inputs = fc.oneof(generatedApi, mutatedText(generatedApi, tokens), mutatedText(seeds, tokens));
    const result = fc.check(
      fc.property(inputs, (text) => {
        const r = parseOrDiagnose(text, "x.api");
        if ("ast" in r) {
          parsed++;
          const bad = outside(r.ast.statements, text.length);
          if (bad) throw new Error(`a position outside the text: ${bad}`);
          const difference = firstDifference(r.ast.comments, scannedComments(r.ast));
          if (difference) throw new Error(`the comments differ from a scan of the text at ${difference}`);
          return;
        }
        refused++;
        const d = r.diagnostic;
        const lines = text.split(/\r\n|\r|\n/).length;
        if (!d.span || d.span.line < 1 || d.span.line > lines || d.span.column < 1)
          throw new Error(`diagnostic outside the text: ${JSON.stringify(d.span)} ${d.code} ${d.message}`);
        if (d.code === "API_SYNTAX" && !/^(unexpected .+; expected .+|missing "}": )/.test(d.message))
          throw new Error(`a syntax message without what was found and expected: ${d.message}`);
      }),
      { numRuns: RUNS * 3, seed: SEED, endOnFailure: true },
    );
    assert.not.ok(result.failed, `FUZZ_SEED=${SEED}: ${fc.defaultReportMessage(result)}`);
    assert.ok(parsed > RUNS / 10 && refused > RUNS / 10, `only ${parsed} parsed and ${refused} refused`);
  });
}

test.run();

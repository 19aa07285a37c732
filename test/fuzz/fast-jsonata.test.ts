/**
 * Fuzzing the fast expression evaluator (engine/expression) against jsonata: expressions
 * generated from the grammar (jsonata-gen.ts) over a fixed set of realistic inputs (nested
 * objects, lists of objects, lists of lists, empty lists, nulls, a top-level list, scalars).
 * Whenever the fast evaluator gives a value it is jsonata's, sequence flags included at every
 * level; where jsonata fails it declines. A good share of the expressions must be ones it
 * handles, else the fuzz would pass by its declining everything.
 * `npm test` runs fixed seeds, `npm run fuzz` a random one (see harness.ts); FUZZ_SEED=<n> repeats a run, FUZZ_RUNS=<n> changes its size (that many expressions, each over
 * every input).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { compare } from "../support/jsonata-diff.js";
import { jsonataExpression } from "./jsonata-gen.js";
import { fuzzSeeds, RUNS } from "./harness.js";

/** Seeds that once found a mismatch (223738826: $reduce starting from a function). */
const FOUND = [223738826];

const INPUTS: [string, unknown][] = [
  [
    "shop",
    {
      name: "shop",
      s: "Hello World",
      n: 3,
      t: true,
      z: null,
      e: [],
      items: [
        { id: 1, name: "pen", price: 2.5, qty: 3, tags: ["a", "b"], o: { x: 1, y: "p" } },
        { id: 2, name: "ink", price: 10, qty: 0, tags: [] },
        { id: 3, name: "pad", price: -1, tags: ["b"], o: { x: 2 }, z: null },
        { id: 4, name: "Pen", price: 2.5, qty: 1, tags: "c" },
      ],
      o: { x: 1, y: "y", s: "a,b,,c", n: 0, t: false, z: null, e: [], p: { q: [1, 2, 3] }, nested: [[1, 2], [3], []] },
      tags: ["x"],
    },
  ],
  [
    "people",
    {
      people: [
        { name: "ann", age: 30, tags: ["x"], "first name": "Ann" },
        { name: "bob", age: 25, tags: ["y", "z"], boss: { name: "ann" } },
        { name: "cy", age: 30, tags: [] },
      ],
      a: [
        { b: 1, c: "x", d: [1, 2] },
        { b: 2, c: "y", d: [3] },
        { b: 3, d: [] },
      ],
      one: [{ b: 5, d: [7] }],
    },
  ],
  [
    "lists of lists",
    {
      a: [[1, 2], [3, [4, 5]], []],
      b: [[]],
      c: [[{ d: 1 }], [{ d: 2 }, { d: 3, e: [{ d: 4 }] }]],
      d: [1, "1", true, null, [1], { x: 1 }],
      e: [[["deep"]]],
      n: [3, 1, 2, 3],
    },
  ],
  [
    "numeric keys",
    {
      "200": { description: "ok", x: 1 },
      "404": { description: "missing" },
      default: { description: "error" },
      list: [
        { "1": "a", b: 2 },
        { b: 3, "0": "z" },
      ],
    },
  ],
  [
    "list of objects",
    [
      { a: 1, b: "x", name: "n1" },
      { a: 2, b: "y", c: [1, 2], name: "n2" },
      { a: 3, name: "n3", o: { x: 5 } },
    ],
  ],
  ["list of numbers", [3, 1, 2, 2.5, -1]],
  ["list of lists", [[1, 2], [3], [], [["x"]]]],
  ["list of strings", ["b", "a", "c", "a"]],
  ["singleton list", [{ a: [1], b: "x", name: "solo" }]],
  ["empty list", []],
  ["empty object", {}],
  ["string", "Hello World"],
  ["number", 5],
  ["true", true],
  ["null", null],
  ["no input", undefined],
];

/** Fresh for every evaluation: jsonata may flag or push into arrays it is given. */
const bindings = (): Record<string, unknown> => ({ k: "b", list: [3, 1, 2], one: ["solo"], obj: { a: 1, b: [1, 2] } });

const test = suite(
  `fuzz: fast jsonata evaluator against jsonata, ${RUNS} expressions over ${INPUTS.length} inputs each`,
);

for (const SEED of fuzzSeeds(FOUND)) {
  test(`gives jsonata's value or declines, and handles a good share (seed ${SEED})`, async () => {
    const sources = fc.sample(jsonataExpression, { numRuns: RUNS, seed: SEED });
    /** Mismatches by expression: the inputs and the first difference. */
    const mismatches = new Map<string, { labels: string[]; mismatch: string }>();
    let checked = 0;
    let handled = 0;
    let unparsed = 0;
    for (const source of sources) {
      for (const [label, input] of INPUTS) {
        let r: { fast: boolean; mismatch: string };
        try {
          r = await compare(source, input, bindings());
        } catch (e) {
          // A syntax error: jsonata compiles the expression before either evaluator runs.
          if ((e as { code?: string }).code?.startsWith("S")) {
            unparsed++;
            break;
          }
          r = { fast: true, mismatch: `compare threw: ${(e as Error).message}` };
        }
        checked++;
        if (r.fast) handled++;
        if (!r.mismatch) continue;
        const m = mismatches.get(source);
        if (m) m.labels.push(label);
        else mismatches.set(source, { labels: [label], mismatch: r.mismatch });
      }
    }
    const share = checked ? handled / checked : 0;
    const summary = `FUZZ_SEED=${SEED}: ${checked} evaluations of ${sources.length - unparsed} expressions (${unparsed} did not parse), ${(share * 100).toFixed(0)}% handled by the fast evaluator`;
    if (process.env["FUZZ_VERBOSE"]) console.log(summary);
    // The shortest first: they are the easiest to read.
    const listed = [...mismatches]
      .sort(([a], [b]) => a.length - b.length)
      .slice(0, 20)
      .map(([source, m]) => `${source}\n    over ${m.labels.join(", ")}: ${m.mismatch}`);
    assert.ok(mismatches.size === 0, `${summary}; ${mismatches.size} expressions mismatch:\n${listed.join("\n")}`);
    assert.ok(unparsed < sources.length / 10, `${summary}: the generator makes too many invalid expressions`);
    assert.ok(share >= 0.3, `${summary}: the fast evaluator declines too much for the fuzz to test it`);
  });
}

test.run();

/**
 * The escaping filters (engine/render/escape-filters.ts) over arbitrary text, read back by the
 * Go compiler: one Go program holds every string as a c_string and a raw_string literal, and
 * between them the same text as a line comment and a block comment. It must pass gofmt and
 * build (no text ended a literal or a comment early), and print back every string as it was
 * (a surrogate half, which is no character, as U+FFFD). A fixed seed: the same texts every run.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { blockComment, cString, lineComment, rawString } from "../../engine/render/escape-filters.js";
import { writeTree } from "../support/files.js";
import { run } from "../support/go.js";
import { scratch } from "../support/paths.js";

const SEED = Number(process.env["FUZZ_SEED"] ?? 25);
const hostile = [
  "\n",
  "\r",
  "\r\n",
  '"',
  "`",
  "*/",
  "/*",
  "//",
  "\\",
  "\u0000",
  "\u0085",
  "\u2028",
  "\u2029",
  "\ufeff",
  "\u007f",
  "\ud800",
  "\udfff",
  "\t",
  "\u001b",
  "\u202e",
  "\u2066",
  "\u200b",
  "\u{e0067}",
  "println(1)",
  "}",
];
const texts = fc
  .array(
    fc.oneof(
      fc.constantFrom(...hostile),
      fc.string({ unit: "binary", maxLength: 6 }),
      fc.string({ unit: "grapheme", maxLength: 4 }),
    ),
    { maxLength: 8 },
  )
  .map((parts) => parts.join(""));

/** The text a Go string can hold: surrogate halves (no character) become U+FFFD. */
const wellFormed = (s: string): string =>
  s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");

test(`escaped text reads back through the Go compiler unchanged (seed ${SEED})`, () => {
  const samples = fc.sample(texts, { seed: SEED, numRuns: 400 }).concat(hostile, [hostile.join("")]);
  const body = samples
    .map(
      (s, i) => `\t// ${lineComment(s)}\n\t/* ${blockComment(s)} */\n\t${cString(s)}, // ${i}\n\t${rawString(s, "`")},`,
    )
    .join("\n");
  const dir = writeTree(scratch("escape-fuzz"), {
    "go.mod": "module escapefuzz\n\ngo 1.21\n",
    "main.go": `package main\n\nimport (\n\t"encoding/json"\n\t"os"\n)\n\nvar values = []string{\n${body}\n}\n\nfunc main() {\n\t_ = json.NewEncoder(os.Stdout).Encode(values)\n}\n`,
  });
  run("gofmt", ["-e", "-l", "."], dir);
  const printed = JSON.parse(run("go", ["run", "."], dir)) as string[];
  assert.is(printed.length, samples.length * 2);
  samples.forEach((s, i) => {
    assert.is(printed[2 * i], wellFormed(s), `c_string of ${JSON.stringify(s)}`);
    assert.is(printed[2 * i + 1], wellFormed(s), `raw_string of ${JSON.stringify(s)}`);
  });
});

test("line_comment holds no line break, block_comment no end of comment, none a raw invisible format character", () => {
  const format = /[\u00ad\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\ufeff]/;
  for (const s of fc.sample(texts, { seed: SEED, numRuns: 2000 })) {
    assert.not.match(lineComment(s), /[\n\r\u000b\u000c\u0085\u2028\u2029]/, JSON.stringify(s));
    assert.not.ok(blockComment(s).includes("*/"), JSON.stringify(s));
    for (const out of [lineComment(s), blockComment(s), cString(s), rawString(s)])
      assert.not.match(out, format, JSON.stringify(s));
  }
});

test.run();

/**
 * The hand-written .api parser (fast-parse.ts) against ohm on the conformance corpus: every
 * .api file, and each case of the files that hold several between `-----` lines. It gives
 * ohm's statements exactly, and null only where ohm fails. Without the corpus there is nothing
 * to compare.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { apiFilesIn, compareParsers } from "../support/api-parsers.js";
import { corpusDir } from "../support/paths.js";

const test = suite("api fast parser on the corpus");

test("ohm's statements, and null only where ohm fails", () => {
  const files = apiFilesIn(corpusDir, corpusDir, "corpus");
  const cases = files.flatMap(([name, text]) => {
    const parts = text.split(/^-----[ \t]*\r?$/m).filter((p) => p.trim() !== "");
    return parts.length > 1 ? parts.map((p, i): [string, string] => [`${name}#${i + 1}`, p]) : [];
  });
  const { wrong, gaveUp } = compareParsers([...files, ...cases]);
  assert.equal(wrong, []);
  assert.equal(gaveUp, [], "files ohm parses that the fast parser leaves to ohm");
});

test.run();

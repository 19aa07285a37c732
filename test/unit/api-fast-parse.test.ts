/**
 * The hand-written .api parser (fast-parse.ts) against ohm, on every .api file the repository
 * holds (fixtures, golden cases, e2e inputs), the bench projects and the grammar's edge cases:
 * it gives ohm's statements exactly, and null only where ohm fails. (The conformance corpus
 * gets the same test in test/corpus/.) And when it reads a file, ohm is never loaded.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { writeApiProject } from "../bench/api-case.js";
import { writeGoctlApiProject } from "../bench/goctl-inputs.js";
import { apiEdgeCases } from "../support/api-edge-cases.js";
import { apiFilesIn, compareParsers } from "../support/api-parsers.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("api fast parser");

test("the bench projects: every file read by the fast parser, as ohm reads it", () => {
  const goctl = scratch("fast-parse-goctl");
  writeGoctlApiProject(goctl, 500, 50);
  const plain = scratch("fast-parse-bench");
  writeApiProject(plain, 500, 50);
  const files = [...apiFilesIn(goctl, goctl, "bench-goctl"), ...apiFilesIn(plain, plain, "bench")];
  assert.is(files.length, 101, "51 + 50 files");
  const { wrong, gaveUp, parsed } = compareParsers(files);
  assert.equal(wrong, []);
  assert.equal(gaveUp, []);
  assert.is(parsed, 101);
});

test("the repository's files and the edge cases: ohm's statements, and null only where ohm fails", () => {
  const inputs = [
    ...apiFilesIn(join(repoRoot, "test"), repoRoot, "repo"),
    ...Object.entries(apiEdgeCases).map(([n, t]): [string, string] => [`edge/${n}`, t]),
  ];
  const { wrong, gaveUp, parsed, refused } = compareParsers(inputs);
  assert.equal(wrong, []);
  assert.equal(gaveUp, [], "files ohm parses that the fast parser leaves to ohm");
  assert.ok(parsed > 50 && refused > 10, `${parsed} parsed, ${refused} refused: the inputs are not all there`);
});

test("a file the fast parser reads does not load ohm; one it cannot read does", () => {
  const syntax = pathToFileURL(join(repoRoot, "dist/engine/descriptors/api/syntax.js")).href;
  const script = `
    import { createRequire } from "node:module";
    const { parseOrDiagnose } = await import(${JSON.stringify(syntax)});
    const result = parseOrDiagnose(process.env.API_TEXT, "a.api");
    const loaded = Object.keys(createRequire(import.meta.url).cache).filter((f) => f.includes("ohm-js"));
    console.log(JSON.stringify({ parsed: "ast" in result, ohm: loaded.length > 0 }));`;
  const run = (text: string): unknown =>
    JSON.parse(
      execFileSync(process.execPath, ["--input-type=module", "-e", script], {
        env: { ...process.env, API_TEXT: text },
        encoding: "utf8",
      }),
    );
  assert.equal(
    run('syntax = "v1"\n\ntype A {\n\tX int `json:"x"`\n}\n\nservice s {\n\t@handler h\n\tget /x (A) returns (A)\n}\n'),
    { parsed: true, ohm: false },
  );
  assert.equal(run("type A {\n"), { parsed: false, ohm: true });
});

test("no engine module imports ohm-js but for its types", () => {
  const eager = readdirSync(join(repoRoot, "engine"), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter((f) => /^import (?!type )[^;]*from "ohm-js"/m.test(readFileSync(f, "utf8")))
    .map((f) => relative(repoRoot, f));
  assert.equal(eager, []);
});

test.run();

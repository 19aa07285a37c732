/**
 * A per-file step's outputs are remembered by input: one index per step, and an entry of its
 * own only for an output the step changed. A later gen with the same inputs runs nothing; a lost
 * entry makes the step run again rather than give a wrong file.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { makeProject } from "../support/project.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("per-file step cache");

// Ten routes; three paths hold the word the step changes.
const api = [
  'syntax = "v1"',
  "",
  "service demo {",
  ...[...Array(10).keys()].flatMap((i) => [`\t@handler h${i}`, `\tget /${i % 4 === 0 ? "loud" : "quiet"}${i}`, ""]),
  "}",
  "",
].join("\n");

let projects = 0;
/** A gen in a new project of another name: the same files, but not from the whole-generation cache. */
function gen(cache: string, log: string): Record<string, string> {
  const dir = makeProject({
    "desc/api/demo.api": api,
    ".codegen.yaml": `name: demo${++projects}\nmodule: example.com/demo\nframe: docs\npack: ${join(fixtures, "packs", "partly-formatting")}\n`,
  });
  codegenOk(["gen", "--trust"], dir, { STEP_LOG: log, CODEGEN_CACHE_DIR: cache });
  return Object.fromEntries(readdirSync(join(dir, "out")).map((f) => [f, readFileSync(join(dir, "out", f), "utf8")]));
}
const runs = (log: string): number => (existsSync(log) ? readFileSync(log, "utf8").trim().split("\n").length : 0);
const files = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => join(e.parentPath, e.name))
    : [];

test("a cold gen stores one index and the three changed outputs; the next gen runs nothing and gives the same files", () => {
  const cache = scratch("file-cache");
  const log = join(scratch("step-log"), "pids");
  const first = gen(cache, log);
  assert.is(runs(log), 1);
  assert.is(first["h0.txt"], "@generated get /LOUD0\n");
  assert.is(first["h1.txt"], "@generated get /quiet1\n");
  const index = /^(?:[0-9a-f]{64} (?:=|[0-9a-f]{64})\n)+$/;
  assert.is(files(join(cache, "memo")).filter((f) => index.test(readFileSync(f, "utf8"))).length, 1, "one index");
  // The cache's other entries (the whole generation, parsed descriptors) hold many files each.
  const outputs = files(join(cache, "memo"))
    .map((f) => readFileSync(f, "utf8"))
    .filter((t) => /^@generated get \/\w+\n$/.test(t));
  assert.equal(outputs.sort(), ["@generated get /LOUD0\n", "@generated get /LOUD4\n", "@generated get /LOUD8\n"]);

  assert.equal(gen(cache, log), first);
  assert.is(runs(log), 1, "the step ran again although every input was in its cache");
});

test("an output entry that went missing makes the step run again, with the right result", () => {
  const cache = scratch("file-cache");
  const log = join(scratch("step-log"), "pids");
  const first = gen(cache, log);
  for (const f of files(join(cache, "memo"))) if (readFileSync(f, "utf8").includes("LOUD4\n")) rmSync(f);
  assert.equal(gen(cache, log), first);
  assert.is(runs(log), 2);
});

test.run();

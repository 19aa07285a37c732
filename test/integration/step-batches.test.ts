/**
 * A per-file step (cache: true) runs on parts of its files at once, one process per core, once
 * it has at least 100 files per part; every file still goes through it exactly once.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { makeProject } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("per-file steps in batches");

function api(routes: number): string {
  const lines = ['syntax = "v1"', "", "service demo {"];
  for (let i = 0; i < routes; i++) lines.push(`\t@handler h${i}`, `\tget /r${i}`, "");
  return [...lines, "}", ""].join("\n");
}

function run(routes: number): { pids: string[]; dir: string } {
  const dir = makeProject({ "desc/api/demo.api": api(routes) }, "batched-step");
  const log = join(scratch("batch-log"), "pids");
  codegenOk(["gen", "--trust"], dir, { BATCH_LOG: log, CODEGEN_CACHE_DIR: scratch("batch-cache") });
  return { pids: existsSync(log) ? readFileSync(log, "utf8").trim().split("\n") : [], dir };
}

test("250 files: one process per core (at most two parts of at least 100), each file shouted once", () => {
  const { pids, dir } = run(250);
  assert.is(new Set(pids).size, Math.min(availableParallelism(), 2));
  const files = readdirSync(join(dir, "out"));
  assert.is(files.length, 250);
  for (const f of files)
    assert.is(
      readFileSync(join(dir, "out", f), "utf8"),
      `@GENERATED GET /${f.replace(/^h/, "R").replace(/\.txt$/, "")}\n`,
    );
});

test("150 files: a single process", () => {
  assert.is(run(150).pids.length, 1);
});

test.run();

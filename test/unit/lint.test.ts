/**
 * codegen's own code is formatted and linted by Biome (biome.jsonc): the suite fails on a file
 * that differs from the formatter's output or breaks a lint rule, naming it.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "../support/paths.js";

test("biome ci: every source file formatted, no lint error", () => {
  const biome = join(repoRoot, "node_modules/@biomejs/biome/bin/biome");
  const r = spawnSync(process.execPath, [biome, "ci", "--colors=off"], {
    cwd: repoRoot,
    encoding: "utf8",
    timeout: 120_000,
  });
  assert.is(r.status, 0, `${r.stdout}${r.stderr}`);
});

test.run();

/**
 * Attack class: a test that passes only when the files before it are quick. uvu imports every
 * test file first and runs them afterwards, so a token or deadline made when a file is imported
 * is as old as every earlier file's run when its tests use it: on a slow machine (a cold Go cache,
 * 795 s before the JWT file ran) the JWT tests' tokens had expired and two tests failed with 401.
 *
 * The JWT attack file is run here as uvu runs it after slow files: imported with the clock 900 s
 * behind, then run with the real clock. And no test file computes a time when it is imported.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("attacks: tests do not depend on how long the others took");

test("the JWT attack tests pass when their file was imported 900 s before it runs", () => {
  const file = join(repoRoot, "dist/test/attacks/jwt.test.js");
  const runner = join(scratch("attack-test-clock"), "late.mjs");
  // What uvu's runner does (node_modules/uvu/run), with the clock behind while the file is imported.
  writeFileSync(
    runner,
    `globalThis.UVU_DEFER = 1;
const uvu = await import(${JSON.stringify(pathToFileURL(join(repoRoot, "node_modules/uvu/dist/index.mjs")).href)});
globalThis.UVU_INDEX = 0;
globalThis.UVU_QUEUE.push(["jwt.test.js"]);
const real = Date.now;
Date.now = () => real() - 900_000;
await import(${JSON.stringify(pathToFileURL(file).href)});
Date.now = real;
await uvu.exec();
`,
  );
  const r = spawnSync(process.execPath, [runner], {
    cwd: repoRoot,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0" },
  });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /Passed:\s+6/);
});

/** Top-level statements (not indented) of a test file that read the clock or sign a token. */
function importTimeClocks(): string[] {
  const found: string[] = [];
  const tests = join(repoRoot, "test");
  for (const e of readdirSync(tests, { recursive: true, withFileTypes: true })) {
    const path = join(e.parentPath, e.name);
    if (!e.isFile() || !e.name.endsWith(".ts") || relative(tests, path).startsWith("fixtures")) continue;
    readFileSync(path, "utf8")
      .split("\n")
      .forEach((line, i) => {
        // A declaration at the top that calls the clock or a signer now (an arrow function defers it).
        if (
          /^(?:export )?(?:const|let|var) [^=]+=(?!\s*(?:\([^)]*\)|\w+)\s*(?::\s*[\w<>[\]| ]+)?\s*=>).*(?:Date\.now\(\)|new Date\(|performance\.now\(\)|process\.hrtime|sign\w*\()/.test(
            line,
          )
        ) {
          found.push(`${relative(repoRoot, path)}:${i + 1}: ${line.trim()}`);
        }
      });
  }
  return found;
}

test("no test file reads the clock or signs a token when it is imported", () => {
  assert.equal(importTimeClocks(), []);
});

test.run();

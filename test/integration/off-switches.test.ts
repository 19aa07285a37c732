/**
 * Every speed mechanism has an off switch (CODEGEN_NO=<name>, engine/cache/switches.ts) that
 * `npm run bench -- --ablate` measures with: each switch is read somewhere, and turning them off,
 * together or one at a time, changes no byte of what gen writes or says.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { MECHANISMS } from "../../engine/cache/index.js";
import { codegen } from "../support/cli.js";
import { smallApi } from "../support/project.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("off switches");
const casesDir = join(repoRoot, "test/golden/cases");

function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const rel = relative(dir, join(e.parentPath, e.name));
    // The snapshot records the environment's digest, which CODEGEN_NO is part of.
    if (e.isFile() && rel !== ".codegen/snapshot.json") out[rel] = readFileSync(join(e.parentPath, e.name), "latin1");
  }
  return out;
}

/** A cold gen, three no-change gens and a one-file edit on a copy of `input`: what each printed and the tree left. */
function sequence(input: string, env: Record<string, string>): { said: string[]; tree: Record<string, string> } {
  const work = scratch("off-switch");
  cpSync(input, work, { recursive: true });
  const full = { CODEGEN_CACHE_DIR: scratch("off-switch-cache"), ...env };
  const said: string[] = [];
  const gen = (): void => {
    const r = codegen(["gen"], work, full);
    // Progress notices say what runs, which is what a switch changes (gofmt on every file).
    const messages = r.stderr.split("\n").filter((l) => !l.startsWith("codegen: running "));
    said.push(`${r.code}\n${r.stdout}${messages.join("\n").replace(/codegen-stage-[A-Za-z0-9]+/g, "<stage>")}`);
  };
  for (let i = 0; i < 4; i++) gen();
  const api = readdirSync(join(work, "desc/api")).find((f) => f.endsWith(".api"))!;
  writeFileSync(join(work, "desc/api", api), smallApi.replace(/handler (\w+)/, "handler $1Edited"));
  gen();
  return { said, tree: contents(work) };
}

test("every switch is read by the engine or the launcher", () => {
  const sources: string[] = [readFileSync(join(repoRoot, "bin/codegen.js"), "utf8")];
  const walk = (dir: string): void => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(dir, e.name));
      else if (e.name.endsWith(".ts")) sources.push(readFileSync(join(dir, e.name), "utf8"));
    }
  };
  walk(join(repoRoot, "engine"));
  const text = sources.join("\n");
  for (const name of MECHANISMS) {
    const read = [
      `switchedOff("${name}")`,
      `off.has("${name}")`,
      `recall("${name}"`,
      `memoKey("${name}"`,
      `memoized("${name}"`,
      `KeptBundle("${name}"`,
    ];
    assert.ok(
      read.some((r) => text.includes(r)),
      `CODEGEN_NO=${name} is read nowhere`,
    );
  }
});

test("every switch off at once: the same files and messages, run after run", () => {
  const input = join(casesDir, "api-basic/input");
  const on = sequence(input, {});
  const off = sequence(input, { CODEGEN_NO: MECHANISMS.join(",") });
  assert.equal(off.said, on.said);
  assert.equal(off.tree, on.tree);
});

test("each switch off alone: the same files after a cold gen and an edit", () => {
  const input = join(casesDir, "api-basic/input");
  const on = sequence(input, {});
  for (const name of MECHANISMS) {
    const off = sequence(input, { CODEGEN_NO: name });
    assert.equal(off.tree, on.tree, name);
    assert.equal(off.said, on.said, name);
  }
});

test.run();

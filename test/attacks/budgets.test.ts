/**
 * A pack's expressions and templates are someone else's code: a function that calls itself for
 * ever, a loop over 200 million items or a file of a hundred megabytes ends in a PACK_BUDGET
 * diagnostic at the rule (exit 1, nothing written), in both expression evaluators and both
 * Liquid renderers; and a signal stops an evaluation that runs long, at once, with the shell's
 * exit status, the lock released.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { CliResult } from "../support/cli.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";
import { writeTree } from "../support/files.js";
import { DEFAULT_LIMITS, limitsFrom } from "../../engine/expression/index.js";

const test = suite("attacks: evaluation budgets");
const packs = join(fixtures, "attacks/budgets");

/** A project using one of the attack packs (no descriptor needed: the rules read none). */
function project(pack: string): string {
  return writeTree(scratch("budget"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(packs, pack)}\n`,
  });
}

/** gen in a fresh project; the run must end within a minute (some ran for ever before). */
function gen(pack: string, env: Record<string, string> = {}): { r: CliResult; dir: string } {
  const dir = project(pack);
  const run = spawnSync(process.execPath, [codegenBin, "gen"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 60_000,
    killSignal: "SIGKILL",
    env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("budget-cache"), ...env },
  });
  return {
    r: {
      code: run.status ?? -1,
      stdout: run.stdout,
      stderr: run.stderr + (run.signal ? `\n(ended by ${run.signal})` : ""),
    },
    dir,
  };
}

/** Refused at the rule with the budget named, and the project as it was. */
function refused(r: CliResult, dir: string, rule: string, budget: string): void {
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /rules\/files\.yaml:\d+:\d+: PACK_BUDGET /);
  assert.match(r.stderr, new RegExp(`name: ${rule}`));
  assert.match(r.stderr, new RegExp(`budget: ${budget}=`));
  assert.equal(readdirSync(dir), [".codegen.yaml"]);
}

test("a function that calls itself for ever: the depth budget (fast evaluator)", () => {
  const { r, dir } = gen("recursion");
  refused(r, dir, "endless", "CODEGEN_BUDGET_DEPTH");
  assert.match(r.stderr, /jsonata "\(\$f := function/);
});

test("the same in jsonata (its trampoline never grows the stack): the time budget", () => {
  const { r, dir } = gen("recursion", { CODEGEN_EXPRESSIONS: "jsonata", CODEGEN_BUDGET_SECONDS: "2" });
  refused(r, dir, "endless", "CODEGEN_BUDGET_SECONDS");
});

test("shallow endless work: the time budget, in both evaluators", () => {
  for (const expressions of ["fast", "jsonata"]) {
    const { r, dir } = gen("long-loop", { CODEGEN_EXPRESSIONS: expressions, CODEGEN_BUDGET_SECONDS: "1" });
    refused(r, dir, "spin", "CODEGEN_BUDGET_SECONDS");
    assert.match(r.stderr, /evaluation ran longer than 1 s/);
  }
});

test("ten billion rounds of Liquid loops: the time budget, in both renderers", () => {
  for (const pack of ["long-liquid", "long-liquid-modifier"]) {
    const { r, dir } = gen(pack, { CODEGEN_BUDGET_SECONDS: "1" });
    refused(r, dir, "nested", "CODEGEN_BUDGET_SECONDS");
    assert.match(r.stderr, /template out\.txt\.liquid: evaluation ran longer than 1 s/);
  }
});

test("a Liquid for over 200 million items: the items budget (compiled renderer)", () => {
  const { r, dir } = gen("huge-for");
  refused(r, dir, "huge", "CODEGEN_BUDGET_ITEMS");
  assert.match(r.stderr, /template out\.txt\.liquid: a range of 200000000 items/);
});

test("the same loop with a modifier, rendered by liquidjs: its memory limit", () => {
  const { r, dir } = gen("huge-for-modifier");
  refused(r, dir, "huge", "CODEGEN_BUDGET_BYTES");
  assert.match(r.stderr, /template out\.txt\.liquid: Liquid made more than/);
});

test("a rendered file of about 100 MB: the bytes budget (and a lower one from the environment)", () => {
  const big = gen("big-file");
  refused(big.r, big.dir, "big", "CODEGEN_BUDGET_BYTES");
  const small = gen("big-file", { CODEGEN_BUDGET_BYTES: "1000" });
  refused(small.r, small.dir, "big", "CODEGEN_BUDGET_BYTES");
  assert.match(small.r.stderr, /more than 1000 characters/);
});

test("an each list longer than the items budget", () => {
  const { r, dir } = gen("many-items", { CODEGEN_BUDGET_ITEMS: "10" });
  refused(r, dir, "many", "CODEGEN_BUDGET_ITEMS");
  assert.match(r.stderr, /each gave 20 items/);
  // Within the budget the same pack writes its files.
  const ok = gen("many-items", { CODEGEN_BUDGET_ITEMS: "20" });
  assert.is(ok.r.code, 0, ok.r.stderr);
  assert.is(readdirSync(join(ok.dir, "many")).length, 20);
});

test("the default time budget is at most 120 s (it was 300 s), and the environment still sets another", () => {
  assert.ok(DEFAULT_LIMITS.timeMs <= 120_000, `default ${DEFAULT_LIMITS.timeMs / 1000} s`);
  assert.is(limitsFrom({}).timeMs, DEFAULT_LIMITS.timeMs);
  assert.is(limitsFrom({ CODEGEN_BUDGET_SECONDS: "600" }).timeMs, 600_000);
  assert.is(limitsFrom({ CODEGEN_BUDGET_SECONDS: "0.5" }).timeMs, 500);
});

test("a budget that is not a positive number is a usage error", () => {
  const { r } = gen("many-items", { CODEGEN_BUDGET_SECONDS: "soon" });
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /CONFIG_INVALID CODEGEN_BUDGET_SECONDS must be a positive number/);
});

/**
 * gen runs the endless loop; once it says the checks are done (evaluation under way), the signal
 * is sent, and again every 3 s while gen has not said it was interrupted (its listening thread
 * may not listen yet at the first one; a signal while it exits would end it as the signal's
 * default does). At most 30 s: it never exited before.
 */
async function interrupt(
  signal: NodeJS.Signals,
  env: Record<string, string>,
): Promise<{ code: number | null; afterSignal: number; dir: string; stderr: string }> {
  const dir = project("long-loop");
  const child = spawn(process.execPath, [codegenBin, "gen", "--verbose"], {
    cwd: dir,
    env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("budget-cache"), ...env },
  });
  let stderr = "";
  let first = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = (): void => {
    if (/interrupted by/.test(stderr)) return;
    first ||= Date.now();
    child.kill(signal);
  };
  // --verbose prints the phases on standard output, errors go to standard error.
  let stdout = "";
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    if (!timer && /^checks: /m.test(stdout)) {
      send();
      timer = setInterval(send, 3000);
    }
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const giveUp = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearTimeout(giveUp);
  if (timer) clearInterval(timer);
  return { code, afterSignal: first ? Date.now() - first : -1, dir, stderr };
}

for (const [signal, status, expressions] of [
  ["SIGINT", 130, "fast"],
  ["SIGINT", 130, "jsonata"],
  ["SIGTERM", 143, "fast"],
  ["SIGHUP", 129, "jsonata"],
] as const) {
  test(`${signal} during a long evaluation (${expressions} evaluator): exit ${status} at once, the lock released`, async () => {
    const r = await interrupt(signal, { CODEGEN_EXPRESSIONS: expressions });
    assert.is(r.code, status, r.stderr);
    assert.ok(r.afterSignal >= 0 && r.afterSignal < 10_000, `exited ${r.afterSignal} ms after the first signal`);
    assert.match(r.stderr, new RegExp(`interrupted by ${signal}; nothing was written`));
    assert.not.ok(existsSync(join(r.dir, ".codegen/lock")));
    assert.not.ok(existsSync(join(r.dir, "out.txt")));
  });
}

test.run();

/**
 * One call of a pack's evaluation that never returns to the budget's checks: a regex that
 * backtracks for ever, in a jsonata regex literal (both evaluators) or in a Liquid filter that
 * takes a pattern (both renderers). Before, SIGINT at 5 s left gen running 35 s later, and only
 * SIGKILL stopped it, the lock left behind. Now a regex the linear engine can run ends by itself,
 * and any other stuck call ends on a signal within about a second (exit 128 + the signal), the
 * lock released, nothing written, no staging left.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { codegenBin, scratch } from "../support/paths.js";
import { writeTree } from "../support/files.js";

const test = suite("attacks: a stuck evaluation");

/** 40 a's and a character that makes every way of matching them fail: 2^40 tries. */
const TEXT = `${"a".repeat(40)}!`;

/** A project whose pack has one rule, with this data expression and this template. */
function project(data: string, template: string): string {
  return writeTree(scratch("stuck"), {
    ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: docs\npack: ./pack\n",
    "pack/pack.yaml":
      'name: attack-stuck\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\nframes:\n  docs: { description: "text files" }\n',
    "pack/rules/files.yaml": `- name: stuck\n  path: "out.txt"\n  data: ${JSON.stringify(data)}\n  template: out.txt.liquid\n`,
    "pack/templates/out.txt.liquid": template,
  });
}

/** The rule's data is the regex call. */
const inExpression = (regex: string): string => project(`$contains("${TEXT}", ${regex})`, "@generated {{ data }}\n");
/** The rule's data is the text, the template's filter the regex; `liquidjs` adds a loop modifier the compiled renderer leaves to liquidjs. */
const inTemplate = (filter: string, liquidjs = false): string =>
  project(
    `"${TEXT}"`,
    liquidjs
      ? `@generated{% assign xs = "x" | split: "," %}{% for x in xs limit: 1 %} {{ data | ${filter} }}{% endfor %}\n`
      : `@generated {{ data | ${filter} }}\n`,
  );

const env = (extra: Record<string, string>, tmp: string): NodeJS.ProcessEnv => ({
  ...process.env,
  FORCE_COLOR: "0",
  TMPDIR: tmp,
  CODEGEN_CACHE_DIR: scratch("stuck-cache"),
  ...extra,
});

/**
 * gen --verbose; once it says the checks are done (the rule's evaluation is under way), the
 * signal is sent, and again every second (the thread that hears it may not listen yet at the
 * first). Killed after 20 s: it never exited before.
 */
async function interrupt(
  dir: string,
  signal: NodeJS.Signals,
  extra: Record<string, string> = {},
  args: string[] = [],
): Promise<{ code: number | null; afterSignal: number; stderr: string; tmp: string; verbose: string }> {
  const tmp = scratch("stuck-tmp");
  const child = spawn(process.execPath, [codegenBin, "gen", "--verbose", ...args], { cwd: dir, env: env(extra, tmp) });
  let stdout = "";
  let stderr = "";
  let first = 0;
  let timer: NodeJS.Timeout | null = null;
  const send = (): void => {
    first ||= Date.now();
    child.kill(signal);
  };
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    if (!timer && /^checks: /m.test(stdout)) {
      // Some milliseconds into the regex.
      setTimeout(send, 300);
      timer = setInterval(send, 1000);
    }
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const giveUp = setTimeout(() => child.kill("SIGKILL"), 20_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearTimeout(giveUp);
  if (timer) clearInterval(timer);
  return { code, afterSignal: first ? Date.now() - first : -1, stderr, tmp, verbose: stdout };
}

/** Ended by the signal within a few seconds, with its exit status; no lock, no output, no staging. */
function stopped(r: Awaited<ReturnType<typeof interrupt>>, dir: string, signal: NodeJS.Signals, status: number): void {
  assert.ok(r.afterSignal >= 0, `never reached the rule's evaluation:\n${r.verbose}\n${r.stderr}`);
  assert.is(r.code, status, `exit ${r.code} ${r.afterSignal} ms after the first signal\n${r.stderr}`);
  assert.ok(r.afterSignal < 5_000, `exited ${r.afterSignal} ms after the first signal`);
  assert.match(r.stderr, new RegExp(`interrupted by ${signal}; nothing was written`));
  assert.not.ok(existsSync(join(dir, ".codegen/lock")), "the lock stayed");
  assert.not.ok(existsSync(join(dir, "out.txt")));
  assert.equal(
    readdirSync(r.tmp).filter((n) => n.startsWith("codegen-stage-")),
    [],
  );
}

// Patterns the linear-time engine cannot run (a flag it lacks, a lookahead, a backreference): they backtrack.
for (const [regex, expressions] of [
  ["/^(a+)+$/i", "fast"],
  ["/^(?=(a+)+$)/", "fast"],
  ["/^(a+)+\\1$/", "jsonata"],
  ["/^(a+)+$/i", "jsonata"],
] as const) {
  test(`SIGINT during $contains with ${regex} (${expressions} evaluator): exit 130 at once, the lock released`, async () => {
    const dir = inExpression(regex);
    stopped(await interrupt(dir, "SIGINT", { CODEGEN_EXPRESSIONS: expressions }), dir, "SIGINT", 130);
  });
}

for (const [filter, liquidjs] of [
  ['regex_match: "^(?=(a+)+$)"', false],
  ['regex_replace: "^(?=(a+)+$)", "b"', false],
  ['regex_match: "^(?=(a+)+$)"', true],
] as const) {
  test(`SIGINT during the Liquid filter ${filter} (${liquidjs ? "liquidjs" : "compiled"}): exit 130 at once, the lock released`, async () => {
    const dir = inTemplate(filter, liquidjs);
    const r = await interrupt(dir, "SIGINT");
    stopped(r, dir, "SIGINT", 130);
    assert.match(r.verbose, /^checks: /m);
  });
}

test("SIGTERM during a stuck regex: exit 143", async () => {
  const dir = inExpression("/^(?=(a+)+$)/");
  stopped(await interrupt(dir, "SIGTERM"), dir, "SIGTERM", 143);
});

test("SIGINT during a stuck regex in a dry run (no lock): exit 130", async () => {
  const dir = inTemplate('regex_match: "^(?=(a+)+$)"');
  stopped(await interrupt(dir, "SIGINT", {}, ["--dry-run"]), dir, "SIGINT", 130);
});

/** gen to its end, killed after 20 s. */
function genEnds(dir: string, extra: Record<string, string> = {}): { code: number | null; ms: number; stderr: string } {
  const started = Date.now();
  const r = spawnSync(process.execPath, [codegenBin, "gen"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 20_000,
    killSignal: "SIGKILL",
    env: env(extra, scratch("stuck-tmp")),
  });
  return { code: r.status, ms: Date.now() - started, stderr: r.stderr };
}

// The reproductions: patterns the linear-time engine runs once they backtrack too much.
for (const expressions of ["fast", "jsonata"]) {
  test(`$contains with /^(a+)+$/ (${expressions} evaluator) ends by itself with jsonata's answer`, () => {
    const dir = inExpression("/^(a+)+$/");
    const r = genEnds(dir, { CODEGEN_EXPRESSIONS: expressions });
    assert.is(r.code, 0, r.stderr);
    assert.ok(r.ms < 10_000, `${r.ms} ms`);
    assert.is(readFileSync(join(dir, "out.txt"), "utf8"), "@generated false\n");
  });
}

test("regex_match and regex_replace with ^(a+)+$ end by themselves with the same answers", () => {
  const dir = inTemplate('regex_match: "^(a+)+$" }} {{ data | regex_replace: "(a+)+$", "b"');
  const r = genEnds(dir);
  assert.is(r.code, 0, r.stderr);
  assert.ok(r.ms < 10_000, `${r.ms} ms`);
  assert.is(readFileSync(join(dir, "out.txt"), "utf8"), `@generated false ${TEXT}\n`);
});

test.run();

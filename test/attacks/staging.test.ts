/**
 * Staging folders and step command lines: a signal while a step runs leaves no
 * `codegen-stage-*` folder behind (with the lock, and in a dry run without one); a folder a
 * killed run left is removed by the next run, and nothing else in the scratch folder is; a
 * step's file list too long for one command line runs in parts; a program that cannot be
 * started is a diagnostic at the step that says why.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";
import { writeTree } from "../support/files.js";

const test = suite("attacks: staging debris and step command lines");
const packs = join(fixtures, "attacks/staging");

function project(pack: string): string {
  return writeTree(scratch("staging"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(packs, pack)}\n`,
  });
}

const stagingOf = (tmp: string, pid: number): string[] =>
  readdirSync(tmp).filter((n) => n.startsWith(`codegen-stage-${pid}-`));

/**
 * gen with a step that sleeps; once its staging folder exists in TMPDIR, the signal is sent
 * (again every 3 s until it exits, at most 30 s).
 */
async function interruptStep(
  signal: NodeJS.Signals,
  args: string[],
): Promise<{ code: number | null; tmp: string; dir: string; pid: number; staged: boolean; stderr: string }> {
  const dir = project("slow-step");
  const tmp = scratch("staging-tmp");
  const child = spawn(process.execPath, [codegenBin, "gen", "--trust", ...args], {
    cwd: dir,
    env: { ...process.env, FORCE_COLOR: "0", TMPDIR: tmp, CODEGEN_CACHE_DIR: scratch("staging-cache") },
  });
  let stderr = "";
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  child.stdout.resume();
  const pid = child.pid!;
  let staged = false;
  let sent = 0;
  const poll = setInterval(() => {
    if (!staged && stagingOf(tmp, pid).length > 0) staged = true;
    if (staged && Date.now() - sent > 3000) {
      sent = Date.now();
      child.kill(signal);
    }
  }, 100);
  const giveUp = setTimeout(() => child.kill("SIGKILL"), 30_000);
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  clearInterval(poll);
  clearTimeout(giveUp);
  return { code, tmp, dir, pid, staged, stderr };
}

test("SIGINT while a step runs: exit 130, the lock released, no staging left", async () => {
  const r = await interruptStep("SIGINT", []);
  assert.ok(r.staged, r.stderr);
  assert.is(r.code, 130, r.stderr);
  assert.equal(stagingOf(r.tmp, r.pid), []);
  assert.not.ok(existsSync(join(r.dir, ".codegen/lock")));
  assert.not.ok(existsSync(join(r.dir, "out")));
});

test("SIGTERM while a step of a dry run runs (no lock): exit 143, no staging left", async () => {
  const r = await interruptStep("SIGTERM", ["--dry-run"]);
  assert.ok(r.staged, r.stderr);
  assert.is(r.code, 143, r.stderr);
  assert.equal(stagingOf(r.tmp, r.pid), []);
});

test("staging of a run that is gone is removed by the next run; nothing else is", () => {
  const tmp = scratch("staging-tmp");
  // A pid that was alive and is no more (its process ended and was reaped).
  const dead = spawnSync(process.execPath, ["-e", ""]).pid;
  const hourAgo = new Date(Date.now() - 3_600_000);
  const daysAgo = new Date(Date.now() - 3 * 86_400_000);
  const made = (name: string, when: Date | null): string => {
    const path = join(tmp, name);
    mkdirSync(join(path, "internal/handler"), { recursive: true });
    writeFileSync(join(path, "internal/handler/a.go"), "package handler\n");
    if (when) utimesSync(path, when, when);
    return name;
  };
  const deadOld = made(`codegen-stage-${dead}-aB3dE6`, hourAgo);
  const olderVersion = made("codegen-stage-Xy12Zq", daysAgo);
  const deadFresh = made(`codegen-stage-${dead}-fresh1`, null);
  const liveOld = made(`codegen-stage-${process.pid}-live01`, hourAgo);
  const notOurs = made("codegen-stage-notes", hourAgo);
  const other = made("someone-elses-build", daysAgo);
  // A link named like staging, to a folder outside: neither it nor what it points at goes.
  const target = made("link-target", daysAgo);
  symlinkSync(join(tmp, target), join(tmp, `codegen-stage-${dead}-link01`));

  const dir = project("quick-step");
  const r = codegen(["gen", "--trust"], dir, { TMPDIR: tmp, CODEGEN_CACHE_DIR: scratch("staging-cache") });
  assert.is(r.code, 0, r.stderr);
  const left = readdirSync(tmp).sort();
  assert.not.ok(left.includes(deadOld), "a dead run's staging stayed");
  assert.not.ok(left.includes(olderVersion), "an older version's staging stayed");
  assert.equal(left, [`codegen-stage-${dead}-link01`, deadFresh, liveOld, notOurs, target, other].sort());
  assert.ok(existsSync(join(tmp, target, "internal/handler/a.go")));
});

test("4,000 files with long names (650 KB of arguments, more than the system allows here): the step runs in parts", () => {
  const dir = project("many-files");
  const log = join(scratch("staging-log"), "runs");
  // A 2 MB stack gives programs 512 KB for their arguments and environment (ARG_MAX).
  const r = spawnSync(
    "sh",
    ["-c", `ulimit -s 2048 && exec "$0" "$@"`, process.execPath, codegenBin, "gen", "--trust"],
    {
      cwd: dir,
      encoding: "utf8",
      env: { ...process.env, FORCE_COLOR: "0", BATCH_LOG: log, CODEGEN_CACHE_DIR: scratch("staging-cache") },
    },
  );
  assert.is(r.status, 0, r.stderr);
  const runs = readFileSync(log, "utf8").trim().split("\n").map(Number);
  assert.ok(runs.length > 1, `runs: ${runs.join(", ")}`);
  assert.is(
    runs.reduce((a, b) => a + b, 0),
    4000,
  );
  const out = readdirSync(join(dir, "out"));
  assert.is(out.length, 4000);
  for (const f of out.slice(0, 50)) assert.match(readFileSync(join(dir, "out", f), "utf8"), /^@GENERATED \d+\n$/);
});

test("a step's program that cannot be started: a diagnostic at the step saying why, exit 1", () => {
  const dir = project("not-executable");
  const r = codegen(["gen", "--trust"], dir, { CODEGEN_CACHE_DIR: scratch("staging-cache") });
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /pack\.yaml:\d+:\d+: STEP_FAILED step "blocked" failed/);
  assert.match(r.stderr, /EACCES/);
  assert.match(r.stderr, /hint: the step's program is not executable/);
  assert.not.ok(existsSync(join(dir, "out")));
});

test.run();

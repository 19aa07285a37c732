#!/usr/bin/env node
// Runs the compiled uvu suites under dist/test and prints the closing line CI reads:
// "N passed, N failed". Usage: node test/run.js [--corpus] [folder-or-pattern ...].
// By default every suite except test/corpus/ (those read ../shared/corpus, which only CI has
// beside the checkout); --corpus runs only those.
//
// The files run in TEST_JOBS worker processes at a time (default 2; test/run-worker.js), each
// worker running one file after another as uvu runs a file alone: most of the suite waits on Go
// builds, servers and child processes, so two files overlap well on two cores. The slowest files
// start first (SLOW below), so the run does not end with one long file alone; the files in ALONE
// run first, with nothing beside them (they race a process or time a step). A file's output is
// printed whole when it ends, never interleaved with another's.
import { execFileSync, fork } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";
import { parse } from "uvu/parse";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const corpus = process.argv.includes("--corpus");
const filter = process.argv.slice(2).filter((a) => a !== "--corpus");
const pattern = filter.length ? `(?:${filter.join("|")}).*\\.test\\.js$` : "\\.test\\.js$";
const jobs = Math.max(1, Number(process.env.TEST_JOBS) || Math.min(2, availableParallelism()));

/**
 * Files known to take longest, slowest first (measured 2026-11-28 with `TEST_TIMES=all`), started
 * first in this order; every other file follows in name order. Only the order depends on this list.
 */
const SLOW = [
  "integration/kill",
  "golden/golden-2",
  "golden/golden-1",
  "integration/off-switches",
  "e2e/goctl-adopt",
  "golden/golden-4",
  "golden/golden-3",
  "e2e/docker",
  "e2e/replace-sample",
  "e2e/kube-manifests",
  "e2e/model-portability",
  "integration/replay",
  "e2e/rpc-gateway",
  "e2e/goctl-model",
  "e2e/serverless",
  "fuzz/readers",
  "fuzz/fast-jsonata",
  "e2e/mongo-model",
  "integration/format",
  "integration/goctl-oracle",
  "integration/install-package",
  "integration/cli",
  "integration/reference-engines",
];
/**
 * Files that run with no other file beside them: they time a step. (The kill test races gen by
 * watching its files, not the clock, so it runs beside another file: a slower gen only widens
 * the window its kills aim at.)
 */
const ALONE = ["fuzz/reader-sizes"];
const matches = (list, name) => list.findIndex((p) => name.startsWith(`${p}.test.js`));

// `go install` puts the protoc plugins in $(go env GOPATH)/bin; the tests find them there too.
const gobin = (() => {
  try {
    return join(execFileSync("go", ["env", "GOPATH"], { encoding: "utf8" }).trim(), "bin");
  } catch {
    return "";
  }
})();
const PATH = gobin ? `${gobin}:${process.env.PATH ?? ""}` : process.env.PATH;
// Each file gets a cache and a user config folder of its own: what another file (or the user)
// left there would otherwise decide what a test sees (a replayed gen prints no timings; a
// `codegen new` records consent in the user's config), and files run side by side.
const home = mkdtempSync(join(tmpdir(), "codegen-test-run-"));
// A pack's `secret` values come from a seed (engine/secrets/placeholders.ts), so two gens of the
// same inputs give the same bytes, as the tests that compare trees expect; the tests about the
// secrets themselves set CODEGEN_TEST_SECRET_SEED="" for real random values.
const isolated = (i) => ({
  CODEGEN_CACHE_DIR: join(home, `${i}`, "cache"),
  XDG_CONFIG_HOME: join(home, `${i}`, "config"),
  CODEGEN_TEST_SECRET_SEED: "test-run",
});

const testDir = join(root, corpus ? "dist/test/corpus" : "dist/test");
const found = await parse(testDir, pattern, {
  ignore: corpus ? [] : ["^corpus/"],
});
const files = found.suites
  .map((s) => s.name.split("\\").join("/"))
  .sort((a, b) => {
    const sa = matches(SLOW, a);
    const sb = matches(SLOW, b);
    if (sa !== sb) return (sa < 0 ? SLOW.length : sa) - (sb < 0 ? SLOW.length : sb);
    return a.localeCompare(b);
  });

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, "");
/** Per file: its name, seconds, uvu's counts, whether they count (see runFile) and its output. */
const results = [];

/** run-worker.js's line after each file's output. */
const END_OF_FILE = "\u0000end of test file\u0000";

/**
 * A worker process (test/run-worker.js) and `run(name, index)`, which runs one file in it and
 * resolves with whether the worker lives on (a file that crashes its worker ends it).
 */
function startWorker() {
  const child = fork(join(root, "test/run-worker.js"), [], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe", "ipc"],
    env: { ...process.env, PATH, FORCE_COLOR: "0" },
  });
  let current = null;
  let exited = false;
  const finish = (alive) => {
    const file = current;
    current = null;
    if (!file) return;
    const seconds = (Date.now() - file.started) / 1000;
    const out = file.out.replace(`\n${END_OF_FILE}\n`, "");
    const plain = strip(out);
    const total = Number(/Total:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
    const passed = Number(/Passed:\s+(\d+)/.exec(plain)?.[1] ?? NaN);
    // A worker that died within the file, or a file without uvu's tally, counts as one failure.
    const counted = alive && !Number.isNaN(total) && !Number.isNaN(passed);
    // uvu's own summary of one file is left out: the run's tally closes the output.
    const body = out.replace(/\n\s*Total:[\s\S]*$/, "\n");
    const ended = counted
      ? ""
      : `\n${file.name}: the test process ended (exit ${child.exitCode ?? child.signalCode}) within the file\n`;
    process.stdout.write(body + ended);
    if (file.err) process.stderr.write(file.err);
    results.push({ name: file.name, seconds, total, passed, counted, plain: strip(body) + ended });
    file.resolve(alive);
  };
  child.stdout.on("data", (c) => {
    if (!current) return;
    current.out += c;
    if (current.out.endsWith(`${END_OF_FILE}\n`)) finish(true);
  });
  child.stderr.on("data", (c) => {
    if (current) current.err += c;
    else process.stderr.write(c);
  });
  const ready = new Promise((resolve) => child.once("message", resolve));
  // Gone: exited, its output read to the end. (No "close": a disconnected IPC channel holds it back.)
  const ended = (stream) => new Promise((r) => stream.once("end", r));
  const gone = Promise.all([new Promise((r) => child.once("exit", r)), ended(child.stdout), ended(child.stderr)]).then(
    () => {
      exited = true;
      finish(false);
    },
  );
  return {
    async run(name, index) {
      await Promise.race([ready, gone]);
      if (exited) return false;
      return new Promise((resolve) => {
        current = { name, out: "", err: "", started: Date.now(), resolve };
        child.send({ file: join(testDir, name), name, env: isolated(index) });
      });
    },
    /** Ends the worker the way it runs its exit handlers (which remove its scratch folders). */
    stop() {
      if (child.connected) child.disconnect();
      return gone;
    },
  };
}

/**
 * The ALONE files first, one after another, then the rest `jobs` at a time, each worker taking
 * the next file of the queue when its file ends; resolves, when all have ended, with the seconds they took.
 */
async function schedule() {
  const start = performance.now();
  let index = 0;
  const drain = async (queue) => {
    let worker = null;
    while (queue.length) {
      worker ??= startWorker();
      if (!(await worker.run(queue.shift(), index++))) worker = null;
    }
    await worker?.stop();
  };
  await drain(files.filter((f) => matches(ALONE, f) >= 0));
  const queue = files.filter((f) => matches(ALONE, f) < 0);
  await Promise.all(Array.from({ length: jobs }, () => drain(queue)));
  return (performance.now() - start) / 1000;
}

/**
 * uvu prints a failure under its suite, which may be far above the end of a long log; CI keeps
 * only the end, so each failure is repeated (the suite's file and the first lines) before the tally.
 */
function failures(output) {
  const lines = output.split("\n");
  const out = [];
  let file = "";
  lines.forEach((line, i) => {
    if (/\.test\.js\s*$/.test(line)) file = line.trim();
    if (!/^\s+FAIL\s/.test(line)) return;
    const block = [];
    for (let j = i; j < lines.length && block.length < 25; j++) {
      if (j > i && (/^\s+FAIL\s/.test(lines[j]) || /\.test\.js\s*$/.test(lines[j]) || /^\s+Total:/.test(lines[j])))
        break;
      block.push(lines[j]);
    }
    out.push(`${file}:`, ...block.filter((l, k) => l.trim() !== "" || block[k - 1]?.trim() !== ""));
  });
  return out;
}

const seconds = await schedule();
rmSync(home, { recursive: true, force: true });
const passed = results.reduce((n, r) => n + (r.counted ? r.passed : 0), 0);
const broken = results.filter((r) => !r.counted);
const failed = results.reduce((n, r) => n + (r.counted ? r.total - r.passed : 0), 0) + broken.length;
const slowest = [...results]
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, process.env.TEST_TIMES === "all" ? results.length : 10);
if (slowest.length > 1)
  console.log(
    [
      "",
      process.env.TEST_TIMES === "all" ? "Time per file:" : "Slowest files (TEST_TIMES=all for every file):",
      ...slowest.map((t) => `${t.seconds.toFixed(1).padStart(8)} s  ${t.name}`),
      `${seconds.toFixed(1).padStart(8)} s  in all (${jobs} at a time)`,
    ].join("\n"),
  );
if (failed > 0)
  console.log(
    [
      "",
      "Failures, repeated from above:",
      ...results.flatMap((r) => failures(r.plain)),
      ...broken.map((r) => r.plain.trim().split("\n").pop()),
      "",
    ].join("\n"),
  );
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);

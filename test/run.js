#!/usr/bin/env node
// Runs the compiled uvu suites under dist/test and prints the closing line CI reads:
// "N passed, N failed". Usage: node test/run.js [--corpus] [folder-or-pattern ...].
// By default every suite except test/corpus/ (those read ../shared/corpus, which only CI has
// beside the checkout); --corpus runs only those.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const corpus = process.argv.includes("--corpus");
const filter = process.argv.slice(2).filter((a) => a !== "--corpus");
const pattern = filter.length ? `(?:${filter.join("|")}).*\\.test\\.js$` : "\\.test\\.js$";
const args = [join(root, "node_modules/uvu/bin.js"), "dist/test", pattern, ...(corpus ? [] : ["--ignore", "^corpus/"])];
if (corpus) args[1] = "dist/test/corpus";
// `go install` puts the protoc plugins in $(go env GOPATH)/bin; the tests find them there too.
const gobin = (() => {
  try {
    return join(execFileSync("go", ["env", "GOPATH"], { encoding: "utf8" }).trim(), "bin");
  } catch {
    return "";
  }
})();
const PATH = gobin ? `${gobin}:${process.env.PATH ?? ""}` : process.env.PATH;
// Each run gets a cache and a user config folder of its own: what an earlier run (or the user)
// left there would otherwise decide what a test sees (a replayed gen prints no timings; a
// `codegen new` records consent in the user's config).
const home = mkdtempSync(join(tmpdir(), "codegen-test-run-"));
// A pack's `secret` values come from a seed (engine/secrets/placeholders.ts), so two gens of the
// same inputs give the same bytes, as the tests that compare trees expect; the tests about the
// secrets themselves set CODEGEN_TEST_SECRET_SEED="" for real random values.
const isolated = {
  CODEGEN_CACHE_DIR: join(home, "cache"),
  XDG_CONFIG_HOME: join(home, "config"),
  CODEGEN_TEST_SECRET_SEED: "test-run",
};
const child = spawn(process.execPath, args, {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  env: { ...process.env, PATH, FORCE_COLOR: "0", ...isolated },
});
let tail = "";
let whole = "";
// uvu prints each file's name as it starts running it: the time to the next name (or the end)
// is that file's. TEST_TIMES=all prints every file's, else the ten slowest are printed.
const times = [];
let pending = "";
let running = null;
function fileEnds(now) {
  if (running) times.push({ file: running.file, seconds: (now - running.start) / 1000 });
  running = null;
}
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  whole += chunk.toString();
  tail = whole.slice(-4000);
  const now = Date.now();
  const lines = (pending + chunk.toString()).split("\n");
  pending = lines.pop() ?? "";
  for (const raw of lines) {
    const line = raw.replace(/\x1b\[[0-9;]*m/g, "").trim();
    if (/^\S+\.test\.js$/.test(line)) {
      fileEnds(now);
      running = { file: line, start: now };
    } else if (/^Total:/.test(line)) fileEnds(now);
  }
});

/**
 * uvu prints a failure under its suite, which may be far above the end of a long log; CI keeps
 * only the end, so each failure is repeated (the suite's file and the first lines) before the tally.
 */
function failures(output) {
  const lines = output.replace(/\x1b\[[0-9;]*m/g, "").split("\n");
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
child.on("close", (code) => {
  rmSync(home, { recursive: true, force: true });
  const total = Number(/Total:\s+(\d+)/.exec(tail)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(tail)?.[1] ?? NaN);
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    console.log(`0 passed, 1 failed (the test run ended early with exit code ${code})`);
    process.exit(code || 1);
  }
  const failed = total - passed;
  fileEnds(Date.now());
  const slowest = [...times]
    .sort((a, b) => b.seconds - a.seconds)
    .slice(0, process.env.TEST_TIMES === "all" ? times.length : 10);
  if (slowest.length > 1)
    console.log(
      [
        "",
        process.env.TEST_TIMES === "all" ? "Time per file:" : "Slowest files (TEST_TIMES=all for every file):",
        ...slowest.map((t) => `${t.seconds.toFixed(1).padStart(8)} s  ${t.file}`),
      ].join("\n"),
    );
  if (failed > 0) console.log(["", "Failures, repeated from above:", ...failures(whole), ""].join("\n"));
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || code ? 1 : 0);
});

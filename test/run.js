#!/usr/bin/env node
// Runs the compiled uvu suites under dist/test and prints the closing line CI reads:
// "N passed, N failed". Usage: node test/run.js [--corpus] [folder-or-pattern ...].
// By default every suite except test/corpus/ (those read ../shared/corpus, which only CI has
// beside the checkout); --corpus runs only those.
import { execFileSync, spawn } from "node:child_process";
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
const child = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"], env: { ...process.env, PATH, FORCE_COLOR: "0" } });
let tail = "";
child.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  tail = (tail + chunk.toString()).slice(-4000);
});
child.on("close", (code) => {
  const total = Number(/Total:\s+(\d+)/.exec(tail)?.[1] ?? NaN);
  const passed = Number(/Passed:\s+(\d+)/.exec(tail)?.[1] ?? NaN);
  if (Number.isNaN(total) || Number.isNaN(passed)) {
    console.log(`0 passed, 1 failed (the test run ended early with exit code ${code})`);
    process.exit(code || 1);
  }
  const failed = total - passed;
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || code ? 1 : 0);
});

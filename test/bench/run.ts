/**
 * `npm run bench`: wall times of real CLI runs on synthetic projects.
 *   node dist/test/bench/run.js [--routes 500] [--files 50] [--case api]
 * Prints one line per measurement; numbers are milliseconds of wall time.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codegenBin } from "../support/paths.js";
import { writeApiProject } from "./api-case.js";

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const only = args.includes("--case") ? args[args.indexOf("--case") + 1] : undefined;

// A fresh cache folder, so "cold" really starts with no cached formatter output.
const cacheDir = mkdtempSync(join(tmpdir(), "codegen-bench-cache-"));
process.on("exit", () => rmSync(cacheDir, { recursive: true, force: true }));

function time(argv: string[], cwd: string): number {
  const start = process.hrtime.bigint();
  const r = spawnSync(process.execPath, [codegenBin, ...argv], { cwd, encoding: "utf8", env: { ...process.env, CODEGEN_CACHE_DIR: cacheDir } });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`codegen ${argv.join(" ")} failed:\n${r.stdout}\n${r.stderr}`);
  return ms;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

const report = (label: string, ms: number): void => console.log(`${label.padEnd(44)} ${ms.toFixed(0).padStart(7)} ms`);

const cases: Record<string, () => void> = {
  api: () => {
    const routes = option("routes", 500);
    const files = option("files", 50);
    const dir = mkdtempSync(join(tmpdir(), "codegen-bench-api-"));
    try {
      writeApiProject(dir, routes, files);
      report(`api: cold gen (${routes} routes, ${files} files)`, time(["gen"], dir));
      report(`api: no-change gen`, median([1, 2, 3].map(() => time(["gen"], dir))));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

report("codegen --help (median of 5)", median([1, 2, 3, 4, 5].map(() => time(["--help"], tmpdir()))));
for (const [name, run] of Object.entries(cases)) if (!only || only === name) run();

/**
 * `npm run bench`: wall times of real CLI runs on synthetic projects.
 *   node dist/test/bench/run.js [--case api|proto|model] [--routes 500] [--files 50]
 *     [--rpcs 200] [--proto-files 20] [--tables 100]
 * Prints one line per measurement; numbers are milliseconds of wall time.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codegenBin } from "../support/paths.js";
import { writeApiProject } from "./api-case.js";
import { writeModelProject } from "./model-case.js";
import { writeProtoProject } from "./proto-case.js";

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

/** Cold gen once, then the median of three no-change runs, on a freshly written project. */
function measure(label: string, write: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), "codegen-bench-"));
  try {
    write(dir);
    report(`${label}: cold gen`, time(["gen"], dir));
    report(`${label}: no-change gen`, median([1, 2, 3].map(() => time(["gen"], dir))));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const cases: Record<string, () => void> = {
  api: () => {
    const routes = option("routes", 500);
    const files = option("files", 50);
    measure(`api (${routes} routes, ${files} files)`, (dir) => writeApiProject(dir, routes, files));
  },
  proto: () => {
    const rpcs = option("rpcs", 200);
    const files = option("proto-files", 20);
    measure(`proto (${rpcs} rpcs, ${files} files)`, (dir) => writeProtoProject(dir, rpcs, files));
  },
  model: () => {
    const tables = option("tables", 100);
    measure(`model (${tables} tables)`, (dir) => writeModelProject(dir, tables));
  },
};

report("codegen --help (median of 5)", median([1, 2, 3, 4, 5].map(() => time(["--help"], tmpdir()))));
for (const [name, run] of Object.entries(cases)) if (!only || only === name) run();

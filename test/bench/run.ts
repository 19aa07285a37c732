/**
 * `npm run bench`: codegen beside goctl on the same synthetic projects, in one run.
 *   node dist/test/bench/run.js [--case api|proto|model|adopt|model-runtime] [--routes 500] [--files 50]
 *     [--rpcs 200] [--proto-files 20] [--tables 100] [--handlers 50] [--runs 5] [--iterations 3000]
 *   node dist/test/bench/run.js --ablate [name,…] [--case api|proto] [--runs 3]: each speed
 *     mechanism switched off in turn, and what it gains (ablate.ts)
 * Cold runs are interleaved (codegen, goctl and, in the api case, the floor: what Node pays to
 * format and create codegen's output alone, floor.ts; the order turns each round) and reported
 * as medians; every codegen cold run gets a fresh project and a fresh cache. Ratios are
 * codegen ÷ goctl's cold run. The phase table is codegen's own `--verbose` timing of one cold
 * run; peak RSS comes from /usr/bin/time when present. model-runtime is the generated model's
 * speed at run time against plain database/sql on SQLite (see model-runtime.ts).
 */
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { codegenBin } from "../support/paths.js";
import { writeModelProject } from "./model-case.js";
import { buildRuntimeProject, measureRuntime } from "./model-runtime.js";
import { writeProtoProject } from "./proto-case.js";
import { findGoctl } from "./goctl.js";
import { apiModule, goctlProtoCopies, writeGoctlApiProject } from "./goctl-inputs.js";
import { watchedEdits } from "./watch-edit.js";
import { ablation } from "./ablate.js";
import { LEDGER_PATH } from "../../engine/write/index.js";

/** test/bench/floor.ts: Node starting, gofmt and creating codegen's output files, nothing else. */
const floorScript = new URL("floor.js", import.meta.url).pathname;

const args = process.argv.slice(2);
const option = (name: string, fallback: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? Number(args[i + 1]) : fallback;
};
const only = args.includes("--case") ? args[args.indexOf("--case") + 1] : undefined;
const runs = option("runs", 5);
const scratch: string[] = [];
process.on("exit", () => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));
const temp = (prefix: string): string => {
  const d = mkdtempSync(join(tmpdir(), `codegen-bench-${prefix}-`));
  scratch.push(d);
  return d;
};

interface Timed {
  ms: number;
  stdout: string;
  stderr: string;
}

function timed(cmd: string, argv: string[], cwd: string, env: Record<string, string> = {}): Timed {
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8", env: { ...process.env, ...env }, maxBuffer: 64 << 20 });
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return { ms, stdout: r.stdout, stderr: r.stderr };
}
const codegen = (argv: string[], cwd: string, cache: string): Timed =>
  timed(process.execPath, [codegenBin, ...argv], cwd, { CODEGEN_CACHE_DIR: cache });
const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const rows: Array<[string, number, number | null]> = [];
const row = (label: string, ms: number, base: number | null): void => {
  rows.push([label, ms, base]);
  const ratio = base ? `${(ms / base).toFixed(2)}x` : "";
  console.log(
    `${label.padEnd(46)} ${ms.toFixed(0).padStart(7)} ms ${base ? `${base.toFixed(0).padStart(7)} ms` : "".padStart(10)} ${ratio.padStart(7)}`,
  );
};

if (args.includes("--ablate")) {
  // What each speed mechanism gains (ablate.ts); goctl is not needed.
  const list = args[args.indexOf("--ablate") + 1];
  const kind = only === "proto" ? "proto" : "api";
  ablation({
    only: list && !list.startsWith("--") ? list.split(",") : null,
    runs: option("runs", 3),
    kind,
    routes: option("routes", 500),
    files: option("files", 50),
    rpcs: option("rpcs", 200),
    protoFiles: option("proto-files", 20),
  });
  process.exit(0);
}

const goctl = only === "model-runtime" ? null : findGoctl((l) => console.log(l));
console.log(
  `${"".padEnd(46)} ${"codegen".padStart(10)} ${(goctl ? "goctl" : "copy").padStart(10)} ${"ratio".padStart(7)}`,
);

/** goctl's cold run on a project (or, without goctl, copying `reference`, a project codegen generated). */
type Baseline = (project: string, out: string, reference: string) => void;

/** Codegen's output in `dir` (the files its ledger lists), as path → base64 bytes: the floor's input. */
function outputTree(dir: string): string {
  const ledger = JSON.parse(readFileSync(join(dir, LEDGER_PATH), "utf8")) as { files: Array<{ path: string }> };
  const tree = join(temp("floor-tree"), "tree.json");
  writeFileSync(
    tree,
    JSON.stringify(
      Object.fromEntries(ledger.files.map((f) => [f.path, readFileSync(join(dir, f.path)).toString("base64")])),
    ),
  );
  return tree;
}

function measure(
  name: string,
  write: (dir: string) => void,
  baseline: Baseline,
  options: { edit?: (dir: string, i: number) => void; floor?: boolean } = {},
): { last: string; lastCache: string; goctlCold: number } {
  const cold: number[] = [];
  const base: number[] = [];
  const floor: number[] = [];
  let last = "";
  let lastCache = "";
  // One gen, not timed: the copy floor's tree and the floor's files (every cold run writes the same).
  const reference = temp(name);
  write(reference);
  codegen(["gen"], reference, temp("cache"));
  const tree = options.floor ? outputTree(reference) : null;
  for (let i = 0; i < runs; i++) {
    const dir = temp(name);
    const cache = temp("cache");
    write(dir);
    // goctl formats the .api files it reads in place: it gets a copy, so the project stays as it was.
    const copy = temp(`${name}-goctl`);
    cpSync(dir, copy, { recursive: true });
    const out = temp("out");
    // Each run writes a thousand files, and creating a file costs more just after many were:
    // the order turns each round, so no side always follows the others.
    const timedRuns: Array<() => void> = [
      () => cold.push(codegen(["gen"], dir, cache).ms),
      () => {
        const start = process.hrtime.bigint();
        baseline(copy, out, reference);
        base.push(Number(process.hrtime.bigint() - start) / 1e6);
      },
      ...(tree
        ? [() => void floor.push(timed(process.execPath, [floorScript, tree, temp("floor-out")], tmpdir()).ms)]
        : []),
    ];
    for (let k = 0; k < timedRuns.length; k++) timedRuns[(i + k) % timedRuns.length]!();
    last = dir;
    lastCache = cache;
  }
  const goctlCold = median(base);
  row(`${name}: cold gen`, median(cold), goctlCold);
  if (tree) row(`${name}: floor (start, gofmt, create the files)`, median(floor), goctlCold);
  // After a gen that wrote files, the first gen reads them all and takes the snapshot, the
  // second answers from it and records its inputs, and the ones after are answered from those.
  const noChange = [...Array(runs + 2)].map(() => codegen(["gen"], last, lastCache).ms);
  row(`${name}: no-change gen, 1st after a write`, noChange[0]!, goctlCold);
  row(`${name}: no-change gen, 2nd`, noChange[1]!, goctlCold);
  row(`${name}: no-change gen, later (median)`, median(noChange.slice(2)), goctlCold);
  const edit = options.edit;
  if (edit)
    row(
      `${name}: one-file edit`,
      median([...Array(3)].map((_, i) => (edit(last, i), codegen(["gen"], last, lastCache).ms))),
      goctlCold,
    );
  const phasesDir = temp(name);
  write(phasesDir);
  const verbose = codegen(["gen", "--verbose"], phasesDir, temp("cache"));
  const phases = verbose.stdout.split("\n").filter((l) => /^[a-z][^:]*: \d+ ms \(\d+ MB\)$/.test(l));
  console.log(`  phases of one cold run: ${phases.join(", ")}`);
  if (existsSync("/usr/bin/time")) {
    const rssDir = temp(name);
    write(rssDir);
    const r = spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, codegenBin, "gen"], {
      cwd: rssDir,
      encoding: "utf8",
      env: { ...process.env, CODEGEN_CACHE_DIR: temp("cache") },
    });
    const kb = Number(r.stderr.trim().split("\n").pop());
    console.log(`  peak RSS of a cold gen: ${(kb / 1024).toFixed(0)} MB`);
  }
  return { last, lastCache, goctlCold };
}

const copyFloor: Baseline = (_, out, reference) => cpSync(reference, out, { recursive: true });
const goctlRun = (argv: (project: string, out: string) => string[][]): Baseline =>
  goctl ? (project, out) => argv(project, out).forEach((a) => timed(goctl, a, project)) : copyFloor;

const cases: Record<string, () => void | Promise<void>> = {
  api: async () => {
    const routes = option("routes", 500);
    const files = option("files", 50);
    const per = Math.ceil(routes / files);
    const edit = (dir: string, i: number, field = `Extra${i}`): void =>
      writeFileSync(
        join(dir, `desc/api/mods/m${i}.api`),
        apiModule(i, per, `\t${field} string \`json:"${field.toLowerCase()},optional"\``),
      );
    const name = `api (${routes} routes, ${files} files)`;
    const { last, lastCache, goctlCold } = measure(
      name,
      (dir) => writeGoctlApiProject(dir, routes, files),
      goctlRun((_, out) => [["api", "go", "-api", "desc/api/main.api", "-dir", out]]),
      { edit, floor: true },
    );
    const watched = await watchedEdits(
      codegenBin,
      last,
      lastCache,
      [...Array(runs)].map((_, i) => () => edit(last, i, `Watched${i}`)),
    );
    row(`${name}: one-file edit, gen --watch`, median(watched), goctlCold);
  },
  proto: () => {
    const rpcs = option("rpcs", 200);
    const files = option("proto-files", 20);
    measure(
      `proto (${rpcs} rpcs, ${files} files)`,
      (dir) => writeProtoProject(dir, rpcs, files),
      goctlRun((project, out) =>
        goctlProtoCopies(project, join(out, "proto")).map((f) => [
          "rpc",
          "protoc",
          join(out, "proto", f),
          `--proto_path=${join(out, "proto")}`,
          `--go_out=${out}/${f}`,
          `--go-grpc_out=${out}/${f}`,
          `--zrpc_out=${out}/${f}`,
        ]),
      ),
    );
  },
  model: () => {
    const tables = option("tables", 100);
    measure(
      `model (${tables} tables)`,
      (dir) => writeModelProject(dir, tables),
      goctlRun((_, out) => [["model", "mysql", "ddl", "--src", "desc/sql/*.sql", "--dir", out]]),
    );
  },
  // A service goctl made (its own `api go`, untimed), taken over: adopt, then the first gen.
  // Beside it, goctl's `api go` run again on a copy of the same service.
  adopt: () => {
    const handlers = option("handlers", 50);
    if (!goctl) {
      console.log("adopt: skipped (goctl makes the service adopt takes over, and it could not be had)");
      return;
    }
    const ours: number[] = [];
    const theirs: number[] = [];
    const argv = ["api", "go", "-api", "desc/api/main.api", "-dir", "."];
    for (let i = 0; i < runs; i++) {
      const dir = temp("adopt");
      writeGoctlApiProject(dir, handlers, 5);
      rmSync(join(dir, ".codegen.yaml"));
      timed(goctl, argv, dir);
      const copy = temp("adopt-goctl");
      cpSync(dir, copy, { recursive: true });
      const cache = temp("cache");
      const adoptAndGen = (): void =>
        void ours.push(codegen(["adopt"], dir, cache).ms + codegen(["gen"], dir, cache).ms);
      const again = (): void => void theirs.push(timed(goctl, argv, copy).ms);
      if (i % 2 === 0) adoptAndGen(), again();
      else again(), adoptAndGen();
    }
    row(`adopt (${handlers} handlers): adopt + first gen`, median(ours), median(theirs));
  },
  "model-runtime": () => {
    const iterations = option("iterations", 3000);
    const dir = temp("model-runtime");
    console.log(`model-runtime: generating and compiling the models project…`);
    const bin = buildRuntimeProject(dir);
    console.log(`${"".padEnd(46)} ${"model".padStart(11)} ${"database/sql".padStart(11)} ${"ratio".padStart(7)}`);
    const us = (ns: number): string => `${(ns / 1000).toFixed(1).padStart(8)} µs`;
    for (const o of measureRuntime(dir, bin, runs, iterations)) {
      for (const [unit, sample] of [
        ["wall", o.wall],
        ["cpu", o.cpu],
      ] as const) {
        const label = `model-runtime: ${o.op}, ${unit} (SQLite, ${iterations}x)`;
        console.log(
          `${label.padEnd(46)} ${us(median(sample.model))} ${us(median(sample.raw))} ${`${median(sample.ratios).toFixed(2)}x`.padStart(7)}`,
        );
        console.log(
          `  model ÷ database/sql in each of ${runs} runs: ${sample.ratios.map((r) => r.toFixed(2)).join(", ")}`,
        );
      }
    }
  },
};

const help = median([1, 2, 3, 4, 5].map(() => codegen(["--help"], tmpdir(), temp("cache")).ms));
row("codegen --help (median of 5)", help, null);
for (const [name, run] of Object.entries(cases)) if (!only || only === name) await run();

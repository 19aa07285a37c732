/**
 * The generated model against plain database/sql doing the same work on SQLite: the models
 * end-to-end project (test/fixtures/e2e/models) is generated, its Go benchmarks
 * (overlay/internal/model/bench_test.go) compiled once and run `runs` times, alternating
 * which side goes first. Each run gives a model ÷ database/sql ratio per operation (both
 * sides measured seconds apart, so load on the machine shifts them together), of wall time
 * (ns/op) and of the process's CPU time (cpu-ns/op, steadier on a busy machine); the
 * medians of the ratios are reported.
 */
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenBin, fixtures } from "../support/paths.js";

/** Per run, for one operation and one unit: the model's and database/sql's time per call. */
export interface Sample {
  model: number[];
  raw: number[];
  ratios: number[];
}

export interface RuntimeRatios {
  op: string;
  wall: Sample;
  cpu: Sample;
}

const goEnv = { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" };

function run(cmd: string, argv: string[], cwd: string, env: NodeJS.ProcessEnv = goEnv): string {
  const r = spawnSync(cmd, argv, { cwd, encoding: "utf8", env, maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`${cmd} ${argv.join(" ")} failed in ${cwd}:\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}\n${r.stderr}`;
}

/** Generates the project in dir and compiles its test program; returns the binary. */
export function buildRuntimeProject(dir: string): string {
  const fixture = join(fixtures, "e2e/models");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    'name: models\nmodule: example.com/models\nframe: api\nsql:\n  cache: true\n  cache_tables: ["user*"]\n',
  );
  cpSync(join(fixture, "desc"), join(dir, "desc"), { recursive: true });
  run(process.execPath, [codegenBin, "gen"], dir, process.env);
  cpSync(join(fixture, "overlay"), dir, { recursive: true, force: true });
  run("go", ["mod", "tidy"], dir);
  const bin = join(dir, "bin", "model.test");
  run("go", ["test", "-c", "-o", bin, "./internal/model"], dir);
  return bin;
}

/** Runs the benchmarks `runs` times with `iterations` each and collects ns/op per side. */
export function measureRuntime(dir: string, bin: string, runs: number, iterations: number): RuntimeRatios[] {
  const sample = (): Sample => ({ model: [], raw: [], ratios: [] });
  const ops: RuntimeRatios[] = ["FindOne", "Insert"].map((op) => ({ op, wall: sample(), cpu: sample() }));
  for (let i = 0; i < runs; i++) {
    const env = {
      ...goEnv,
      MODEL_MIGRATIONS_SQLITE: join(dir, "testdata/migrations/sqlite"),
      MODEL_BENCH_RAW_FIRST: i % 2 ? "1" : "",
    };
    const out = run(
      bin,
      ["-test.run", "^$", "-test.bench", ".", "-test.benchtime", `${iterations}x`],
      join(dir, "internal/model"),
      env,
    );
    for (const o of ops) {
      const line = (side: string): string => {
        const m = new RegExp(`^Benchmark${o.op}/${side}-\\d+\\s.*$`, "m").exec(out);
        if (!m) throw new Error(`no ${o.op}/${side} result in:\n${out}`);
        return m[0];
      };
      const add = (s: Sample, unit: string): void => {
        const value = (side: string): number => Number(new RegExp(`([\\d.]+) ${unit}`).exec(line(side))?.[1]);
        const model = value("model");
        const raw = value("database-sql");
        s.model.push(model);
        s.raw.push(raw);
        s.ratios.push(model / raw);
      };
      add(o.wall, "ns/op");
      add(o.cpu, "cpu-ns/op");
    }
  }
  return ops;
}

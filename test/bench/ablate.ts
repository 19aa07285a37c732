/**
 * `npm run bench -- --ablate [name,…] [--case api|proto] [--runs 3]`: what each speed mechanism
 * gains. Every mechanism has an off switch (engine/cache/switches.ts: CODEGEN_NO=<name>; the
 * fast evaluator CODEGEN_EXPRESSIONS=jsonata; compiled Liquid CODEGEN_LIQUID=liquidjs). One trial runs, on a fresh project with a fresh cache: `--help`, the
 * cold gen, three no-change gens (the first after the write, the second, one from the early path) and a
 * one-file edit. Trials go in pairs, one with everything on and one with the mechanism off,
 * back to back (which goes first turns each round), and the gain is the median over rounds of
 * the pairs' differences: a slow spell of the shared machine falls on both halves of a pair.
 * Shown in wall time and in CPU time (user + system of codegen and the programs it ran, from
 * /usr/bin/time: steadier under load, blind to what runs in parallel).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MECHANISMS } from "../../engine/cache/index.js";
import { codegenBin } from "../support/paths.js";
import { apiModule, writeGoctlApiProject } from "./goctl-inputs.js";
import { writeProtoProject } from "./proto-case.js";

interface Setting {
  name: string;
  env: Record<string, string>;
}

const CASES = ["--help", "cold", "no-change 1st", "no-change 2nd", "no-change later", "one-file edit"] as const;
type Case = (typeof CASES)[number];
type Sample = Record<Case, { wall: number; cpu: number }>;

interface Project {
  write(dir: string): void;
  edit(dir: string, i: number): void;
}

const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

/** Wall and CPU milliseconds of one codegen run. */
function run(argv: string[], cwd: string, env: Record<string, string>): { wall: number; cpu: number } {
  const cmd = TIME
    ? [TIME, "-f", "cpu %U %S", process.execPath, codegenBin, ...argv]
    : [process.execPath, codegenBin, ...argv];
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd[0]!, cmd.slice(1), {
    cwd,
    encoding: "utf8",
    env: { ...process.env, ...env },
    maxBuffer: 64 << 20,
  });
  const wall = Number(process.hrtime.bigint() - start) / 1e6;
  if (r.status !== 0)
    throw new Error(
      `codegen ${argv.join(" ")} failed in ${cwd} with ${JSON.stringify(env)}:\n${r.stdout}\n${r.stderr}`,
    );
  const m = /cpu ([\d.]+) ([\d.]+)\s*$/.exec(r.stderr);
  return { wall, cpu: m ? (Number(m[1]) + Number(m[2])) * 1000 : NaN };
}

function trial(project: Project, setting: Setting, round: number): Sample {
  const dir = mkdtempSync(join(tmpdir(), "codegen-ablate-"));
  const cache = mkdtempSync(join(tmpdir(), "codegen-ablate-cache-"));
  try {
    const env = { ...setting.env, CODEGEN_CACHE_DIR: cache };
    project.write(dir);
    const help = run(["--help"], tmpdir(), env);
    const cold = run(["gen"], dir, env);
    const first = run(["gen"], dir, env);
    const second = run(["gen"], dir, env);
    const later = [run(["gen"], dir, env), run(["gen"], dir, env), run(["gen"], dir, env)];
    project.edit(dir, round);
    const edit = run(["gen"], dir, env);
    const mid = (xs: Array<{ wall: number; cpu: number }>): { wall: number; cpu: number } => ({
      wall: median(xs.map((x) => x.wall)),
      cpu: median(xs.map((x) => x.cpu)),
    });
    return {
      "--help": help,
      cold,
      "no-change 1st": first,
      "no-change 2nd": second,
      "no-change later": mid(later),
      "one-file edit": edit,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
    rmSync(cache, { recursive: true, force: true });
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export function settings(only: string[] | null): Setting[] {
  const all: Setting[] = [
    ...MECHANISMS.map((m) => ({ name: `CODEGEN_NO=${m}`, env: { CODEGEN_NO: m } })),
    { name: "CODEGEN_EXPRESSIONS=jsonata", env: { CODEGEN_EXPRESSIONS: "jsonata" } },
    { name: "CODEGEN_LIQUID=liquidjs", env: { CODEGEN_LIQUID: "liquidjs" } },
  ];
  return all.filter((s) => !only || only.some((o) => s.name.endsWith(`=${o}`) || s.name === o));
}

export function ablation(options: {
  only: string[] | null;
  runs: number;
  kind: "api" | "proto";
  routes: number;
  files: number;
  rpcs: number;
  protoFiles: number;
}): void {
  const project: Project =
    options.kind === "api"
      ? {
          write: (dir) => writeGoctlApiProject(dir, options.routes, options.files),
          edit: (dir, i) => {
            const per = Math.ceil(options.routes / options.files);
            writeFileSync(
              join(dir, `desc/api/mods/m${i % options.files}.api`),
              apiModule(i % options.files, per, `\tExtra${i} string \`json:"extra${i},optional"\``),
            );
          },
        }
      : {
          write: (dir) => writeProtoProject(dir, options.rpcs, options.protoFiles),
          edit: (dir, i) => {
            const file = join(dir, `desc/proto/m${i % options.protoFiles}.proto`);
            writeFileSync(
              file,
              readFileSync(file, "utf8").replace("int32 page = 2;", `int32 page = 2;\n  string extra${i} = 3;`),
            );
          },
        };
  const chosen = settings(options.only);
  const baseline: Setting = { name: "baseline", env: {} };
  const pairs = new Map<string, Array<{ on: Sample; off: Sample }>>(chosen.map((s) => [s.name, []]));
  const started = Date.now();
  for (let round = 0; round < options.runs; round++) {
    for (const s of chosen) {
      const first = round % 2 === 0 ? trial(project, baseline, round) : null;
      const off = trial(project, s, round);
      const on = first ?? trial(project, baseline, round);
      pairs.get(s.name)!.push({ on, off });
    }
    console.log(`round ${round + 1} of ${options.runs} done (${Math.round((Date.now() - started) / 1000)} s)`);
  }
  const all = [...pairs.values()].flat();
  const base = (c: Case, unit: "wall" | "cpu"): number => median(all.map((p) => p.on[c][unit]));
  const gain = (name: string, c: Case, unit: "wall" | "cpu"): number =>
    median(pairs.get(name)!.map((p) => p.off[c][unit] - p.on[c][unit]));
  console.log(
    `\nablation, ${options.kind} case, ${options.runs} rounds of pairs: the median with everything on (ms), then per setting the median of what turning it off added in each pair (wall / cpu)`,
  );
  const header = ["setting", ...CASES];
  const lines = [header, ["everything on", ...CASES.map((c) => `${fmt(base(c, "wall"))} / ${fmt(base(c, "cpu"))}`)]];
  for (const s of chosen)
    lines.push([s.name, ...CASES.map((c) => `${signed(gain(s.name, c, "wall"))} / ${signed(gain(s.name, c, "cpu"))}`)]);
  const widths = header.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines)
    console.log(l.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  "));
  console.log("\nas Markdown:\n");
  console.log(`| ${header.join(" | ")} |\n|${header.map(() => "---").join("|")}|`);
  for (const l of lines.slice(1)) console.log(`| ${l.join(" | ")} |`);
}

const fmt = (ms: number): string => (Number.isNaN(ms) ? "?" : ms.toFixed(0));
const signed = (ms: number): string => (Number.isNaN(ms) ? "?" : `${ms >= 0 ? "+" : ""}${ms.toFixed(0)}`);

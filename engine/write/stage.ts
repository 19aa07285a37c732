/**
 * Staging: planned files are written to a scratch folder where the pack's steps (formatters,
 * compilers) run on them. Only after every step succeeded does anything reach the project.
 */
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { minimatch } from "minimatch";
import { CodegenError, diag } from "../diagnostics/index.js";
import { runArgv } from "../exec/index.js";
import type { Step } from "../packs/index.js";
import type { Renderer } from "../render/liquid.js";
import { evaluate } from "../plan/jsonata.js";
import type { PlannedFile } from "../plan/index.js";

export interface StepContext {
  steps: Step[];
  renderer: Renderer;
  root: string;
  ir: object;
  project: { name: string; module: string; frame: string };
  config: object;
  verbose?: (line: string) => void;
}

/** Returns the files with their contents after every step ran (and files steps created, when collected). */
export async function stageAndRunSteps(files: PlannedFile[], ctx: StepContext): Promise<PlannedFile[]> {
  const active = await activeSteps(ctx);
  if (active.length === 0) return files;
  const staging = await mkdtemp(join(tmpdir(), "codegen-stage-"));
  try {
    await Promise.all(
      files.map(async (f) => {
        await mkdir(dirname(join(staging, f.path)), { recursive: true });
        await writeFile(join(staging, f.path), f.contents);
      }),
    );
    const known = new Set(files.map((f) => f.path));
    const collected: PlannedFile[] = [];
    for (const step of active) {
      const staged = [...known];
      const matched = step.files ? staged.filter((p) => minimatch(p, step.files!, { dot: true })) : [];
      if (step.files && matched.length === 0) continue;
      const scope = { ir: ctx.ir, project: ctx.project, config: ctx.config, staging, root: ctx.root };
      const argv: string[] = [];
      for (const arg of step.run) argv.push(arg.includes("{") ? await ctx.renderer.renderString(arg, scope) : arg);
      // Liquid may render an argument to nothing (an optional flag); drop it rather than pass "".
      const args = [...argv.filter((a) => a !== ""), ...matched];
      ctx.verbose?.(`step ${step.name}: ${argv.join(" ")}${matched.length ? ` (+${matched.length} files)` : ""}`);
      const result = await runArgv(args, staging);
      if (result.exitCode !== 0) {
        const output = result.output.split(staging + "/").join("").trim();
        throw new CodegenError(diag("STEP_FAILED", `step "${step.name}" failed (exit ${result.exitCode}); nothing was written\n${output}`, step.span));
      }
      if (step.collect) {
        for (const p of await listFiles(staging)) {
          if (!known.has(p) && minimatch(p, step.collect, { dot: true })) {
            known.add(p);
            collected.push({ path: p, mode: "managed", contents: Buffer.alloc(0), rule: `step:${step.name}`, sources: [] });
          }
        }
      }
    }
    return Promise.all([...files, ...collected].map(async (f) => ({ ...f, contents: await readFile(join(staging, f.path)) })));
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function activeSteps(ctx: StepContext): Promise<Step[]> {
  const out: Step[] = [];
  for (const s of ctx.steps) {
    if (s.frames && !s.frames.includes(ctx.project.frame)) continue;
    if (s.when && !(await evaluate(s.when, ctx.ir, { ir: ctx.ir, project: ctx.project, config: ctx.config }, s.span))) continue;
    out.push(s);
  }
  return out;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"));
}

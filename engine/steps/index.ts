/**
 * Steps: the pack's programs (formatters, compilers) transform the rendered files on a scratch
 * tree, never in the project. Files are copied to the scratch folder only when a step must
 * actually run; per-file steps marked `cache` reuse earlier outputs for identical inputs.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { mkdir, readFile, readdir, writeFile } from "node:fs/promises";
import { makeStaging, removeStaging } from "./staging.js";
import { dirname, isAbsolute, join, relative } from "node:path";
import { Minimatch, minimatch } from "minimatch";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";
import { templateLineAt, withoutMarks } from "../render/index.js";
import { runArgv } from "../exec/index.js";
import type { Step, Tool } from "../packs/index.js";
import type { Renderer } from "../render/index.js";
import { evaluate, evaluateList, renderOrigin, withoutClock } from "../plan/index.js";
import type { PlannedFile } from "../plan/index.js";
import { cachedFiles, storeFiles, toolIdentity } from "./cache.js";
import { FileStepCache } from "./file-cache.js";
import { memoKey, switchedOff, type KeyPart } from "../cache/index.js";
import { findInputs } from "../descriptors/index.js";
import { outputDiagnostics } from "./output.js";
import { bySize, eachAtOnce, inBatches } from "./batches.js";
import { assertProgramsFound } from "./programs.js";

export { toolIdentity } from "./cache.js";

export interface StepContext {
  steps: Step[];
  /** The pack's declared tools: their install commands, for a program a step needs that is missing. */
  tools?: Tool[];
  renderer: Renderer;
  root: string;
  ir: object;
  project: { name: string; module: string; frame: string };
  config: object;
  /** The pack's function library (plan/functions.ts), bound in every step expression. */
  functions?: Record<string, unknown>;
  /** The built-in layers' functions alone, for the steps of built-in layers. */
  builtinFunctions?: Record<string, unknown>;
  verbose?: ((line: string) => void) | undefined;
  /** Told when a step really runs (not served from the cache): it may take a while. */
  progress?: ((message: string) => void) | undefined;
}

/** Returns the files with their contents after every step ran (plus files steps created, when collected). */
export async function runSteps(files: PlannedFile[], ctx: StepContext): Promise<PlannedFile[]> {
  const active = await activeSteps(ctx);
  if (active.length === 0) return files;
  const paths = files.map((f) => f.path);
  // Only the steps that have files to process: one with none is skipped below.
  const running = active.filter((s) => s.files === null || paths.some((p) => minimatch(p, s.files!, { dot: true })));
  assertProgramsFound(running, ctx.tools ?? [], ctx.project.frame);
  const asRendered = files;
  const byPath = new Map(files.map((f) => [f.path, { ...f }]));
  let staging: string | null = null;
  const stage = async (): Promise<string> => {
    if (staging) return staging;
    staging = await stageFiles(byPath, [...byPath.keys()]);
    return staging;
  };
  // A per-file step sees only its files: before any whole step it gets a folder of just the
  // files it must process (after a one-file edit, a handful instead of the whole tree).
  const scratchDirs: string[] = [];
  try {
    for (const step of active) {
      const files = step.files ? new Minimatch(step.files, { dot: true }) : null;
      let matched = files ? [...byPath.keys()].filter((p) => files.match(p)) : [];
      if (step.files && matched.length === 0) continue;
      // Arguments are rendered with a stand-in for the staging folder, so cache keys are the
      // same from run to run; the real folder replaces it just before the step runs.
      const template = await renderArgv(step, ctx);
      let perFile: FileStepCache | null = null;
      const inputs = new Map<string, Buffer>();
      let wholeKey: string | null = null;
      const cached = step.cache && !switchedOff("step-cache");
      if (cached && step.files) {
        const all = matched;
        const tools = await Promise.all([template[0] ?? "", ...step.cacheTools].map((t) => toolIdentity(t)));
        perFile = new FileStepCache(JSON.stringify(template) + tools.join("\0"));
        matched = useCache(byPath, matched, perFile, inputs);
        // Keep an existing staging copy in step with the cached outputs just taken.
        if (staging) for (const p of all) writeFileSync(join(staging, p), byPath.get(p)!.contents);
        if (matched.length === 0) continue;
      } else if (cached) {
        wholeKey = await wholeStepKey(step, template, ctx.root, byPath);
        const hit = cachedFiles(wholeKey);
        if (hit) {
          for (const f of hit) {
            byPath.set(f.path, {
              path: f.path,
              mode: "managed",
              contents: f.contents,
              rule: `step:${step.name}`,
              sources: [],
              rendered: true,
            });
            if (staging) {
              await mkdir(dirname(join(staging, f.path)), { recursive: true });
              await writeFile(join(staging, f.path), f.contents);
            }
          }
          ctx.verbose?.(`step ${step.name}: unchanged inputs, ${hit.length} files from the cache`);
          continue;
        }
      }
      const alone = perFile !== null && staging === null && !step.collect;
      const dir = alone ? await stageFiles(byPath, matched) : await stage();
      if (alone) scratchDirs.push(dir);
      const argv = template.map((a) => a.split(STAGING).join(dir));
      // Liquid may render an argument to nothing (an optional flag); drop it rather than pass "".
      const base = argv.filter((a) => a !== "");
      // A per-file step (cached by file content) may run on parts of its files at once.
      // Any step's files are split where one command line would be too long (E2BIG).
      const batches = step.cache && step.files ? inBatches(matched) : step.files ? bySize(matched) : [matched];
      ctx.verbose?.(
        `step ${step.name}: ${argv.join(" ")}${matched.length ? ` (+${matched.length} files${batches.length > 1 ? ` in ${batches.length} runs at once` : ""})` : ""}`,
      );
      ctx.progress?.(
        `running ${step.name} (${argv[0] ?? ""}${matched.length ? ` on ${matched.length} ${matched.length === 1 ? "file" : "files"}` : ""})`,
      );
      // Parts of a cached per-file step go at once, one per core; any other step's parts in turn.
      // A file name is never taken for an option ("-x") or an options file ("@x").
      const asFile = (p: string): string => (/^[-@]/.test(p) ? `./${p}` : p);
      const results = await withoutClock(() =>
        eachAtOnce(batches, (batch) => runArgv([...base, ...batch.map(asFile)], dir), step.cache ? undefined : 1),
      );
      const result = results.find((r) => r.exitCode !== 0) ?? results[0]!;
      if (result.exitCode !== 0) {
        const output = result.output
          .split(dir + "/")
          .join("")
          .trim();
        const hint = result.exitCode === 127 ? cannotRunHint(output) : undefined;
        const inputs = step.inputs ? await findInputs(ctx.root, step.inputs, `step "${step.name}"'s inputs glob`) : [];
        const atUserFiles = outputDiagnostics(output, step.name, [...new Set([...inputs, ...byPath.keys()])]);
        for (const d of atUserFiles) d.message += renderedFrom(d.span, asRendered, byPath, ctx);
        // The located lines point at the user's files; the whole output still follows.
        if (atUserFiles.length > 0)
          throw new CodegenError([
            ...atUserFiles,
            diag(
              "STEP_FAILED",
              `step "${step.name}" failed (exit ${result.exitCode}); nothing was written\n${output}`,
              undefined,
              hint,
            ),
          ]);
        throw new CodegenError(
          diag(
            "STEP_FAILED",
            `step "${step.name}" failed (exit ${result.exitCode}); nothing was written\n${output}`,
            step.span,
            hint,
          ),
        );
      }
      const before = new Set(byPath.keys());
      if (alone) for (const p of matched) byPath.get(p)!.contents = readFileSync(join(dir, p));
      else await syncFromStaging(dir, byPath, step);
      if (perFile) {
        for (const [p, input] of inputs) perFile.remember(input, byPath.get(p)!.contents);
        perFile.save();
      }
      if (wholeKey)
        storeFiles(
          wholeKey,
          [...byPath.values()].filter((f) => !before.has(f.path)),
        );
    }
    return [...byPath.values()];
  } finally {
    // Synchronously: fs.promises.rm takes a thread-pool round trip per file, which more than
    // doubles the time for the thousand files of a 500-route project.
    for (const d of [...scratchDirs, ...(staging ? [staging] : [])]) removeStaging(d);
  }
}

/**
 * ` (rendered from <template>:<line>)` for a diagnostic at a rendered file, when the line is
 * traced (template-lines.ts) — only while the file still holds what its template rendered;
 * otherwise the template alone. Empty for other files.
 */
function renderedFrom(
  span: SourceSpan | undefined,
  original: PlannedFile[],
  byPath: Map<string, PlannedFile>,
  ctx: StepContext,
): string {
  const now = span ? byPath.get(span.file) : undefined;
  const planned = now ? original.find((f) => f.path === now.path) : undefined;
  const origin = planned ? renderOrigin(planned) : undefined;
  if (!span || !now || !planned || !origin) return "";
  const { template, scope } = origin;
  const { file, output } = ctx.renderer.renderTagged(template, { ...scope, rule: { name: now.rule, path: now.path } });
  const shown = file ? shownPath(file, ctx.root) : template;
  const rendered = planned.contents;
  const unchanged = rendered.equals(now.contents);
  const line =
    output !== null && unchanged && withoutMarks(output) === rendered.toString("utf8")
      ? templateLineAt(output, span.line, span.column)
      : null;
  return ` (rendered from ${shown}${line === null ? "" : `:${line}`})`;
}

/** A template's path from the project root when it lies there, else as found. */
function shownPath(file: string, root: string): string {
  const rel = relative(root, file);
  return rel.startsWith("..") || isAbsolute(rel) ? file : rel.split("\\").join("/");
}

/** Why a step's program could not be started, from the error the system gave. */
function cannotRunHint(output: string): string {
  if (/\bE2BIG\b/.test(output))
    return "the step's command line is longer than the system allows; shorten its arguments (its file list is split already)";
  if (/\bEACCES\b/.test(output))
    return "the step's program is not executable (permission denied): check its path and mode, or run codegen check";
  return "a program the step needs is missing: run codegen check";
}

/** A scratch folder holding these files (by their project paths). */
async function stageFiles(byPath: Map<string, PlannedFile>, paths: string[]): Promise<string> {
  const dir = makeStaging();
  const made = new Set<string>();
  for (const p of paths) {
    const folder = dirname(join(dir, p));
    if (!made.has(folder)) mkdirSync(folder, { recursive: true });
    made.add(folder);
    writeFileSync(join(dir, p), byPath.get(p)!.contents);
  }
  return dir;
}

/** Stands for the staging folder in rendered arguments until the folder exists. */
const STAGING = "\u0000staging\u0000";

async function renderArgv(step: Step, ctx: StepContext): Promise<string[]> {
  const scope = {
    ...functionsFor(step, ctx),
    ir: ctx.ir,
    project: ctx.project,
    config: ctx.config,
    staging: STAGING,
    root: ctx.root,
  };
  const argv: string[] = [];
  for (const arg of step.run) argv.push(arg.includes("{") ? await ctx.renderer.renderString(arg, scope) : arg);
  if (step.args) argv.push(...(await evaluateList(step.args, ctx.ir, scope, step.span)).map((a) => String(a)));
  return argv;
}

/** A whole step's key: its arguments, the programs it runs, and its inputs' contents. */
async function wholeStepKey(
  step: Step,
  argv: string[],
  root: string,
  byPath: Map<string, PlannedFile>,
): Promise<string> {
  const parts: KeyPart[] = [JSON.stringify({ argv, collect: step.collect, inputs: step.inputs })];
  for (const tool of [argv[0] ?? "", ...step.cacheTools]) parts.push(await toolIdentity(tool));
  const inputs = new Map<string, Buffer>();
  if (step.inputs) {
    for (const p of await findInputs(root, step.inputs, `step "${step.name}"'s inputs glob`))
      inputs.set(p, await readFile(join(root, p)));
    for (const [p, f] of byPath) if (minimatch(p, step.inputs, { dot: true })) inputs.set(p, f.contents);
  }
  return memoKey("step-cache", [...parts, ...[...inputs.keys()].sort().flatMap((p) => [p, inputs.get(p)!])]);
}

/** Read back every planned file, and collect new files a step created when it asks for that. */
async function syncFromStaging(dir: string, byPath: Map<string, PlannedFile>, step: Step): Promise<void> {
  for (const f of byPath.values()) f.contents = readFileSync(join(dir, f.path));
  if (!step.collect) return;
  for (const p of await listFiles(dir)) {
    if (!byPath.has(p) && minimatch(p, step.collect, { dot: true })) {
      byPath.set(p, {
        path: p,
        mode: "managed",
        contents: await readFile(join(dir, p)),
        rule: `step:${step.name}`,
        sources: [],
        rendered: true,
      });
    }
  }
}

/** Replace files whose output is cached; return the files the step must still process (their inputs kept in `inputs`). */
function useCache(
  byPath: Map<string, PlannedFile>,
  files: string[],
  cache: FileStepCache,
  inputs: Map<string, Buffer>,
): string[] {
  const misses: string[] = [];
  for (const p of files) {
    const f = byPath.get(p)!;
    const hit = cache.lookup(f.contents);
    if (hit) f.contents = hit;
    else {
      inputs.set(p, f.contents);
      misses.push(p);
    }
  }
  return misses.sort();
}

function functionsFor(step: Step, ctx: StepContext): Record<string, unknown> | undefined {
  return step.builtin ? (ctx.builtinFunctions ?? ctx.functions) : ctx.functions;
}

async function activeSteps(ctx: StepContext): Promise<Step[]> {
  const out: Step[] = [];
  for (const s of ctx.steps) {
    if (s.frames && !s.frames.includes(ctx.project.frame)) continue;
    if (
      s.when &&
      !(await evaluate(
        s.when,
        ctx.ir,
        { ...functionsFor(s, ctx), ir: ctx.ir, project: ctx.project, config: ctx.config },
        s.span,
      ))
    )
      continue;
    out.push(s);
  }
  return out;
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"));
}

/**
 * Planning: evaluate a pack's rules against the IR and render every planned file in memory.
 * Pure: nothing here touches the project on disk.
 */
import { basename, dirname } from "node:path";
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";
import { LinkRefused, readInside } from "../fs/index.js";
import type { Mode, Pack, Phase, Rule } from "../packs/index.js";
import { Renderer } from "../render/index.js";
import { liquidDiagnostic } from "../render/index.js";
import { budgetError, evaluate, evaluateList, evaluateMaybeAsync } from "./jsonata.js";
import { budget, BudgetExceeded, stopOf } from "../expression/index.js";
import { safeRelativePath } from "./safe-path.js";
import { ViewMemo } from "./views.js";
import { aggregateOf, planBindings } from "./aggregates.js";
import { RenderCache } from "./render-cache.js";
import { JsonTextMemo } from "./json-text-memo.js";
import { libraryIsItemLocal, ViewResults } from "./view-results.js";
import { switchedOff } from "../cache/index.js";
import { libraryKey } from "./functions.js";
import type { MaybeAsync } from "./maybe-async.js";

export { evaluate, evaluateList, guardEmptyArrays } from "./jsonata.js";
export { withoutClock } from "../expression/index.js";
export { bindFunctions, type FunctionLibrary } from "./functions.js";
export { runViewTests, type ViewCaseResult } from "./view-tests.js";

export interface PlannedFile {
  path: string;
  mode: Mode;
  contents: Buffer;
  rule: string;
  /** Descriptor files the item came from (its `file` or `pos.file`); [] for aggregate files. */
  sources: string[];
  /** False for a `once` file left unrendered because it belongs to the user (contents empty). */
  rendered: boolean;
  /** The rule's `identity` for this file: the same identity at a new path moves a `once` file there (write/moves.ts). */
  identity?: string;
  /** A `once` file whose secrets the writer filled in: the digest of what its rule rendered, placeholders and all, which later runs compare. */
  renderedDigest?: string;
}

/**
 * The template that rendered a planned file and the scope it saw, kept beside the file (never in
 * it: files are stored and serialized) so a failing step's diagnostic can name the template line.
 */
const origins = new WeakMap<PlannedFile, { template: string; scope: object }>();

export function renderOrigin(file: PlannedFile): { template: string; scope: object } | undefined {
  return origins.get(file);
}

export interface PlanInput {
  pack: Pack;
  ir: object;
  project: { name: string; module: string; frame: string };
  config: object;
  phase: Phase;
  renderer?: Renderer;
  /** `once` files the user owns: planned without rendering them. */
  userOwned?: (path: string) => boolean;
  /** Keep rendered files and item views' data between runs (render-cache.ts, view-results.ts). */
  keepBetweenRuns?: boolean;
  /** Filled with each rule's milliseconds (evaluating, viewing and rendering its files), when given. */
  timings?: Map<string, number>;
}

export async function plan(input: PlanInput): Promise<PlannedFile[]> {
  const renderer = input.renderer ?? new Renderer(input.pack.templateDirs);
  const base = { ir: input.ir, project: input.project, config: input.config };
  const views = new ViewMemo();
  const bindings = await planBindings(input, views);
  const byPath = new Map<string, PlannedFile>();
  // The JSON texts both caches key by: each item's made once.
  const json = new JsonTextMemo();
  const rendered =
    input.keepBetweenRuns && !switchedOff("render-cache") ? new RenderCache(input.pack.templateDirs, base, json) : null;
  const results = input.keepBetweenRuns && !switchedOff("view-cache") ? keptViews(input, bindings, json) : null;
  if (results) views.keep(results, input.ir);
  const errors: Diagnostic[] = [];

  for (const rule of input.pack.rules) {
    if (!rule.on.includes(input.phase)) continue;
    if (rule.frames && !rule.frames.includes(input.project.frame)) continue;
    const started = performance.now();
    const items = rule.each ? await evaluateList(rule.each, input.ir, bindings, rule.span) : [null];
    if (items.length > budget.limits.items)
      throw budgetError(
        new BudgetExceeded("items", `each gave ${items.length} items (more than ${budget.limits.items})`),
        rule.span,
        `rule "${rule.name}"`,
      );
    for (const item of items) {
      try {
        let data: unknown = null;
        if (item === null) {
          const whole = await aggregateOf(rule, input, bindings);
          if (whole.skip) continue;
          data = whole.data;
        } else {
          if (rule.when && !(await evaluate(rule.when, item, bindings, rule.span))) continue;
          if (rule.data)
            data = await views.of(rule.data, item, () => evaluateMaybeAsync(rule.data!, item, bindings, rule.span));
        }
        const scope = { ...base, item, [rule.as]: item, data, rule: { name: rule.name } };
        const rawPath = await renderInline(renderer, rule.path, scope, rule, "path");
        if (rawPath.trim() === "") continue;
        const path = safeRelativePath(rawPath, itemSpan(item) ?? rule.span, rule.name);
        const mode = await resolveMode(renderer, rule, scope, item ?? input.ir, bindings);
        const prior = byPath.get(path);
        if (prior) {
          errors.push(
            diag(
              "PLAN_CONFLICT",
              `rules "${prior.rule}" and "${rule.name}" both plan ${path}`,
              rule.span,
              "two descriptor items map to the same file; rename one of them",
            ),
          );
          continue;
        }
        const skip = mode === "once" && input.userOwned?.(path) === true;
        const contents = skip
          ? Buffer.alloc(0)
          : await renderCached(rendered, rule, { path, item, data }, () =>
              renderContents(renderer, input.pack, rule, { ...scope, rule: { name: rule.name, path } }),
            );
        // Only `once` files move by identity (write/moves.ts). One that renders empty gives none:
        // the file is then only ever where its path says.
        const identity =
          rule.identity === null || mode !== "once"
            ? ""
            : (await renderInline(renderer, rule.identity, scope, rule, "identity")).trim();
        const file: PlannedFile = {
          path,
          mode,
          contents,
          rule: rule.name,
          sources: sourcesOf(item),
          rendered: !skip,
          ...(identity === "" ? {} : { identity }),
        };
        if (!skip && rule.template && !rule.copy) origins.set(file, { template: rule.template, scope });
        byPath.set(path, file);
      } catch (e) {
        if (e instanceof CodegenError) errors.push(...e.diagnostics);
        else throw e;
        // A budget spent is spent for every later file too: one diagnostic is enough.
        if (e.diagnostics.some((d) => d.code === "PACK_BUDGET")) throw new CodegenError(errors);
        if (errors.length >= 20) break;
      }
    }
    input.timings?.set(rule.name, (input.timings.get(rule.name) ?? 0) + performance.now() - started);
  }
  if (errors.length) throw new CodegenError(errors);
  rendered?.save();
  results?.save();
  return [...byPath.values()];
}

/** View results of earlier runs of this project state (view-results.ts). */
function keptViews(input: PlanInput, bindings: Record<string, unknown>, json: JsonTextMemo): ViewResults {
  const context = [libraryKey(input.pack), JSON.stringify(input.project), JSON.stringify(input.config)];
  const libraryIsLocal = libraryIsItemLocal(input.pack.functions.map((f) => f.source));
  const view = bindings["view"] as (name: string, item: unknown) => MaybeAsync<unknown>;
  return new ViewResults(context, libraryIsLocal, (name) => view(name, input.ir), json);
}

/** Where a descriptor item was written, when the IR says so. */
function itemSpan(item: unknown): SourceSpan | null {
  const pos = (item as { pos?: { file?: unknown; line?: unknown; column?: unknown } } | null)?.pos;
  return pos && typeof pos.file === "string" && typeof pos.line === "number" && typeof pos.column === "number"
    ? { file: pos.file, line: pos.line, column: pos.column }
    : null;
}

function sourcesOf(item: unknown): string[] {
  if (!item || typeof item !== "object") return [];
  const o = item as { file?: unknown; pos?: { file?: unknown } };
  const file = typeof o.file === "string" ? o.file : typeof o.pos?.file === "string" ? o.pos.file : null;
  return file ? [file] : [];
}

async function renderInline(
  renderer: Renderer,
  source: string,
  scope: object,
  rule: Rule,
  what: string,
): Promise<string> {
  try {
    return await renderer.renderString(source, scope);
  } catch (e) {
    throwStop(e, rule, `rule "${rule.name}" ${what}`);
    throw new CodegenError(liquidDiagnostic(e, rule.span, `rule "${rule.name}" ${what}`));
  }
}

/**
 * A mode is a constant, or a jsonata expression over the item (like `when`) giving one; the older
 * form, a Liquid string rendering to one, is still read.
 */
async function resolveMode(
  renderer: Renderer,
  rule: Rule,
  scope: object,
  input: unknown,
  bindings: Record<string, unknown>,
): Promise<Mode> {
  const written = rule.mode.trim();
  const mode = MODES.includes(written as Mode)
    ? written
    : /\{[{%]/.test(written)
      ? (await renderInline(renderer, written, scope, rule, "mode")).trim()
      : String(await evaluate(written, input, bindings, rule.span));
  if (!MODES.includes(mode as Mode)) {
    throw new CodegenError(
      diag("PACK_RULE_INVALID", `rule "${rule.name}" mode must be managed, once or merge, got "${mode}"`, rule.span),
    );
  }
  return mode as Mode;
}

const MODES: readonly Mode[] = ["managed", "once", "merge"];

async function renderCached(
  cache: RenderCache | null,
  rule: Rule,
  parts: { path: string; item: unknown; data: unknown },
  render: () => Promise<Buffer>,
): Promise<Buffer> {
  const key = cache && rule.template ? cache.key(rule.template, { rule: rule.name, as: rule.as, ...parts }) : null;
  const hit = key ? cache!.get(key) : null;
  if (hit) return hit;
  const bytes = await render();
  if (key) cache!.put(key, bytes);
  return bytes;
}

async function renderContents(renderer: Renderer, pack: Pack, rule: Rule, scope: object): Promise<Buffer> {
  if (rule.copy) {
    for (const dir of pack.staticDirs) {
      // Read from the pack's folder through real folders only: a fetched pack's `static/leak -> /etc/passwd` is refused.
      try {
        const bytes = readInside(dirname(dir), `${basename(dir)}/${rule.copy}`);
        if (bytes) return bytes;
      } catch (e) {
        if (!(e instanceof LinkRefused)) throw e;
        throw new CodegenError(
          diag(
            "PACK_UNSAFE_FILE",
            `rule "${rule.name}" copies ${rule.copy}, but the pack's ${e.path} is a symbolic link; codegen never copies or follows links from a pack; nothing was written`,
            rule.span,
            "a pack's files must be regular files inside the pack; ask its author to replace the link with the file",
          ),
        );
      }
    }
    throw new CodegenError(
      diag(
        "PACK_RULE_INVALID",
        `rule "${rule.name}" copies ${rule.copy}, which is not in the pack's static/ folder`,
        rule.span,
      ),
    );
  }
  try {
    return Buffer.from(await renderer.renderFile(rule.template!, scope), "utf8");
  } catch (e) {
    throwStop(e, rule, `rule "${rule.name}" template ${rule.template}`);
    throw new CodegenError(liquidDiagnostic(e, rule.span, `template ${rule.template}`));
  }
}

/** A budget reached or a signal while rendering: a diagnostic at the rule, or the stop as it is. */
function throwStop(e: unknown, rule: Rule, what: string): void {
  const stop = stopOf(e);
  if (stop instanceof BudgetExceeded) throw budgetError(stop, rule.span, what);
  if (stop) throw stop;
}

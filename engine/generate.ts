/**
 * Generation as a pure function: config → pack → descriptors → IR → checks → plan and render →
 * steps (on a scratch tree). It returns every file the project should hold (path, bytes, mode,
 * provenance) and writes nothing; the writer compares that with the ledger and the disk.
 */
import { join } from "node:path";
import { CodegenError, diag, formatDiagnostic, type Diagnostic } from "./diagnostics/index.js";
import { descriptorHashes, generationInputs, generationKey, type GenerationInputs } from "./generation-key.js";
import { applyPack, consentState, type LoadedConfig, notAllowed, settingSpan } from "./config/index.js";
import { layerIdentity, loadPack, type Pack, type PackPins, type Phase } from "./packs/index.js";
import { cachedCommandOutput } from "./exec/index.js";
import { readDescriptors } from "./descriptors/index.js";
import { DEFAULT_PLUGINS_DIR, readPlugins } from "./project/index.js";
import type { PlannedFile } from "./plan/index.js";
import { validateValue } from "./schema/index.js";
import { packageRoot } from "./cache/index.js";
import {
  budget,
  BudgetExceeded,
  endBudget,
  enterEvaluation,
  limitsFrom,
  SignalStop,
  startBudget,
  stopOf,
  tick,
  watchSignals,
  type Limits,
} from "./expression/index.js";
import type { RenderBudget } from "./render/index.js";
import { Interrupted, type Said } from "./write/index.js";
import { namedHashes, namedScope } from "./named-inputs.js";
import { phaseTimer, slowest } from "./phase-timer.js";

export const checksDir = join(packageRoot, "rules");

export interface GenerateOptions {
  config: LoadedConfig;
  phase: Phase;
  /**
   * A partial run (`--desc`, `--git-change`): root-relative descriptor paths whose files are
   * returned (aggregates always are). Descriptors that changed since the last gen (`recorded`)
   * are added, so aggregates never name files this run would not write.
   */
  only?: string[] | null;
  /** Descriptor → SHA-256 at the last gen that wrote its files (the ledger's record); null when unknown. */
  recorded?: Record<string, string> | null;
  log?: (line: string) => void;
  /** Told when slow work (a pack step) starts. */
  progress?: (message: string) => void;
  /** An already loaded pack (`new` loads it once for both of its phases). */
  pack?: Pack;
  /**
   * Descriptors named on the command line (`gen --api x.api`), absolute, by kind: read instead of
   * the inputs' globs (the other kinds are not read). Such a run is not kept for later runs.
   */
  named?: Record<string, string[]>;
  /** Plan and render only, without the pack's steps (files as templates print them): not kept for later runs. */
  withoutSteps?: boolean;
  /** `once` files the user owns: planned without rendering them. */
  userOwned?: (path: string) => boolean;
  /** Versions of fetched packs: pinned ones are used, the ones used are recorded here. */
  pins?: PackPins;
  /**
   * Given a full gen's key: what the last run with that key said, when the project's files are
   * known to be as that run left them (write/snapshot.ts). Generation then stops there.
   */
  unchanged?: (key: string) => Said | null;
}

export interface GenerateResult {
  files: PlannedFile[];
  /** The IR, or null when the project's record answered (nothing was read). */
  ir: Record<string, unknown> | null;
  pack: Pack;
  /** Whether a file at a planned path carries the marker of what would generate it. */
  looksGenerated: (file: PlannedFile, bytes: Buffer) => boolean;
  /** Every descriptor file read, with the SHA-256 of its bytes. */
  descriptors: Record<string, string>;
  /** For a partial run: the descriptors whose files were returned, and those added because they changed. */
  selection: { only: string[]; widened: string[] } | null;
  /** A full gen's key (generation-key.ts) and what it was derived from, or null for runs that are not recorded. */
  key: string | null;
  keyInputs: GenerationInputs | null;
  /** The warnings and notes the run gave (kept in the project's record). */
  said: Said;
  /** `unchanged` answered: no files are returned, the project is as the last run left it. */
  reused: boolean;
}

export function projectInfo(config: LoadedConfig): { name: string; module: string; frame: string; moduleRoot: string } {
  return {
    name: config.values.name,
    module: config.values.module,
    frame: config.values.frame,
    moduleRoot: config.moduleRoot,
  };
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  try {
    return await generateFiles(options);
  } catch (e) {
    // A signal stopped a pack's evaluation: the run is interrupted, as by a signal anywhere else.
    if (e instanceof SignalStop) throw new Interrupted(e.signal);
    throw e;
  } finally {
    endBudget();
  }
}

async function generateFiles(options: GenerateOptions): Promise<GenerateResult> {
  const given = options.config;
  const timer = phaseTimer(given.values.verbose ? options.log : undefined);
  const pack =
    options.pack ??
    (await loadPack(given.values.pack, given.root, { pins: options.pins, offline: given.values.offline }));
  const config = await applyPack(given, pack);
  const values = config.values;
  assertFrame(pack, values.frame);
  // The pack's steps and proto import commands run only with the user's consent (config/consent.ts).
  const consent = consentState(config, pack);
  const packCommands = consent.commands.some((c) => c.kind === "step" || c.kind === "proto import");
  if (packCommands && !consent.allowedBy && options.phase !== "skills")
    throw notAllowed(consent, `codegen ${options.phase}`);
  const runImports = !packCommands || consent.allowedBy !== null;

  timer("load pack");
  const declared = { ...pack.inputs, ...values.inputs };
  // The kinds the frame reads (pack.yaml frames.<name>.inputs): a model folder's stray .api file is not read.
  const frameKinds = pack.frames[values.frame]?.inputs ?? null;
  const named = options.named ?? null;
  const unread = new Set(
    Object.keys(declared).filter((k) => (named ? !(k in named) : frameKinds !== null && !frameKinds.includes(k))),
  );
  const inputs = Object.fromEntries(Object.entries(declared).filter(([k]) => !unread.has(k)));
  const plugins = await readPlugins(config.root, pack.plugins?.dir ?? DEFAULT_PLUGINS_DIR, values.serverless.plugins);
  const project = { ...projectInfo(config), plugins };
  const hashes = named ? namedHashes(config.root, named) : await descriptorHashes(config.root, inputs);
  // Full gens from descriptor files are recorded; a live database can change under the same key.
  const keyInputs =
    options.phase === "gen" && !options.only && !named && !options.withoutSteps && values.sql.datasource.length === 0
      ? generationInputs(pack, values, project, config.root, Object.values(inputs))
      : null;
  const key = keyInputs ? await generationKey(keyInputs, hashes, (dir) => layerIdentity(pack, dir)) : null;
  const reused = key ? (options.unchanged?.(key) ?? null) : null;
  if (reused) {
    for (const w of reused.warnings) options.log?.(w);
    if (values.verbose) for (const n of reused.notes) options.log?.(n);
    timer("unchanged inputs and files: nothing to do");
    return {
      files: [],
      ir: null,
      pack,
      looksGenerated: markerCheck(pack),
      descriptors: hashes,
      selection: null,
      key,
      keyInputs,
      said: reused,
      reused: true,
    };
  }
  // Loaded only now: a gen the record answers needs no template or expression engine.
  const [{ bindFunctions, guardEmptyArrays, plan }, { Renderer, useBudget }, { runSteps }] = await Promise.all([
    import("./plan/index.js"),
    import("./render/index.js"),
    import("./steps/index.js"),
  ]);
  timer("load the template and expression engines");
  const said: Said = { warnings: [], notes: [] };
  const warn = (w: Diagnostic): void => {
    const line = `warning: ${formatDiagnostic(w)}`;
    said.warnings.push(line);
    options.log?.(line);
  };
  // Reading only computes, as evaluation does, and a hostile file can keep it busy: a signal the
  // main thread does not act on soon ends the read too (signal-flag.ts); endBudget leaves.
  watchSignals();
  enterEvaluation();
  const descriptors = await readDescriptors(
    declared,
    {
      root: config.root,
      ...(named ? { scope: namedScope(config.root, named) } : {}),
      config: { ...values },
      layerOf: (key) => config.provenance.get(key),
      pack: {
        inputs: declared,
        settings: {
          ...(pack.apiPackageKey ? { api: { packageKey: pack.apiPackageKey } } : {}),
          proto: { root: pack.protoLayout.root, vendored: pack.protoLayout.vendored, imports: pack.protoImports },
          ...(pack.migrationsTable ? { sql: { migrationsTable: pack.migrationsTable } } : {}),
        },
      },
      // Allowed above: the pack's commands that find third-party .proto files may run (skills
      // only reads, and leaves them out when they are not allowed).
      ...(runImports ? { run: cachedCommandOutput } : {}),
      onSkip: (m) => {
        said.notes.push(m);
        if (values.verbose) options.log?.(m);
      },
      onWarning: warn,
    },
    unread,
    named ?? {},
  );
  const ir = { project, ...descriptors };
  guardEmptyArrays(ir);
  const irErrors = await validateValue(ir, "ir.schema.json");
  // A reader produced an IR that breaks its own schema: a bug in codegen, not bad input.
  if (irErrors.length > 0) throw new Error(`the IR does not match schemas/ir.schema.json: ${irErrors.join("; ")}`);

  timer("read descriptors");
  startEvaluation(useBudget);
  const { runChecks } = await import("./checks/index.js");
  // The engine's generic checks, then the pack's (about its own layout and target language).
  const functions = await bindFunctions(pack, { ir, project, config: values });
  // A built-in step's arguments come from the built-in layers' functions only: a pack that
  // extends a built-in one cannot change what the built-in step runs.
  const builtinFunctions = pack.functions.every((f) => f.builtin)
    ? functions
    : await bindFunctions({ functions: pack.functions.filter((f) => f.builtin) }, { ir, project, config: values });
  // Checks see the phase: `new` reads no descriptor yet (it writes the frame's first ones).
  const problems = await runChecks(ir, [checksDir, ...pack.checkDirs], {
    onWarning: warn,
    bindings: { ...functions, phase: options.phase },
    settingAt: (keys) => settingSpan(config, keys),
  });
  if (problems.length > 0) throw new CodegenError(problems);

  timer("checks");
  const renderer = new Renderer(pack.templateDirs);
  const timings = values.verbose ? new Map<string, number>() : undefined;
  let files = await plan({
    pack,
    ir,
    project,
    config: values,
    phase: options.phase,
    renderer,
    userOwned: options.userOwned,
    keepBetweenRuns: true,
    timings,
  });
  let selection: GenerateResult["selection"] = null;
  if (options.only) {
    const asked = new Set(options.only);
    const widened = Object.keys(hashes).filter((f) => !asked.has(f) && options.recorded?.[f] !== hashes[f]);
    selection = { only: [...asked, ...widened], widened };
    files = restrictTo(files, selection.only);
  }
  timer(`plan and render (${files.length} files)`);
  if (timings) options.log?.(`  slowest rules: ${slowest(timings, 5)}`);
  if (values.verbose) {
    const [{ evaluations: e }, { renders }] = await Promise.all([
      import("./expression/index.js"),
      import("./render/index.js"),
    ]);
    options.log?.(
      `expressions: ${e.fast} by the fast evaluator, ${e.jsonata} by jsonata${e.jsonata > 0 ? ` (last: ${e.lastLeft})` : ""}`,
    );
    options.log?.(
      `templates: ${renders.compiled} rendered compiled, ${renders.liquidjs} by liquidjs${renders.liquidjs > 0 ? ` (last: ${renders.lastLeft})` : ""}`,
    );
  }

  const rendered = files.filter((f) => f.rendered);
  // Steps transform the project's tree; skills are written elsewhere and are not code.
  const transformed =
    options.phase === "skills" || options.withoutSteps
      ? rendered
      : await runSteps(rendered, {
          steps: pack.steps,
          tools: pack.tools,
          renderer,
          root: config.root,
          ir,
          project,
          config: values,
          functions,
          builtinFunctions,
          verbose: values.verbose ? options.log : undefined,
          progress: options.progress,
        });
  files = [...transformed, ...files.filter((f) => !f.rendered)];
  timer("steps");
  return {
    files,
    ir,
    pack,
    looksGenerated: markerCheck(pack),
    descriptors: hashes,
    selection,
    key,
    keyInputs,
    said,
    reused: false,
  };
}

/**
 * The pack's expressions and templates run from here on: under the budget (limits from the
 * environment), and a signal stops them even in the middle of a synchronous evaluation.
 */
function startEvaluation(useBudget: (b: RenderBudget) => void): void {
  let limits: Limits;
  try {
    limits = limitsFrom(process.env);
  } catch (e) {
    throw new CodegenError(diag("CONFIG_INVALID", (e as Error).message), 2);
  }
  startBudget(limits);
  useBudget({
    tick,
    get items() {
      return budget.limits.items;
    },
    get bytes() {
      return budget.limits.bytes;
    },
    exceeded: (limit, what) => new BudgetExceeded(limit, what),
    isStop: (e) => stopOf(e) !== null,
  });
}

/** The pack's marker for its own files (or another generator's it declares); a step's marker (if it declares one) for what it collects. */
function markerCheck(pack: Pack): (file: PlannedFile, bytes: Buffer) => boolean {
  return (file, bytes) => {
    if (file.rule.startsWith("step:")) {
      const step = pack.steps.find((s) => `step:${s.name}` === file.rule);
      return !step?.marker || bytes.includes(step.marker);
    }
    return (
      (pack.managedMarker !== "" && bytes.includes(pack.managedMarker)) ||
      pack.foreignMarkers.some((m) => bytes.includes(m))
    );
  };
}

function restrictTo(files: PlannedFile[], only: string[]): PlannedFile[] {
  const wanted = new Set(only);
  return files.filter((f) => f.sources.length === 0 || f.sources.some((s) => wanted.has(s)));
}

function assertFrame(pack: Pack, frame: string): void {
  if (Object.keys(pack.frames).length > 0 && frame === "") {
    throw new CodegenError(
      diag(
        "USAGE",
        `no frame is set and pack ${pack.name} gives no default (frames: ${Object.keys(pack.frames).join(", ")})`,
        undefined,
        "set frame in .codegen.yaml, or pass --frame",
      ),
      2,
    );
  }
  if (Object.keys(pack.frames).length > 0 && !pack.frames[frame]) {
    throw new CodegenError(
      diag("USAGE", `pack ${pack.name} has no frame "${frame}" (frames: ${Object.keys(pack.frames).join(", ")})`),
      2,
    );
  }
}

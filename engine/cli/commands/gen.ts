import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { existsSync, mkdirSync, realpathSync, rmdirSync } from "node:fs";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE, consentState, loadConfig, type LoadedConfig, userConfigPath } from "../../config/index.js";
import { builtinPacksDir, isRemote, type Pack } from "../../packs/index.js";
import { cacheDir } from "../../cache/index.js";
import type { GenerationInputs } from "../../generation-key.js";
import { readLedger, STATE_DIR } from "../../write/index.js";
import { DEFAULT_PLUGINS_DIR } from "../../project/index.js";
import { replaySection, stampsBeforeLoading } from "../replay.js";
import { withHooks } from "../hooks.js";
import { rebaseSpans } from "../errors.js";
import { diffLines, fileLines, summary, type Out } from "../report.js";
import { checkLines } from "../stale-files.js";
import { markedUnknown } from "../unknown-generated.js";
import type { GlobalFlags } from "../flags.js";
import { configFlags } from "../flags.js";
import { genProject, previewing, withProjectLock, type GenRun } from "../run-gen.js";
import { gitChangedFiles } from "../git-change.js";
import { progressFor } from "../progress.js";
import { projectPack } from "../project-pack.js";
import { needConsent } from "../consent.js";
import { namedDescriptors, namedProject, type NamedFlags } from "../named-descriptors.js";

export interface GenFlags extends GlobalFlags, NamedFlags {
  desc?: string | string[];
  /** true (against HEAD) or a ref. */
  gitChange?: boolean | string;
  dryRun?: boolean;
  diff?: boolean;
  /** Write nothing; exit 1 when a file gen manages is missing, stale or edited. */
  check?: boolean;
  force?: boolean;
  /** `codegen gen` with no flags: the run records its inputs for the launcher's early path (replay.ts). */
  replayable?: boolean;
  /** Never ask for consent to run the project's commands. */
  yes?: boolean;
}

/** Returns the exit code: 0, or 1 when `--check` finds files out of date. */
export async function genCommand(flags: GenFlags, out: Out, cwd = process.cwd()): Promise<number> {
  // The default pack's name is read from the built-in packs' index.
  const configStamps = flags.replayable
    ? stampsBeforeLoading([join(resolve(cwd), CONFIG_FILE), userConfigPath(), join(builtinPacksDir, "index.yaml")])
    : {};
  const named = namedDescriptors(flags, cwd);
  const { config, pack, pins } = named
    ? await namedProject(flags, named, cwd)
    : await projectPack(await projectConfig(flags, cwd));
  const values = config.values;
  const asked = values.gen.desc.map((d) => {
    const abs = resolve(cwd, d);
    const rel = relative(config.root, abs);
    // Checked before anything is read: a descriptor outside the project is never opened.
    const outside = (r: string): boolean => r === "" || r === ".." || r.startsWith(".." + sep) || isAbsolute(r);
    if (outside(rel) || (existsSync(abs) && outside(relative(realpathSync(config.root), realpathSync(abs))))) {
      throw new CodegenError(
        diag("DESC_OUTSIDE_PROJECT", `descriptor ${d} is outside the project (${config.root}); nothing was read`),
        2,
      );
    }
    if (!existsSync(abs)) throw new CodegenError(diag("DESC_NOT_FOUND", `descriptor ${d} does not exist`), 2);
    return rel.split(sep).join("/");
  });
  const changed = flags.gitChange
    ? await gitChangedFiles(config.root, typeof flags.gitChange === "string" ? flags.gitChange : "HEAD")
    : [];
  const only = flags.gitChange || asked.length > 0 ? [...new Set([...asked, ...changed])] : null;
  const dryRun = Boolean(flags.dryRun || flags.diff || flags.check);
  // What this run prints: a run that printed more than its warnings is not one the early path can repeat.
  const printed: string[] = [];
  const tracked: Out = { info: (l) => (printed.push(l), out.info(l)), error: (l) => (printed.push(l), out.error(l)) };
  const progress = await progressFor(tracked, Boolean(flags.quiet));
  const hooks = [...values.hooks.before, ...values.gen.hooks.before, ...values.gen.hooks.after, ...values.hooks.after];
  // Hooks, steps and proto import commands of the project or a pack that is not built in run
  // only with the user's consent; a preview runs no hook, so only the pack's commands count then.
  const consent = consentState(config, pack);
  if (consent.commands.some((c) => c.kind === "step" || c.kind === "proto import" || (c.kind === "hook" && !dryRun)))
    await needConsent(consent, "codegen gen", tracked, flags.yes);
  let code = 0;
  const run = async (): Promise<void> => {
    // A plain gen that printed only its warnings can be repeated by the launcher's early path.
    const repeatable =
      flags.replayable && !dryRun && !only && hooks.length === 0 && !values.verbose && resolve(cwd) === config.root;
    const early: GenRun["early"] = (clocks, result) =>
      repeatable && result.keyInputs && JSON.stringify(printed) === JSON.stringify(result.said.warnings)
        ? earlySection(config, pack, result.keyInputs, configStamps, clocks)
        : undefined;
    const action = (): ReturnType<typeof genProject> =>
      genProject({
        config,
        phase: "gen",
        dryRun,
        only,
        recordLedger: true,
        log: tracked.info,
        progress: progress.step,
        pack,
        pins,
        ...(named ? { named } : {}),
        early,
      }).finally(progress.done);
    // A preview neither locks nor recovers: it writes nothing at all.
    // A one-shot gen's output folder is made for the lock, and goes again if nothing was written.
    const made = named && !dryRun ? mkdirSync(config.root, { recursive: true }) : undefined;
    const { report } = dryRun
      ? await previewing(config.root, tracked, action)
      : await withProjectLock(config.root, "gen", tracked, action).catch((e: unknown) => {
          if (made !== undefined) removeEmpty(config.root, made);
          throw e;
        });
    if (flags.diff) out.info(await diffLines(report));
    if (flags.check) {
      const known = new Set([
        ...readLedger(config.root).entries.keys(),
        ...report.outcomes.flatMap((o) => (o.from ? [o.path, o.from] : [o.path])),
      ]);
      const checked = checkLines(report, markedUnknown(config.root, pack.managedMarker, known));
      for (const line of checked.lines) out.info(line);
      code = checked.code;
      return;
    }
    for (const line of fileLines(report, values.verbose)) if (values.verbose || dryRun) out.info(line);
    out.info(summary(report, dryRun));
  };
  try {
    if (dryRun) {
      // A preview executes nothing of the project's: hooks are shell commands from its config.
      await run();
      if (hooks.length > 0 && !flags.check) out.info(`hooks not run (dry run): ${hooks.length} (${hooks.join("; ")})`);
      return code;
    }
    await withHooks(values.hooks, config.root, "", () => withHooks(values.gen.hooks, config.root, "gen", run));
    return code;
  } catch (e) {
    throw rebaseSpans(e, config.root, resolve(cwd));
  }
}

/** Remove what a one-shot gen that wrote nothing made: the state folder, then `root` and its parents up to `made` (the first folder mkdir made), each only when empty. */
function removeEmpty(root: string, made: string): void {
  try {
    rmdirSync(join(root, STATE_DIR));
  } catch {
    // not empty, or not there
  }
  for (let at = root; ; at = dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return;
    }
    if (at === made || dirname(at) === at) return;
  }
}

/** The project's config; the pack's keys are checked (projectPack) before any hook runs. */
async function projectConfig(flags: GenFlags, cwd: string): Promise<LoadedConfig> {
  const given = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!given.inProject) {
    // Without a project, gen would write a whole project into whatever folder it runs in.
    throw new CodegenError(
      diag(
        "NOT_A_PROJECT",
        `no ${CONFIG_FILE} in ${cwd} or its parents`,
        undefined,
        "run codegen new <name> to start a project, or create .codegen.yaml (name, module, frame) in its root; or name descriptors for a one-shot gen: --api x.api --dir out",
      ),
      2,
    );
  }
  return given;
}

/** What the launcher's early path needs to repeat a plain gen (../replay.ts); undefined when it cannot. */
function earlySection(
  config: LoadedConfig,
  pack: Pack,
  inputs: GenerationInputs,
  configStamps: Record<string, string | null>,
  clocks: { config: number; run: number },
): unknown {
  // A fetched pack's version is decided by resolving its source, which the early path does not do.
  const fetched = cacheDir("packs");
  if (isRemote(config.values.pack) || pack.layers.some((l) => l.startsWith(fetched))) return undefined;
  return replaySection(inputs, configStamps, [join(config.root, pack.plugins?.dir ?? DEFAULT_PLUGINS_DIR)], clocks);
}

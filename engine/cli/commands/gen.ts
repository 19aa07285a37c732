import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { existsSync, realpathSync } from "node:fs";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE, loadConfig, userConfigPath } from "../../config/index.js";
import { globMatcher } from "../../descriptors/index.js";
import { isRemote, layerIdentity } from "../../packs/index.js";
import { DEFAULT_PLUGINS_DIR } from "../../project/index.js";
import { recordReplay } from "../replay.js";
import { withHooks } from "../hooks.js";
import { rebaseSpans } from "../errors.js";
import { diffLines, fileLines, summary, type Out } from "../report.js";
import type { GlobalFlags } from "../flags.js";
import { configFlags } from "../flags.js";
import { genProject, previewing, withProjectLock } from "../run-gen.js";
import { gitChangedFiles } from "../git-change.js";
import { progressFor } from "../progress.js";
import { projectPack } from "../project-pack.js";

export interface GenFlags extends GlobalFlags {
  desc?: string | string[];
  /** true (against HEAD) or a ref. */
  gitChange?: boolean | string;
  dryRun?: boolean;
  diff?: boolean;
  force?: boolean;
  /** `codegen gen` with no flags: a run the snapshot answers records its inputs for the next (replay.ts). */
  replayable?: boolean;
}

export async function genCommand(flags: GenFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const given = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!given.inProject) {
    // Without a project, gen would write a whole project into whatever folder it runs in.
    throw new CodegenError(diag("NOT_A_PROJECT", `no ${CONFIG_FILE} in ${cwd} or its parents`, undefined, "run codegen new <name> to start a project, or create .codegen.yaml (name, module, frame) in its root"), 2);
  }
  // The pack's keys are checked before any hook runs.
  const { config, pack, pins } = await projectPack(given);
  const values = config.values;
  const asked = values.gen.desc.map((d) => {
    const abs = resolve(cwd, d);
    const rel = relative(config.root, abs);
    // Checked before anything is read: a descriptor outside the project is never opened.
    const outside = (r: string): boolean => r === "" || r === ".." || r.startsWith(".." + sep) || isAbsolute(r);
    if (outside(rel) || (existsSync(abs) && outside(relative(realpathSync(config.root), realpathSync(abs))))) {
      throw new CodegenError(diag("DESC_OUTSIDE_PROJECT", `descriptor ${d} is outside the project (${config.root}); nothing was read`), 2);
    }
    if (!existsSync(abs)) throw new CodegenError(diag("DESC_NOT_FOUND", `descriptor ${d} does not exist`), 2);
    return rel.split(sep).join("/");
  });
  const changed = flags.gitChange ? await gitChangedFiles(config.root, typeof flags.gitChange === "string" ? flags.gitChange : "HEAD") : [];
  const only = flags.gitChange || asked.length > 0 ? [...new Set([...asked, ...changed])] : null;
  const dryRun = Boolean(flags.dryRun || flags.diff);
  const progress = await progressFor(out, Boolean(flags.quiet));
  const run = async (): Promise<void> => {
    const action = async (): ReturnType<typeof genProject> => {
      const done = await genProject({ config, phase: "gen", dryRun, only, recordLedger: true, log: out.info, progress: progress.step, pack, pins }).finally(progress.done);
      const hooks = [...values.hooks.before, ...values.gen.hooks.before, ...values.gen.hooks.after, ...values.hooks.after];
      if (flags.replayable && done.snapshot && !dryRun && !only && hooks.length === 0 && !values.verbose && !isRemote(values.pack) && resolve(cwd) === config.root) {
        await recordReplay({
          root: config.root,
          cwd: resolve(cwd),
          snapshot: done.snapshot,
          globs: Object.values({ ...pack.inputs, ...values.inputs }),
          match: globMatcher,
          layers: pack.layers.map((l) => [l, layerIdentity(pack, l)]),
          tools: pack.steps.flatMap((s) => [s.run[0] ?? "", ...s.cacheTools]),
          files: [userConfigPath()],
          absent: [join(config.root, pack.plugins?.dir ?? DEFAULT_PLUGINS_DIR)],
        });
      }
      return done;
    };
    // A preview neither locks nor recovers: it writes nothing at all.
    const { report } = dryRun ? await previewing(config.root, out, action) : await withProjectLock(config.root, "gen", out, action);
    if (flags.diff) out.info(await diffLines(report));
    for (const line of fileLines(report, values.verbose)) if (values.verbose || dryRun) out.info(line);
    out.info(summary(report, dryRun));
  };
  try {
    if (dryRun) {
      // A preview executes nothing of the project's: hooks are shell commands from its config.
      await run();
      const hooks = [...values.hooks.before, ...values.gen.hooks.before, ...values.gen.hooks.after, ...values.hooks.after];
      if (hooks.length > 0) out.info(`hooks not run (dry run): ${hooks.length} (${hooks.join("; ")})`);
      return;
    }
    await withHooks(values.hooks, config.root, "", () => withHooks(values.gen.hooks, config.root, "gen", run));
  } catch (e) {
    throw rebaseSpans(e, config.root, resolve(cwd));
  }
}

/**
 * `codegen serverless build|delete`, in a host project: which plugins (projects of their own in
 * the pack's plugins folder) the host loads. The list lives in the host's `.codegen.yaml`
 * (`serverless.plugins`); the host is generated with the new list (the pack wires the loaded
 * plugins in), then the pack's plugin commands run (module bookkeeping, for example). The config
 * file changes only after the host was generated, so a failure leaves both as they were.
 */
import { readFileSync } from "node:fs";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { lstatOrNull, replaceFile } from "../../fs/index.js";
import { applyPack, CONFIG_FILE, consentState, loadConfig, type LoadedConfig } from "../../config/index.js";
import { needConsent } from "../consent.js";
import { runArgv } from "../../exec/index.js";
import { yamlLib } from "../../schema/index.js";
import type { PluginCommand } from "../../packs/index.js";
import { bindFunctions, evaluate } from "../../plan/index.js";
import { discoverPlugins, readPlugins, type PluginInfo } from "../../project/index.js";
import { Renderer } from "../../render/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { withHooks } from "../hooks.js";
import { projectPack } from "../project-pack.js";
import { progressFor } from "../progress.js";
import { summary, type Out } from "../report.js";
import { genProject, withProjectLock } from "../run-gen.js";

export interface ServerlessFlags extends GlobalFlags {
  plugin?: string | string[];
}

export async function serverlessCommand(
  action: string,
  flags: ServerlessFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  if (action !== "build" && action !== "delete")
    throw new CodegenError(diag("USAGE", `unknown serverless action "${action}" (one of: build, delete)`), 2);
  const asked =
    flags.plugin === undefined ? [] : Array.isArray(flags.plugin) ? flags.plugin.map(String) : [String(flags.plugin)];
  if (action === "build" && asked.length > 0)
    throw new CodegenError(diag("USAGE", "serverless build loads every plugin: --plugin applies to delete only"), 2);
  const given = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!given.inProject || !given.file) {
    throw new CodegenError(
      diag(
        "NOT_A_PROJECT",
        `no ${CONFIG_FILE} in ${cwd} or its parents: plugins belong to a host project`,
        undefined,
        "run it in the host project's root",
      ),
      2,
    );
  }
  // The plugin list is written back to the project's config file: through a link, that write
  // would land wherever a cloned project's link points.
  if (!flags.config && lstatOrNull(given.file)?.isSymbolicLink()) {
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `${given.file} is a symbolic link; serverless writes the plugin list only into a config file of the project itself`,
        undefined,
        "replace the link with the file itself, or pass --config to name the file to change",
      ),
    );
  }
  if (given.values.serverless.plugin) {
    throw new CodegenError(
      diag("SERVERLESS_NESTED", "this project is a plugin: run codegen serverless in its host project"),
      1,
    );
  }
  const { pack, config } = await projectPack(given);
  const support = pack.plugins;
  if (!support)
    throw new CodegenError(
      diag("PLUGIN_UNSUPPORTED", `pack ${pack.name} has no plugins (no plugins: section in its pack.yaml)`),
      1,
    );
  if (!support.frames.includes(config.values.frame)) {
    throw new CodegenError(
      diag(
        "PLUGIN_FRAME",
        `this project has frame ${config.values.frame}, and pack ${pack.name} loads plugins into frame ${support.frames.join(", ")} hosts only`,
      ),
      1,
    );
  }

  const found = discoverPlugins(config.root, support.dir);
  const loaded = config.values.serverless.plugins;
  let next: string[];
  let concerned: string[];
  if (action === "build") {
    next = found;
    concerned = found;
  } else {
    const unknown = asked.filter((n) => !found.includes(n) && !loaded.includes(n));
    if (unknown.length > 0) {
      throw new CodegenError(
        diag(
          "PLUGIN_NOT_FOUND",
          `no plugin ${unknown.map((n) => `"${n}"`).join(", ")} in ${support.dir}/ (plugins: ${found.join(", ") || "none"})`,
        ),
        1,
      );
    }
    concerned = asked.length > 0 ? asked : loaded;
    next = loaded.filter((n) => !concerned.includes(n));
  }
  const plugins = await readPlugins(
    config.root,
    support.dir,
    action === "build" ? concerned : concerned.filter((n) => found.includes(n)),
  );
  for (const p of plugins) {
    if (!support.frames.includes(p.frame)) {
      throw new CodegenError(
        diag(
          "PLUGIN_FRAME",
          `plugin ${p.name} has frame ${p.frame}; pack ${pack.name} loads frame ${support.frames.join(", ")} plugins only`,
        ),
        1,
      );
    }
  }
  const commands = action === "build" ? support.build : support.delete;
  // Hooks, plugin commands and the gen's steps of the project or a pack not built in run only with consent.
  const consent = consentState(config, pack);
  if (consent.commands.some((c) => c.kind !== "tool check" && c.kind !== "skills rule"))
    await needConsent(consent, `codegen serverless ${action}`, out);

  await withHooks(config.values.hooks, config.root, "", async () => {
    const progress = await progressFor(out, Boolean(flags.quiet));
    try {
      const updated = await applyPack(
        await loadConfig({
          cwd,
          configFile: flags.config,
          flags: { ...configFlags(flags), "serverless.plugins": next },
        }),
        pack,
      );
      await withProjectLock(config.root, "serverless", out, async () => {
        const { report } = await genProject({
          config: updated,
          phase: "gen",
          dryRun: false,
          recordLedger: true,
          log: out.info,
          progress: progress.step,
        });
        if (!sameList(loaded, next)) writePluginList(config.file!, next);
        out.info(summary(report, false));
      });
      await runCommands(
        commands,
        plugins,
        loaded,
        updated,
        progress.step,
        await bindFunctions(pack, {
          project: { name: updated.values.name, module: updated.values.module, frame: updated.values.frame },
          config: updated.values,
        }),
      );
    } finally {
      progress.done();
    }
  });
  const gone = concerned.filter((n) => !next.includes(n));
  out.info(
    action === "build"
      ? `loaded ${next.length} plugin${next.length === 1 ? "" : "s"}${next.length ? `: ${next.join(", ")}` : ""}`
      : `unloaded ${gone.join(", ") || "nothing"}; the plugin folders are kept`,
  );
}

function sameList(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x, i) => x === b[i]);
}

/** Set `serverless.plugins` in the config file, keeping its comments and other keys as they are. */
function writePluginList(file: string, names: string[]): void {
  const doc = yamlLib().parseDocument(readFileSync(file, "utf8"));
  if (names.length > 0) doc.setIn(["serverless", "plugins"], doc.createNode(names, { flow: true }));
  else {
    doc.deleteIn(["serverless", "plugins"]);
    const section = doc.get("serverless");
    if (
      section &&
      typeof section === "object" &&
      "items" in section &&
      Array.isArray(section.items) &&
      section.items.length === 0
    )
      doc.delete("serverless");
  }
  // A crash leaves the old list or the new one.
  replaceFile(file, doc.toString());
}

/** Runs the pack's commands; `plugin.loaded` says whether the host loaded the plugin before this run. */
async function runCommands(
  commands: PluginCommand[],
  plugins: PluginInfo[],
  loaded: string[],
  config: LoadedConfig,
  progress: (m: string) => void,
  functions: Record<string, unknown>,
): Promise<void> {
  const renderer = new Renderer([]);
  const project = { name: config.values.name, module: config.values.module, frame: config.values.frame };
  for (const c of commands) {
    const targets: Array<(PluginInfo & { loaded: boolean }) | null> = c.each
      ? plugins.map((p) => ({ ...p, loaded: loaded.includes(p.name) }))
      : [null];
    for (const plugin of targets) {
      const scope = { plugin, project, plugins };
      if (c.when && !(await evaluate(c.when, scope, functions, { file: "pack.yaml", line: 1, column: 1 }))) continue;
      const argv = await Promise.all(c.run.map((a) => renderer.renderString(a, scope)));
      const dir = c.in === "plugin" && plugin ? `${config.root}/${plugin.dir}` : config.root;
      const where = c.in === "plugin" && plugin ? plugin.dir : ".";
      progress(c.progress ? await renderer.renderString(c.progress, scope) : `${argv.join(" ")} (in ${where})`);
      const r = await runArgv(argv, dir);
      if (r.exitCode !== 0) {
        throw new CodegenError(
          diag(
            "PLUGIN_COMMAND_FAILED",
            `${argv.join(" ")} (in ${where}, from the plugins: section of pack.yaml) failed with exit ${r.exitCode}:\n${r.output.trim()}`,
          ),
          1,
        );
      }
    }
  }
}

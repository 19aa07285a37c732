/**
 * `codegen new <name>`: render the pack's `new` rules (config, sample descriptors, sample logic)
 * into a scratch folder beside the target, run `gen` there, and move the folder into place only
 * when everything succeeded. A failure leaves no half-written project behind.
 */
import { existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { mkdir, rename, rm } from "node:fs/promises";
import { basename, dirname, join, relative, resolve } from "node:path";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { applyPack, CONFIG_FILE, consentState, fileHooks, loadConfig, recordConsent } from "../../config/index.js";
import { findProjectRoot } from "../../project/index.js";
import { isRemote, loadPack } from "../../packs/index.js";
import { withHooks } from "../hooks.js";
import { needConsent } from "../consent.js";
import { summary, type Out } from "../report.js";
import { moveCloneRecord, type WriteReport } from "../../write/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { askChoice, askText, canPrompt } from "../prompt.js";
import { genProject } from "../run-gen.js";
import { progressFor } from "../progress.js";
import { projectPack } from "../project-pack.js";
import { checkSettings, keepSettings, parseSettings, settingsLayer } from "../settings.js";

export interface NewFlags extends GlobalFlags {
  output?: string;
  yes?: boolean;
  serverless?: boolean;
  mono?: boolean;
  set?: string | string[];
}

export async function newCommand(
  given: string | undefined,
  flags: NewFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  const name = given ?? (await askName(flags));
  if (!/^[A-Za-z][A-Za-z0-9_-]*$/.test(name)) {
    throw new CodegenError(
      diag("USAGE", `project name "${name}" must start with a letter and hold only letters, digits, "-" and "_"`),
      2,
    );
  }
  if (flags.mono && !flags.serverless)
    throw new CodegenError(diag("USAGE", "--mono makes a plugin share its host's module: use it with --serverless"), 2);
  const plugin = flags.serverless ? await pluginTarget(name, flags, cwd) : null;
  const target = plugin?.target ?? resolve(cwd, flags.output ?? name);
  const shownTarget = plugin ? relative(cwd, target) : (flags.output ?? name);
  const host = plugin ? null : findProjectRoot(dirname(target));
  if (host) {
    throw new CodegenError(
      diag(
        "PROJECT_NESTED",
        `${flags.output ?? name} would be inside the project at ${relative(cwd, host) || "."}; nothing was written`,
        undefined,
        "run codegen new outside any project (a folder with .codegen.yaml above it)",
      ),
      1,
    );
  }
  if (existsSync(target) && !statSync(target).isDirectory()) {
    throw new CodegenError(diag("PROJECT_EXISTS", `${shownTarget} exists and is not a folder; nothing was written`), 1);
  }
  if (flags.module !== undefined) checkModule(flags.module);
  const settings = parseSettings(flags.set);
  if (existsSync(target) && readdirSync(target).length > 0) {
    throw new CodegenError(
      diag("PROJECT_EXISTS", `${shownTarget} already exists and is not empty; nothing was written`),
      1,
    );
  }
  const outer = await loadConfig({ cwd, configFile: flags.config, flags: {} });
  if (!flags.frame && !given && canPrompt(flags.yes))
    flags.frame = (await askFrame(outer.values.pack, cwd)) ?? undefined;
  // A pack given as a folder is recorded relative to the new project, so later gens find it.
  const packGiven = flags.pack ?? plugin?.pack;
  const packBase = flags.pack ? cwd : (plugin?.hostRoot ?? cwd);
  const pack =
    packGiven && !isRemote(packGiven) && /[\\/.]/.test(packGiven)
      ? relative(target, resolve(packBase, packGiven)) || "."
      : packGiven;
  const layer = {
    ...configFlags({ ...flags, pack }),
    name,
    module: flags.module ?? plugin?.module ?? name,
    ...(plugin ? { "serverless.plugin": true, "serverless.mono": Boolean(flags.mono) } : {}),
  };

  // A plugin is made inside its host: the host's config file hooks run only with consent.
  if (fileHooks(outer, ["hooks.before", "hooks.after"]).length > 0) {
    const host = await projectPack(outer);
    await needConsent(consentState(host.config, host.pack), "codegen new", out, flags.yes);
  }
  await withHooks(outer.values.hooks, cwd, "", async () => {
    await mkdir(dirname(target), { recursive: true });
    const scratch = `${dirname(target)}/.${basename(target)}.codegen-new-${process.pid}`;
    await rm(scratch, { recursive: true, force: true });
    await mkdir(scratch);
    const progress = await progressFor(out, Boolean(flags.quiet));
    try {
      const given = await loadConfig({ cwd: scratch, root: scratch, flags: layer, env: {} });
      const pins = { pinned: {}, used: {} };
      const loaded = await loadPack(given.values.pack, target, { pins, offline: given.values.offline });
      const set = settings.length > 0 ? settingsLayer(settings, (await applyPack(given, loaded)).keys) : {};
      if (settings.length > 0) await checkSettings(set, loaded.config.schema);
      const seed =
        settings.length > 0
          ? await loadConfig({ cwd: scratch, root: scratch, flags: { ...layer, ...set }, env: {} })
          : given;
      const seedConsent = { ...consentState(seed, loaded), shown: target };
      if (seedConsent.commands.length > 0) await needConsent(seedConsent, "codegen new", out, flags.yes);
      const seeded = await genProject({
        config: seed,
        phase: "new",
        dryRun: false,
        pack: loaded,
        pins,
        recordLedger: false,
        progress: progress.step,
      });
      // The sample's logic files answer from the start; gen takes them as its own, so they go
      // when the sample descriptor goes, and are rewritten when their route changes.
      const adopt = new Set(seeded.report.outcomes.filter((o) => o.state === "created").map((o) => o.path));
      if (settings.length > 0) keepSettings(join(scratch, CONFIG_FILE), set);
      // The project now has its own .codegen.yaml; generate as `codegen gen` would inside it.
      const config = await applyPack(
        await loadConfig({
          cwd: scratch,
          root: scratch,
          flags: configFlags({ ...flags, pack: undefined, module: undefined, frame: undefined }),
        }),
        loaded,
      );
      // The commands of the project just made (its config file's, its pack's) are the user's
      // choice: allowed here for this run, and recorded for the project once it is in place.
      const consent = { ...consentState(config, loaded), shown: target };
      if (consent.commands.length > 0) await needConsent(consent, "codegen new", out, flags.yes);
      const { report } = await withHooks(config.values.gen.hooks, scratch, "gen", () =>
        genProject({
          config,
          phase: "gen",
          dryRun: false,
          pack: loaded,
          pins,
          adopt,
          recordLedger: true,
          log: out.info,
          progress: progress.step,
        }),
      );
      progress.done();
      if (existsSync(target)) await rm(target, { recursive: true });
      const madeIn = realpathSync(scratch);
      // Recorded as the project now is: a script its commands name may be one gen just wrote.
      const allowed = consent.commands.length > 0 ? consentState(config, loaded) : null;
      await rename(scratch, target);
      // What gen wrote in the scratch folder is what it wrote in this project (the sample's logic files).
      moveCloneRecord(madeIn, realpathSync(target));
      if (allowed) recordConsent(allowed, realpathSync(target));
      out.info(summary(seededAsCreated(report, adopt), false));
      out.info(
        `created ${shownTarget} (frame ${config.values.frame}, ${plugin && flags.mono ? "in the host's module" : "module"} ${config.values.module})`,
      );
      const next = plugin
        ? [
            `codegen serverless build   (in ${relative(cwd, plugin.hostRoot) || "."}: the host serves the plugin's routes)`,
          ]
        : (loaded.frames[config.values.frame]?.next ?? []);
      if (next.length > 0) {
        const { Renderer } = await import("../../render/index.js");
        const renderer = new Renderer([]);
        const scope = { dir: shownTarget, project: { name, module: config.values.module, frame: config.values.frame } };
        out.info("next:");
        for (const line of next) out.info(`  ${await renderer.renderString(line, scope)}`);
      }
    } catch (e) {
      progress.done();
      await rm(scratch, { recursive: true, force: true });
      throw e;
    }
  });
}

/**
 * What `new` made, as one report: the gen that follows the seed keeps the files the seed just
 * wrote (the sample's logic files), and the seed-only files (the config file, the sample
 * descriptor) are not in its report at all. For the user every one of them is new: created.
 */
function seededAsCreated(report: WriteReport, seeded: Set<string>): WriteReport {
  const inGen = new Set(report.outcomes.map((o) => o.path));
  const kept = report.outcomes.filter((o) => o.state === "kept" && seeded.has(o.path)).length;
  const seedOnly = [...seeded].filter((p) => !inGen.has(p)).length;
  const counts = {
    ...report.counts,
    created: report.counts.created + kept + seedOnly,
    kept: report.counts.kept - kept,
  };
  return { ...report, counts };
}

interface PluginTarget {
  target: string;
  hostRoot: string;
  module: string;
  /** The host's pack source as its config says it (relative to the host). */
  pack: string;
}

/** Where `new --serverless` puts a plugin: `<host>/<pack plugins dir>/<name>`, in a host whose pack has plugins. */
async function pluginTarget(name: string, flags: NewFlags, cwd: string): Promise<PluginTarget> {
  const hostRoot = findProjectRoot(cwd);
  if (!hostRoot) {
    throw new CodegenError(
      diag(
        "SERVERLESS_NO_HOST",
        `--serverless creates a plugin inside a host project, and ${cwd} is not in one (no .codegen.yaml here or above); nothing was written`,
        undefined,
        "run it in the host project's root, or drop --serverless to create a project of its own",
      ),
      1,
    );
  }
  if (flags.output)
    throw new CodegenError(
      diag("USAGE", "--serverless puts the plugin in the host's plugins folder: --output does not apply"),
      2,
    );
  if (flags.mono && flags.module)
    throw new CodegenError(diag("USAGE", "--mono plugins use the host's module: --module does not apply"), 2);
  const given = await loadConfig({ cwd: hostRoot, root: hostRoot });
  if (given.values.serverless.plugin) {
    throw new CodegenError(
      diag(
        "SERVERLESS_NESTED",
        `${relative(cwd, hostRoot) || "."} is itself a plugin; create plugins in the host project's root`,
      ),
      1,
    );
  }
  const { pack, config: host } = await projectPack(given);
  const support = pack.plugins;
  if (!support)
    throw new CodegenError(
      diag(
        "PLUGIN_UNSUPPORTED",
        `pack ${pack.name} has no plugins (no plugins: section in its pack.yaml); nothing was written`,
      ),
      1,
    );
  // A plugin uses its host's pack, so its frame defaults as a new project of that pack would.
  const packFrame = pack.config.defaults["frame"];
  const frame = flags.frame ?? (typeof packFrame === "string" ? packFrame : "");
  for (const [what, f] of [
    ["a plugin", frame],
    ["the host", host.values.frame],
  ] as const) {
    if (!support.frames.includes(f)) {
      throw new CodegenError(
        diag(
          "PLUGIN_FRAME",
          `${what} has frame ${f}, and plugins of pack ${pack.name} work with frame ${support.frames.join(", ")} only (a plugin adds HTTP routes to its host's server); nothing was written`,
        ),
        1,
      );
    }
  }
  return {
    target: join(hostRoot, support.dir, name),
    hostRoot,
    module: `${host.values.module}/${support.dir}/${name}`,
    pack: host.values.pack,
  };
}

/** A module path becomes import paths: no spaces, backslashes, absolute or relative segments. */
function checkModule(module: string): void {
  const segments = module.split("/");
  if (
    module === "" ||
    /[\s\\]/.test(module) ||
    module.startsWith("/") ||
    segments.some((s) => s === "" || s === "." || s === "..")
  ) {
    throw new CodegenError(
      diag(
        "USAGE",
        `--module "${module}" is not a module path: use slash-separated names such as example.com/team/service, without "..", "." or empty segments`,
      ),
      2,
    );
  }
}

async function askName(flags: NewFlags): Promise<string> {
  if (!canPrompt(flags.yes))
    throw new CodegenError(
      diag("USAGE", "codegen new needs a project name", undefined, "codegen new <name> [--frame <frame>]"),
      2,
    );
  const name = await askText("Project name", "demo");
  if (!name) throw new CodegenError(diag("USAGE", "cancelled"), 2);
  return name;
}

async function askFrame(packSource: string, cwd: string): Promise<string | null> {
  const pack = await loadPack(packSource, cwd);
  return askChoice(
    "Frame",
    Object.entries(pack.frames).map(([value, f]) => ({ value, hint: f.description })),
  );
}

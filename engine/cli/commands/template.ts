/**
 * `codegen template init|list|lint|test|update`: start a pack of your own, see which layer each
 * file's template comes from, check a pack, run its views' fixture tests, and move pinned
 * fetched packs to their latest version.
 */
import { cpSync, existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { isAbsolute, join, relative, resolve } from "node:path";
import { CodegenError, diag, formatDiagnostic } from "../../diagnostics/index.js";
import { loadConfig, userConfigPath } from "../../config/index.js";
import { builtinPacksDir, defaultPackName, isRemote, loadPack, type PackPins } from "../../packs/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";
import { withHooks } from "../hooks.js";
import { readOnlyHooks } from "../consent.js";
import { packAuthorReadme } from "./template-readme.js";
import { commandsToAllow } from "./template-trust.js";

export interface TemplateFlags extends GlobalFlags {
  output?: string;
  full?: boolean;
  update?: boolean;
}

const actions = ["init", "list", "lint", "test", "update"] as const;

export async function templateCommand(
  action: string,
  arg: string | undefined,
  flags: TemplateFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  if (!(actions as readonly string[]).includes(action))
    throw new CodegenError(diag("USAGE", `unknown template action "${action}" (one of: ${actions.join(", ")})`), 2);
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  // Only reads or writes a pack folder: the config file's hooks run only when allowed.
  const hooks = await readOnlyHooks(config, out);
  await withHooks(hooks, config.root, "", async () => {
    if (action === "init") return init(flags, out, cwd);
    if (action === "lint") return lint(arg, flags, out, cwd);
    if (action === "test") return testViews(arg, flags, out, cwd);
    if (action === "update") return (await import("./template-update.js")).updatePacks(flags, out, cwd);
    return list(flags, out, cwd);
  });
}

async function init(flags: TemplateFlags, out: Out, cwd: string): Promise<void> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const base = existsSync(join(builtinPacksDir, config.values.pack, "pack.yaml"))
    ? config.values.pack
    : defaultPackName();
  const target = resolve(cwd, flags.output ?? "codegen-pack");
  if (existsSync(target) && readdirSync(target).length > 0)
    throw new CodegenError(
      diag("PACK_EXISTS", `${relative(cwd, target) || "."} already exists and is not empty; nothing was written`),
      1,
    );
  const parent = await loadPack(base, cwd);
  const name = `my-${base}`;
  if (flags.full) {
    cpSync(join(builtinPacksDir, base), target, { recursive: true });
    writeFileSync(
      join(target, "pack.yaml"),
      `# A full copy of the built-in ${base} pack: change anything; nothing is inherited.\n` +
        (await import("node:fs"))
          .readFileSync(join(builtinPacksDir, base, "pack.yaml"), "utf8")
          .replace(/^name: .*$/m, `name: ${name}`),
    );
  } else {
    mkdirSync(join(target, "rules"), { recursive: true });
    mkdirSync(join(target, "templates"), { recursive: true });
    writeFileSync(
      join(target, "pack.yaml"),
      `# Everything not given here comes from the built-in ${base} pack.\nname: ${name}\nextends: ${base}\n`,
    );
    writeFileSync(
      join(target, "rules", "README.md"),
      "Rules here replace the base pack's rules of the same name, add new ones, or remove one with `enabled: false`.\n",
    );
    writeFileSync(
      join(target, "templates", "README.md"),
      "A file here replaces the base pack's template at the same path.\n",
    );
    mkdirSync(join(target, "views"), { recursive: true });
    writeFileSync(
      join(target, "views", "README.md"),
      "A file here replaces the base pack's view of the same name (views/<name>.jsonata); functions.jsonata adds or replaces library functions. Cases: views/<name>.test/<case>.in.json, checked by codegen template test.\n",
    );
  }
  // A full copy is the user's pack, not a built-in one: every command it runs needs their consent.
  const toAllow = flags.full ? commandsToAllow(await loadPack(target, cwd)) : null;
  writeFileSync(join(target, "README.md"), packAuthorReadme(name, base, parent, Boolean(flags.full), toAllow));
  const shown = relative(cwd, target) || ".";
  out.info(`created ${shown} (${flags.full ? `a full copy of ${base}` : `extends ${base}`})`);
  out.info(
    `use it: set pack: ${shown} in .codegen.yaml (or codegen gen --pack ${shown}); check it: codegen template lint ${shown}`,
  );
  if (toAllow)
    out.info(
      `trust: this copy is not built in, so its ${toAllow} run only when allowed: in each project using it, run codegen trust once (again whenever they change), pass --trust for one run, or list its source under trust: in ${userConfigPath()}`,
    );
}

async function lint(arg: string | undefined, flags: TemplateFlags, out: Out, cwd: string): Promise<void> {
  const config = arg ? null : await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const dir = arg ? resolve(cwd, arg) : existsSync(join(cwd, "pack.yaml")) ? cwd : config!.values.pack;
  const { lintPack } = await import("../../packs/index.js");
  const result = await lintPack(dir);
  for (const d of result.diagnostics) out.error(formatDiagnostic(d));
  if (result.diagnostics.length > 0) throw new CodegenError([], 1);
  out.info(`pack ok: ${result.rules} rules, ${result.templates} templates, ${result.expressions} expressions checked`);
}

async function testViews(arg: string | undefined, flags: TemplateFlags, out: Out, cwd: string): Promise<void> {
  const config = arg ? null : await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const source = arg ? resolve(cwd, arg) : existsSync(join(cwd, "pack.yaml")) ? cwd : config!.values.pack;
  const pack = await loadPack(source, cwd, { offline: config?.values.offline ?? false });
  // Expected outputs are rewritten only in a folder the user named or works in, never in the
  // installed built-in packs or a fetched copy in the cache.
  if (flags.update && !arg && source === config?.values.pack && (pack.builtin || isRemote(source))) {
    throw new CodegenError(
      diag(
        "USAGE",
        `template test --update rewrites a pack's expected view outputs; the project's pack ${source} is ${pack.builtin ? "built in" : "a fetched copy"}`,
        undefined,
        "name the folder of a pack you work on: codegen template test <dir> --update",
      ),
      2,
    );
  }
  const { runViewTests } = await import("../../plan/index.js");
  const results = await runViewTests(pack, pack.dir, {
    update: Boolean(flags.update),
    shown: (p) => relative(cwd, p) || p,
  });
  for (const r of results) {
    if (r.outcome === "failed")
      out.error(`${r.file}: view ${r.view} gives other data than ${r.name}.out.json: ${r.difference ?? ""}`);
    else if (flags.verbose || r.outcome === "updated")
      out.info(`${r.outcome === "updated" ? "updated" : "ok"} ${r.view} ${r.name}`);
  }
  const failed = results.filter((r) => r.outcome === "failed").length;
  if (failed > 0) throw new CodegenError([], 1);
  out.info(flags.update ? `updated ${results.length} view cases` : `views ok: ${results.length} cases passed`);
}

async function list(flags: TemplateFlags, out: Out, cwd: string): Promise<void> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const pins: PackPins = { pinned: {}, used: {} };
  const pack = await loadPack(config.values.pack, config.root, { pins, offline: config.values.offline });
  out.info(`pack ${pack.chain.join(" <- ")}`);
  // Where each file really is, so it opens from where the user stands: relative to the working
  // folder for a file inside the project, absolute for anything outside it (a pack beside the
  // project, the installed built-in packs), since a "../../" path depends on where the reader is.
  const shown = (path: string): string => {
    const inProject = relative(config.root, path);
    if (/^\.\.([\\/]|$)/.test(inProject) || isAbsolute(inProject)) return path;
    return relative(cwd, path) || path;
  };
  for (const rule of pack.rules) {
    const file = rule.template ?? rule.dataFile;
    const layer = file
      ? pack.templateDirs.find((d) => existsSync(join(d, file)))
      : rule.copy
        ? pack.staticDirs.find((d) => existsSync(join(d, rule.copy!)))
        : null;
    const path = layer ? join(layer, file ?? rule.copy ?? "") : null;
    const builtin = layer?.startsWith(builtinPacksDir) ? " (built-in)" : "";
    out.info(
      `  ${rule.name.padEnd(28)} rule from ${rule.pack.padEnd(12)} ${(file ?? rule.copy ?? "").padEnd(44)} ${path ? `${file ? "template" : "file"} from ${shown(path)}${builtin}` : ""}`.trimEnd(),
    );
  }
  out.info(
    "to override a template, copy it to templates/<same path> in a pack of your own (codegen template init makes one)",
  );
}

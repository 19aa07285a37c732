/**
 * `codegen skills init [--output <dir>]`: render the pack's `skills` rules for this project into
 * an AI coding assistant's skills folder (default: the pack's `skills.folder`/<project>). The folder is
 * outside the project, so what the project and its pack say is confined to it (skills-folder.ts),
 * the project name must be one folder name, and a pack that is not built in writes there only
 * with the user's consent.
 */
import { homedir } from "node:os";
import { isAbsolute, join, relative, resolve } from "node:path";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE, consentState, loadConfig, type LoadedConfig } from "../../config/index.js";
import { isPlainRelative } from "../../fs/index.js";
import { generate } from "../../generate.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { withHooks } from "../hooks.js";
import { allowedHooks, needConsent } from "../consent.js";
import { planSkills, writeSkills } from "../skills-folder.js";
import { projectPack } from "../project-pack.js";
import { files as countFiles, type Out } from "../report.js";

export interface SkillsFlags extends GlobalFlags {
  output?: string;
}

export async function skillsCommand(action: string, flags: SkillsFlags, out: Out, cwd = process.cwd()): Promise<void> {
  if (action !== "init") throw new CodegenError(diag("USAGE", `unknown skills action "${action}" (one of: init)`), 2);
  const given = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!given.inProject) {
    throw new CodegenError(
      diag(
        "NOT_A_PROJECT",
        `no ${CONFIG_FILE} in ${cwd} or its parents: skills describe a project`,
        undefined,
        "run codegen skills init inside a codegen project",
      ),
      2,
    );
  }
  const { config, pack: loaded } = await projectPack(given);
  const dest = flags.output
    ? resolve(cwd, flags.output)
    : join(skillsHome(loaded.skillsFolder, loaded.name), folderName(config, loaded.skillsFolder ?? ""));
  // Only describes the project: the config file's hooks and the pack's proto import commands
  // run only when allowed (generate leaves the commands out then). Skills rules of a pack that
  // is not built in write into the user's home: those need consent.
  const consent = consentState(config, loaded);
  if (consent.commands.some((c) => c.kind === "skills rule")) await needConsent(consent, "codegen skills init", out);
  const hooks = allowedHooks(
    consent,
    config,
    out,
    consent.allowedBy ? [] : consent.commands.filter((c) => c.kind === "proto import"),
  );
  await withHooks(hooks, config.root, "", async () => {
    const { files, pack } = await generate({ config, phase: "skills", log: out.info, pack: loaded });
    if (files.length === 0)
      throw new CodegenError(
        diag("PACK_NO_SKILLS", `pack ${pack.name} has no rules for skills (rules with on: [skills])`),
        1,
      );
    const shown = shownFolder(cwd, dest);
    const plan = planSkills(dest, files, shown);
    writeSkills(dest, plan);
    for (const k of plan.kept) out.info(`kept ${k}: edited since skills init wrote it`);
    const written = plan.write.length;
    out.info(
      written === 0
        ? `skills in ${shown} are up to date (${countFiles(files.length)})`
        : `wrote ${written} of ${files.length} skill files to ${shown}`,
    );
  });
}

/** The pack's skills folder (`~/x/y`) under the user's home; a pack without one needs --output. */
function skillsHome(folder: string | null, pack: string): string {
  if (folder === null)
    throw new CodegenError(
      diag("USAGE", `pack ${pack} names no skills folder (pack.yaml skills.folder)`, undefined, "pass --output <dir>"),
      2,
    );
  return join(homedir(), folder.slice(2));
}

/** The project name as the default folder's name: one folder name, never a path (a cloned `name: ../..` would name the home folder). */
function folderName(config: LoadedConfig, folder: string): string {
  const name = config.values.name;
  if (isPlainRelative(name) && !name.includes("/") && Buffer.byteLength(name) <= 255) return name;
  const span = config.provenance.get("name") === "file" ? config.layers.doc?.spanAt(["name"]) : undefined;
  throw new CodegenError(
    diag(
      "UNSAFE_PATH",
      `the project name ${JSON.stringify(name)} is the skills folder's name (${folder}/<name>), and it is not one folder name; nothing was written`,
      span,
      "give the project a plain name, or pass --output <dir>",
    ),
    1,
  );
}

/** A folder under the working directory relative to it, one under the home folder as `~/...`, others absolute. */
function shownFolder(cwd: string, dest: string): string {
  const inside = (base: string): string | null => {
    const rel = relative(base, dest);
    return rel === "" || (rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel)) ? rel : null;
  };
  const here = inside(cwd);
  if (here !== null) return here || ".";
  const home = inside(homedir());
  return home !== null ? (home ? `~/${home}` : "~") : dest;
}

/**
 * `codegen skills init [--output <dir>]`: render the pack's `skills` rules for this project into
 * an AI coding assistant's skills folder (default `~/.claude/skills/<project>/`). The folder is
 * outside the project, so this is a plain writer: a file whose bytes are unchanged is left alone.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE, consentState, loadConfig } from "../../config/index.js";
import { generate } from "../../generate.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { withHooks } from "../hooks.js";
import { allowedHooks } from "../consent.js";
import { projectPack } from "../project-pack.js";
import { files as countFiles, type Out } from "../report.js";

export interface SkillsFlags extends GlobalFlags {
  output?: string;
}

export async function skillsCommand(action: string, flags: SkillsFlags, out: Out, cwd = process.cwd()): Promise<void> {
  if (action !== "init") throw new CodegenError(diag("USAGE", `unknown skills action "${action}" (one of: init)`), 2);
  const given = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!given.inProject) {
    throw new CodegenError(diag("NOT_A_PROJECT", `no ${CONFIG_FILE} in ${cwd} or its parents: skills describe a project`, undefined, "run codegen skills init inside a codegen project"), 2);
  }
  const { config, pack: loaded } = await projectPack(given);
  const dest = flags.output ? resolve(cwd, flags.output) : join(homedir(), ".claude", "skills", config.values.name);
  // Only describes the project: the config file's hooks and the pack's proto import commands
  // run only when allowed (generate leaves the commands out then).
  const consent = consentState(config, loaded);
  const hooks = allowedHooks(consent, config, out, consent.allowedBy ? [] : consent.commands.filter((c) => c.kind === "proto import"));
  await withHooks(hooks, config.root, "", async () => {
    const { files, pack } = await generate({ config, phase: "skills", log: out.info, pack: loaded });
    if (files.length === 0) throw new CodegenError(diag("PACK_NO_SKILLS", `pack ${pack.name} has no rules for skills (rules with on: [skills])`), 1);
    let written = 0;
    for (const f of files) {
      const target = join(dest, f.path);
      if (existsSync(target) && readFileSync(target).equals(f.contents)) continue;
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, f.contents);
      written++;
    }
    const shown = shownFolder(cwd, dest);
    out.info(written === 0 ? `skills in ${shown} are up to date (${countFiles(files.length)})` : `wrote ${written} of ${files.length} skill files to ${shown}`);
  });
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

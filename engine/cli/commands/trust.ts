/**
 * `codegen trust`: list the commands this project may make codegen run (its config file's hooks,
 * the commands of a pack that is not built in) and allow that exact set for this project;
 * `--list` shows every project allowed on this machine, `--revoke` takes this project's back.
 */
import {
  CONFIG_FILE,
  consentFile,
  consentState,
  listing,
  loadConfig,
  readConsent,
  recordConsent,
  writeConsent,
} from "../../config/index.js";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { projectPack } from "../project-pack.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

export interface TrustFlags extends GlobalFlags {
  list?: boolean;
  revoke?: boolean;
}

export async function trustCommand(flags: TrustFlags, out: Out, cwd = process.cwd()): Promise<void> {
  if (flags.list) return list(out);
  // --trust is not consent for the future: the set is read as the project declares it.
  const given = await loadConfig({ cwd, configFile: flags.config, flags: { ...configFlags(flags), trust: undefined } });
  if (!given.inProject)
    throw new CodegenError(
      diag(
        "NOT_A_PROJECT",
        `no ${CONFIG_FILE} in ${cwd} or its parents: consent is given to a project`,
        undefined,
        "run codegen trust inside the project",
      ),
      2,
    );
  const { config, pack } = await projectPack(given);
  const state = consentState(config, pack);
  if (flags.revoke) {
    const had = readConsent().projects[state.project] !== undefined;
    if (had) writeConsent(state.project, null);
    out.info(
      had
        ? `revoked: the commands of ${state.project} no longer run without --trust`
        : `nothing to revoke: ${state.project} was not allowed`,
    );
    return;
  }
  if (state.commands.length === 0) {
    out.info(
      `nothing to allow: ${state.project} has no hooks in its config file and its pack runs only built-in commands`,
    );
    return;
  }
  out.info(`these commands may run in ${state.project}:\n${listing(state)}`);
  recordConsent(state);
  out.info(
    `allowed ${state.commands.length} command${state.commands.length === 1 ? "" : "s"} for this project (recorded in ${consentFile()}); a change to them asks again`,
  );
}

function list(out: Out): void {
  const projects = Object.entries(readConsent().projects).sort(([a], [b]) => a.localeCompare(b));
  if (projects.length === 0) return out.info("no project is allowed to run commands");
  for (const [path, allowed] of projects) {
    out.info(path);
    for (const c of allowed.commands) out.info(`  ${c}`);
  }
}

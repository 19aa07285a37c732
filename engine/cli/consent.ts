/**
 * How commands use consent (engine/trust): one that needs the project's commands refuses
 * without it (asking first at a terminal); a read-only one leaves them out and says so in one
 * line on stderr.
 */
import {
  consentState,
  type ConsentState,
  fileHooks,
  type Hooks,
  type LoadedConfig,
  type ProjectCommand,
  requireConsent,
  skippedLine,
} from "../config/index.js";
import { askConfirm, canPrompt } from "./prompt.js";
import type { Out } from "./report.js";

/** Refuse unless the project's commands are allowed; at a terminal (not CI, no --yes) ask, and record a yes. */
export async function needConsent(state: ConsentState, doing: string, out: Out, yes?: boolean): Promise<void> {
  await requireConsent(state, doing, { confirm: canPrompt(yes) ? askConfirm : null, record: true, log: out.info });
}

/**
 * The hooks a read-only command runs: all of them when the set is allowed; otherwise only those
 * the user gave (environment, flags), and one line names what was left out (with `more`, the
 * command's own skipped commands such as tool checks).
 */
export function allowedHooks(state: ConsentState, config: LoadedConfig, out: Out, more: ProjectCommand[] = []): Hooks {
  if (state.allowedBy) return config.values.hooks;
  const skipped = [...fileHooks(config, ["hooks.before", "hooks.after"]), ...more];
  if (skipped.length > 0) out.error(skippedLine(skipped));
  return {
    before: config.provenance.get("hooks.before") === "file" ? [] : config.values.hooks.before,
    after: config.provenance.get("hooks.after") === "file" ? [] : config.values.hooks.after,
  };
}

/**
 * The hooks of a read-only command that has not loaded the pack: the pack is loaded only when
 * the config file has hooks, to know the whole set (a pack that does not load allows nothing).
 */
export async function readOnlyHooks(config: LoadedConfig, out: Out): Promise<Hooks> {
  if (fileHooks(config, ["hooks.before", "hooks.after"]).length === 0) return config.values.hooks;
  const { projectPack } = await import("./project-pack.js");
  const loaded = await projectPack(config).catch(() => null);
  return allowedHooks(consentState(loaded?.config ?? config, loaded?.pack ?? null), loaded?.config ?? config, out);
}

/**
 * The user's own settings, outside any project: `$XDG_CONFIG_HOME/codegen/config.yaml` (default
 * `~/.config/codegen/config.yaml`). Only what a cloned project must not decide for itself lives
 * here: which template packs may run programs (`trust: [<source>...]`).
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { yamlLib } from "../schema/index.js";
import { CodegenError, diag } from "../diagnostics/index.js";
import type { LoadedConfig } from "./index.js";

export function userConfigPath(): string {
  return join(process.env["XDG_CONFIG_HOME"] ?? join(homedir(), ".config"), "codegen", "config.yaml");
}

/** Pack sources the user trusts to run their steps. */
export function trustedSources(): string[] {
  const file = userConfigPath();
  if (!existsSync(file)) return [];
  let doc: unknown;
  try {
    doc = yamlLib().parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new CodegenError(diag("CONFIG_INVALID", `${file}: ${(e as Error).message.split("\n")[0]}`), 2);
  }
  const trust = (doc as { trust?: unknown } | null)?.trust;
  if (trust === undefined || trust === null) return [];
  if (!Array.isArray(trust) || !trust.every((t) => typeof t === "string")) {
    throw new CodegenError(diag("CONFIG_INVALID", `${file}: trust must be a list of pack sources`), 2);
  }
  return trust;
}

/** A program a pack would run: where it comes from, and how to show it in a refusal. */
export interface PackProgram {
  source: string;
  builtin: boolean;
  shown: string;
}

/**
 * Programs of a non-built-in pack run only with trust given for this run (flag or CODEGEN_TRUST)
 * or when the user's own config lists the pack's source. A project's .codegen.yaml cannot grant
 * trust: a cloned repository must not let itself run programs.
 */
export function assertTrusted(config: LoadedConfig, packName: string, programs: PackProgram[], when: string, log?: (line: string) => void): void {
  const foreign = programs.filter((p) => !p.builtin);
  if (foreign.length === 0) return;
  const layer = config.provenance.get("trust");
  if (config.values.trust && layer !== "file") return;
  if (config.values.trust && layer === "file") log?.("warning: trust in .codegen.yaml is ignored (a project cannot trust itself): pass --trust, or list the pack in your own config");
  const allowed = new Set(trustedSources());
  const refused = foreign.filter((p) => !allowed.has(p.source));
  if (refused.length === 0) return;
  throw new CodegenError(
    diag("PACK_UNTRUSTED", `pack ${packName} would run these programs ${when}:\n${refused.map((p) => `  ${p.shown}`).join("\n")}`, undefined, `review the pack, then pass --trust, or add its source to trust: in ${userConfigPath()}`),
    1,
  );
}

/**
 * The user's own settings, outside any project: `$XDG_CONFIG_HOME/codegen/config.yaml` (default
 * `~/.config/codegen/config.yaml`). Only what a cloned project must not decide for itself lives
 * here: which template packs may run their commands anywhere (`trust: [<source>...]`). Consent
 * for one project's commands is kept beside it (consent-store.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { yamlLib } from "../schema/index.js";
import { CodegenError, diag } from "../diagnostics/index.js";

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

/**
 * Consent the user gave, kept in their own config folder beside config.yaml (never in a
 * project): `allowed.json` maps a project's real path to the digest of the command set allowed
 * there, and the commands themselves so that `codegen trust --list` can show them.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { userConfigPath } from "./user.js";

export interface Allowed {
  digest: string;
  commands: string[];
}

interface Store {
  version: 1;
  projects: Record<string, Allowed>;
}

export function consentFile(): string {
  return join(dirname(userConfigPath()), "allowed.json");
}

export function readConsent(): Store {
  const file = consentFile();
  if (!existsSync(file)) return { version: 1, projects: {} };
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new CodegenError(
      diag(
        "CONFIG_INVALID",
        `${file}: ${(e as Error).message}`,
        undefined,
        "fix or remove the file (it holds only what codegen trust recorded)",
      ),
      2,
    );
  }
  const projects = (doc as { projects?: unknown } | null)?.projects;
  if (!projects || typeof projects !== "object" || Array.isArray(projects)) {
    throw new CodegenError(
      diag("CONFIG_INVALID", `${file}: expected { "projects": { <path>: { "digest", "commands" } } }`),
      2,
    );
  }
  const out: Record<string, Allowed> = Object.create(null) as Record<string, Allowed>;
  for (const [path, v] of Object.entries(projects as Record<string, unknown>)) {
    const entry = v as { digest?: unknown; commands?: unknown } | null;
    if (typeof entry?.digest === "string" && Array.isArray(entry.commands))
      out[path] = { digest: entry.digest, commands: entry.commands.map(String) };
  }
  return { version: 1, projects: out };
}

/** Set (or with null remove) the consent for one project; the file is replaced whole, never left half written. */
export function writeConsent(project: string, allowed: Allowed | null): void {
  const store = readConsent();
  if (allowed) store.projects[project] = allowed;
  else delete store.projects[project];
  const file = consentFile();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ version: 1, projects: store.projects }, null, 2) + "\n", { mode: 0o600 });
  renameSync(tmp, file);
}

/**
 * Whether the commands a project would run (commands.ts) may run. The user allows them by the
 * exact set: `codegen trust` (or a yes at a terminal prompt) records the project's real path
 * with the digest of its commands; any change to the set asks again. `--trust` (or
 * CODEGEN_TRUST=1) allows one run, and the user's own `trust:` list allows a pack source
 * everywhere. The project's own config file can never grant it.
 */
import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import { CodegenError, diag } from "../diagnostics/index.js";
import { trustedSources } from "./user.js";
import type { LoadedConfig } from "./loaded-config.js";
import type { Pack } from "../packs/index.js";
import { commandsNeedingConsent, shownCommand, type ProjectCommand } from "./consent-commands.js";
import { readConsent, writeConsent } from "./consent-store.js";

export interface ConsentState {
  /** The project's real path: the key consent is recorded under. */
  project: string;
  /** The project as messages name it (`new` works in a scratch folder beside it). */
  shown: string;
  commands: ProjectCommand[];
  digest: string;
  /** How the set is allowed, or null when it is not. */
  allowedBy: "nothing to allow" | "--trust" | "CODEGEN_TRUST" | "codegen trust" | "this run" | "trust list" | null;
  /** The project's config file sets `trust`, which is ignored. */
  selfTrust: boolean;
}

/** Digests the user allowed at a prompt in this process (before the project exists on disk, for `new`). */
const allowedThisRun = new Set<string>();

export function consentState(config: LoadedConfig, pack: Pack | null): ConsentState {
  const commands = commandsNeedingConsent(config, pack);
  const project = realPath(config.root);
  const digest = digestOf(commands, pack);
  const selfTrust =
    config.layers.doc !== null &&
    typeof config.layers.doc.value === "object" &&
    config.layers.doc.value !== null &&
    "trust" in config.layers.doc.value;
  const state: ConsentState = { project, shown: project, commands, digest, allowedBy: null, selfTrust };
  const layer = config.provenance.get("trust");
  if (commands.length === 0) state.allowedBy = "nothing to allow";
  else if (config.values.trust && layer === "flag") state.allowedBy = "--trust";
  else if (config.values.trust && layer === "env") state.allowedBy = "CODEGEN_TRUST";
  else if (allowedThisRun.has(`${project}\0${digest}`)) state.allowedBy = "this run";
  else if (readConsent().projects[project]?.digest === digest) state.allowedBy = "codegen trust";
  else if (listedSources(commands)) state.allowedBy = "trust list";
  return state;
}

/** A digest of the exact set: each command with where it comes from and the bytes of the project's files it names, and the function library its expressions may call. */
function digestOf(commands: ProjectCommand[], pack: Pack | null): string {
  const hash = createHash("sha256").update(
    JSON.stringify(
      commands.map((c) =>
        c.scripts?.length
          ? [c.kind, c.origin, c.command, c.scripts.map((s) => [s.path, s.sha256])]
          : [c.kind, c.origin, c.command],
      ),
    ),
  );
  if (commands.some((c) => c.source !== null))
    for (const f of pack?.functions ?? []) if (!f.builtin) hash.update("\0").update(f.source);
  return hash.digest("hex");
}

/** Every command is a pack's, and the user's own config lists each pack source. */
function listedSources(commands: ProjectCommand[]): boolean {
  if (commands.some((c) => c.source === null)) return false;
  const listed = new Set(trustedSources());
  return commands.every((c) => listed.has(c.source!));
}

function realPath(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return p;
  }
}

export function recordConsent(state: ConsentState, project = state.project): void {
  writeConsent(project, { digest: state.digest, commands: state.commands.map(shownCommand) });
}

/** For a later check in this process (the project may not be at its final path yet). */
export function allowForThisRun(state: ConsentState): void {
  allowedThisRun.add(`${state.project}\0${state.digest}`);
}

export function listing(state: ConsentState): string {
  return state.commands.map((c) => `  ${shownCommand(c)}`).join("\n");
}

/** The refusal of a command that needs the set: what would run, and how to allow it. */
export function notAllowed(state: ConsentState, doing: string): CodegenError {
  const recorded = readConsent().projects[state.project];
  const changed = recorded ? " (they changed since you allowed this project)" : "";
  return new CodegenError(
    diag(
      "COMMANDS_NOT_ALLOWED",
      `${doing} would run commands you have not allowed for ${state.shown}${changed}; nothing was written:\n${listing(state)}`,
      undefined,
      "review them, then run codegen trust to allow this set, or pass --trust to allow one run",
    ),
    1,
  );
}

/** The line a read-only command prints when it leaves the commands out. */
export function skippedLine(skipped: ProjectCommand[]): string {
  const counts = new Map<string, number>();
  for (const c of skipped) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const what = [...counts].map(([k, n]) => `${n} ${k}${n === 1 ? "" : "s"}`).join(", ");
  return `codegen: not run (not allowed for this project): ${what}; codegen trust lists and allows them, --trust allows one run`;
}

/** Refuse unless allowed; at a terminal, ask first (a yes is recorded like `codegen trust`). */
export async function requireConsent(
  state: ConsentState,
  doing: string,
  ask: { confirm: ((question: string) => Promise<boolean>) | null; record: boolean; log: (line: string) => void },
): Promise<void> {
  if (state.selfTrust)
    ask.log(
      "warning: trust in .codegen.yaml is ignored (a project cannot trust itself): pass --trust, or run codegen trust",
    );
  if (state.allowedBy) return;
  if (ask.confirm) {
    ask.log(`${doing} would run these commands in ${state.shown}:\n${listing(state)}`);
    if (await ask.confirm("Allow these commands for this project?")) {
      allowForThisRun(state);
      if (ask.record) recordConsent(state);
      state.allowedBy = "this run";
      return;
    }
  }
  throw notAllowed(state, doing);
}

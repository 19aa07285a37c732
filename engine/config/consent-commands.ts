/**
 * Every command a project could make codegen run, with where it comes from: hooks in the
 * project's config file, and the steps, proto import commands, plugin commands and tool checks
 * of its pack, and its skills rules (`skills init` writes them outside the project, into the
 * user's home). Commands of a built-in pack layer ship with codegen and need no consent; the
 * rest is the set the user allows (consent.ts).
 */
import { relative } from "node:path";
import type { LoadedConfig } from "./loaded-config.js";
import { importCommands, type Pack } from "../packs/index.js";
import { namedScripts, type NamedScript } from "./consent-scripts.js";

export type CommandKind =
  | "hook"
  | "step"
  | "proto import"
  | "plugin build"
  | "plugin delete"
  | "tool check"
  | "skills rule";

export interface ProjectCommand {
  kind: CommandKind;
  /** Where it is declared: the config file and key, or the pack source as the config names it. */
  origin: string;
  /** The command as it is declared (for steps: also what decides its arguments and when it runs). */
  command: string;
  /** The pack source for pack commands (the user's `trust:` list names sources); null for hooks. */
  source: string | null;
  /** The part that executes, when `command` also says what decides it (a step's files, args and when). */
  runs?: string;
  /** Files of the project the command names, with their SHA-256 (consent-scripts.ts): part of what is allowed. */
  scripts?: NamedScript[];
}

export type HookKey = "hooks.before" | "gen.hooks.before" | "gen.hooks.after" | "hooks.after";
const HOOK_KEYS: HookKey[] = ["hooks.before", "gen.hooks.before", "gen.hooks.after", "hooks.after"];

/** Hooks written in the project's config file (the user's own environment and flags are not asked about). */
export function fileHooks(config: LoadedConfig, keys: HookKey[] = HOOK_KEYS): ProjectCommand[] {
  const file = config.file ? relative(config.root, config.file) || config.file : ".codegen.yaml";
  const out: ProjectCommand[] = [];
  for (const key of keys) {
    if (config.provenance.get(key) !== "file") continue;
    const list = key.startsWith("gen.")
      ? config.values.gen.hooks[key.endsWith("before") ? "before" : "after"]
      : config.values.hooks[key.endsWith("before") ? "before" : "after"];
    for (const cmd of list) out.push({ kind: "hook", origin: `${file} ${key}`, command: cmd, source: null });
  }
  return out;
}

/** The commands needing consent: the config file's hooks and every command of a pack layer that is not built in. */
export function commandsNeedingConsent(config: LoadedConfig, pack: Pack | null): ProjectCommand[] {
  return [...fileHooks(config), ...(pack ? packCommands(pack) : [])].map((c) => {
    const scripts = c.kind === "skills rule" ? [] : namedScripts(c.runs ?? c.command, config.root);
    return scripts.length > 0 ? { ...c, scripts } : c;
  });
}

/** The commands of a pack's layers that are not built in: what a project using the pack must allow. */
export function packCommands(pack: Pack): ProjectCommand[] {
  const out: ProjectCommand[] = [];
  const from = (source: string): string => `pack ${source}`;
  for (const s of pack.steps) {
    if (s.builtin) continue;
    const decided = [
      s.files ? `files: ${s.files}` : "",
      s.args ? `args: ${oneLine(s.args)}` : "",
      s.when ? `when: ${oneLine(s.when)}` : "",
    ].filter(Boolean);
    out.push({
      kind: "step",
      origin: `${from(s.source)} step ${s.name}`,
      command: [s.run.join(" "), ...decided].join("  "),
      runs: s.run.join(" "),
      source: s.source,
    });
  }
  for (const { set, run } of importCommands(pack.protoImports)) {
    if (!set.builtin)
      out.push({
        kind: "proto import",
        origin: `${from(set.source)} proto import ${set.id}`,
        command: run.join(" "),
        source: set.source,
      });
  }
  for (const [kind, list] of [
    ["plugin build", pack.plugins?.build ?? []],
    ["plugin delete", pack.plugins?.delete ?? []],
  ] as const) {
    for (const c of list) {
      if (!c.builtin)
        out.push({
          kind,
          origin: from(c.source),
          command: [c.run.join(" "), c.when ? `when: ${oneLine(c.when)}` : ""].filter(Boolean).join("  "),
          runs: c.run.join(" "),
          source: c.source,
        });
    }
  }
  for (const t of pack.tools) {
    if (!t.builtin)
      out.push({
        kind: "tool check",
        origin: `${from(t.source)} tool ${t.name}`,
        command: t.check.join(" "),
        source: t.source,
      });
  }
  for (const r of pack.rules) {
    if (!r.builtin && r.on.includes("skills"))
      out.push({
        kind: "skills rule",
        origin: `${from(r.source)} rule ${r.name}`,
        command: `writes ${oneLine(r.path)} in the skills folder`,
        source: r.source,
      });
  }
  return out;
}

export function shownCommand(c: ProjectCommand): string {
  const runs = c.scripts?.length
    ? `  (runs ${c.scripts.map((s) => `${s.path}, sha256 ${s.sha256.slice(0, 12)}`).join("; ")})`
    : "";
  return `${c.kind} (${c.origin}): ${c.command}${runs}`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

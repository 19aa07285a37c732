/**
 * What a completion script offers, read from the command-line definitions themselves (cac's
 * commands and options), so a script never lists a command or an option the CLI does not have.
 * An option's value is completed from its placeholder: `<frame>` with the pack's frames,
 * `<file>` with files, `<dir>` with folders; any other value is the user's to type.
 */
import type { CAC, Command } from "cac";

export type ValueKind = "frame" | "file" | "dir" | "text";

export interface OptionSpec {
  /** `--dry-run`, `-h`: every spelling the option has. */
  names: string[];
  description: string;
  /** "none" for a flag; a value that must follow; or one that may (`--git-change [ref]`). */
  value: "none" | "required" | "optional";
  kind: ValueKind;
}

export interface CommandSpec {
  name: string;
  description: string;
  options: OptionSpec[];
  /** Words completed as the command's first argument (`migrate up`, `completion bash`). */
  words: string[];
}

export interface CompletionSpec {
  commands: CommandSpec[];
  /** Options every command takes (and `codegen` alone). */
  global: OptionSpec[];
  frames: string[];
}

export const SHELLS = ["bash", "zsh", "fish"] as const;

/**
 * A name every shell takes literally, in a script's quotes and in the word lists completion
 * expands at each Tab (bash's `compgen -W`, fish's `complete -a` run substitutions in them).
 * Frame names come from a pack, which may be a cloned project's or a fetched one: any other
 * name is left out of the script, never escaped into it.
 */
export const isShellWord = (name: string): boolean => /^[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(name);

/**
 * The words a command takes as its first argument, offered there and nowhere else. Each list is
 * the one the command's "unknown … action (one of: …)" error names; test/integration/completion
 * checks them against those errors, so a new action cannot be forgotten here.
 */
export const ACTION_WORDS: Readonly<Record<string, readonly string[]>> = {
  migrate: ["up", "down", "version", "goto", "force"],
  template: ["init", "list", "lint", "test", "update"],
  skills: ["init"],
  serverless: ["build", "delete"],
  completion: SHELLS,
};

export function completionSpec(cli: CAC, frames: string[]): CompletionSpec {
  const commands = cli.commands
    .filter((c) => c.name !== "")
    .map((c) => ({
      name: c.name,
      description: shortText(c.description),
      options: c.options.map(optionSpec),
      words: [...(ACTION_WORDS[c.name] ?? [])],
    }));
  return { commands, global: cli.globalCommand.options.map(optionSpec), frames: frames.filter(isShellWord) };
}

function optionSpec(option: Command["options"][number]): OptionSpec {
  const names = option.rawName.split(/[\s,]+/).filter((t) => t.startsWith("-"));
  const placeholder = /[<[]([^>\]]+)[>\]]/.exec(option.rawName);
  const value = !placeholder ? "none" : placeholder[0].startsWith("<") ? "required" : "optional";
  const name = placeholder?.[1] ?? "";
  const kind: ValueKind = name === "frame" ? "frame" : name === "file" ? "file" : name === "dir" ? "dir" : "text";
  return { names, description: shortText(option.description), value, kind };
}

/** A help text's first clause without its asides in parentheses: what fits beside a name in a menu. */
function shortText(text: string): string {
  return text
    .split("; ")[0]!
    .replace(/ \([^)]*\)/g, "")
    .trim();
}

/** Every spelling of the options that take a value (a word after one is that value, not a command). */
export function valueOptions(spec: CompletionSpec, value: OptionSpec["value"]): string[] {
  const all = [...spec.global, ...spec.commands.flatMap((c) => c.options)];
  return [...new Set(all.filter((o) => o.value === value).flatMap((o) => o.names))].sort();
}

/** Option spellings by the kind of value they take (one kind per spelling across commands). */
export function optionsByKind(spec: CompletionSpec): Map<ValueKind, string[]> {
  const out = new Map<ValueKind, string[]>();
  for (const o of [...spec.global, ...spec.commands.flatMap((c) => c.options)]) {
    if (o.value !== "required") continue;
    for (const n of o.names) {
      const list = out.get(o.kind) ?? [];
      if (!list.includes(n)) out.set(o.kind, [...list, n].sort());
    }
  }
  return out;
}

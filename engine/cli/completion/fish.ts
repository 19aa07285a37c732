/** The fish completion script: one `complete` line per command, option and value list. */
import type { CompletionSpec, OptionSpec } from "./spec.js";

/** A word in single quotes for fish (backslash and quote escaped). */
const quoted = (s: string): string => `'${s.replace(/[\\']/g, "\\$&")}'`;

function optionLine(o: OptionSpec, condition: string, frames: string[]): string {
  const parts = ["complete -c codegen"];
  if (condition) parts.push(`-n ${quoted(condition)}`);
  for (const n of o.names) parts.push(n.startsWith("--") ? `-l ${n.slice(2)}` : `-s ${n.slice(1)}`);
  if (o.value === "required") {
    if (o.kind === "frame") parts.push(`-x -a ${quoted(frames.join(" "))}`);
    else if (o.kind === "file") parts.push("-r -F");
    else if (o.kind === "dir") parts.push("-x -a '(__fish_complete_directories)'");
    else parts.push("-x");
  }
  parts.push(`-d ${quoted(o.description)}`);
  return parts.join(" ");
}

export function fishScript(spec: CompletionSpec): string {
  const lines = [
    "# fish completion for codegen. Load it with: codegen completion fish | source",
    "# or save it: codegen completion fish > ~/.config/fish/completions/codegen.fish",
    "complete -c codegen -f",
    ...spec.global.map((o) => optionLine(o, "", spec.frames)),
  ];
  for (const c of spec.commands) {
    lines.push(`complete -c codegen -n __fish_use_subcommand -a ${c.name} -d ${quoted(c.description)}`);
    const condition = `__fish_seen_subcommand_from ${c.name}`;
    for (const o of c.options) lines.push(optionLine(o, condition, spec.frames));
    // Action words go first only: once one is on the line, none is offered again.
    if (c.words.length > 0)
      lines.push(
        `complete -c codegen -n ${quoted(`${condition}; and not __fish_seen_subcommand_from ${c.words.join(" ")}`)} -a ${quoted(c.words.join(" "))}`,
      );
  }
  return lines.join("\n") + "\n";
}

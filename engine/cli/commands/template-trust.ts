import { packCommands, type CommandKind } from "../../config/index.js";
import type { Pack } from "../../packs/index.js";

/**
 * What a pack runs that a project must allow (config/consent.ts), counted by kind, as in "2 steps
 * (format, compile), 5 tool check commands and 4 skills rules"; null when it runs nothing
 * that needs allowing. A full copy of a built-in pack is not built in: all of its commands count.
 */
export function commandsToAllow(pack: Pack): string | null {
  const counts = new Map<CommandKind, number>();
  for (const c of packCommands(pack)) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  if (counts.size === 0) return null;
  const steps = pack.steps.filter((s) => !s.builtin).map((s) => s.name);
  const noun = (kind: CommandKind): string => (kind === "step" || kind === "skills rule" ? kind : `${kind} command`);
  const parts = [...counts].map(
    ([kind, n]) => `${n} ${noun(kind)}${n === 1 ? "" : "s"}${kind === "step" ? ` (${steps.join(", ")})` : ""}`,
  );
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]!}`;
}

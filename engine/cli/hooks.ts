import type { Hooks } from "../config/index.js";
import { runHook } from "../exec/index.js";

/** Run `before` hooks, the action, then `after` hooks. A failing hook stops everything after it. */
export async function withHooks<T>(hooks: Hooks, cwd: string, label: string, action: () => Promise<T>): Promise<T> {
  for (const cmd of hooks.before) await runHook(cmd, cwd, `${label} before`);
  const result = await action();
  for (const cmd of hooks.after) await runHook(cmd, cwd, `${label} after`);
  return result;
}

/**
 * Commands a pack declares to find something on this machine (where a package lives): their
 * answer does not change from one run to the next, so it is kept in the cache, keyed by the
 * command and the environment it runs in (every variable but those that only describe the
 * shell session), and a later run reads it instead of running the command again. Only
 * successful runs are kept. Trust is the caller's business.
 */
import { tmpdir } from "node:os";
import { keep, memoKey, recall } from "../cache/index.js";
import { runForOutput } from "./run-for-output.js";

const TIMEOUT_MS = 180_000;

/** Variables that say where a shell session is, not where anything is installed. */
const SESSION =
  /^(?:PWD|OLDPWD|SHLVL|_|TERM|TERM_.*|COLORTERM|COLUMNS|LINES|SSH_.*|DISPLAY|WINDOWID|TMUX.*|LS_COLORS|PS[1-4]|PROMPT_COMMAND|INIT_CWD|npm_.*|FORCE_COLOR|NO_COLOR)$/;

/** The environment a command's answer may depend on, sorted. */
function lasting(env: NodeJS.ProcessEnv): Array<[string, string]> {
  return Object.entries(env)
    .filter((e): e is [string, string] => e[1] !== undefined && !SESSION.test(e[0]))
    .sort(([a], [b]) => a.localeCompare(b));
}

/** Standard output of `argv` (null when it failed); `fresh` runs it even when an answer is kept. */
export async function cachedCommandOutput(
  argv: string[],
  env: Record<string, string>,
  fresh: boolean,
): Promise<{ stdout: string; cached: boolean } | null> {
  const key = memoKey("command-cache", [JSON.stringify([argv, env, lasting(process.env)])]);
  const kept = fresh ? null : recall("command-cache", key);
  if (kept) return { stdout: kept.toString("utf8"), cached: true };
  // Outside the project: its own files (a module file, a package.json) must not change the answer.
  const r = await runForOutput(argv, { cwd: tmpdir(), env, timeout: TIMEOUT_MS });
  if (r.exitCode !== 0) return null;
  keep("command-cache", key, Buffer.from(r.stdout, "utf8"));
  return { stdout: r.stdout, cached: false };
}

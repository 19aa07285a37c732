/** Running external programs: pack steps and declared commands (argv, no shell) and user hooks (shell commands). */
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";
import { captured } from "./captured.js";

export interface RunResult {
  exitCode: number;
  output: string;
}

/** Run argv without a shell; output is captured (stdout and stderr interleaved). */
export async function runArgv(argv: string[], cwd: string, env?: Record<string, string>): Promise<RunResult> {
  const [cmd, ...args] = argv;
  if (!cmd) return { exitCode: 0, output: "" };
  const r = await captured(cmd, args, { cwd, env, interleave: true });
  if (r.failure) return { exitCode: 127, output: `${cmd}: ${r.failure}` };
  return { exitCode: r.exitCode, output: r.stdout };
}

/** Run a hook through the shell with inherited stdio, so its output is shown as it happens. */
export async function runHook(command: string, cwd: string, label: string, span?: SourceSpan): Promise<void> {
  const { spawn } = await import("node:child_process");
  const ended = await new Promise<{ code: number | null; signal: string | null; error?: Error }>((resolve) => {
    const child = spawn(command, { cwd, shell: true, stdio: "inherit" });
    child.on("error", (error) => resolve({ code: null, signal: null, error }));
    child.on("close", (code, signal) => resolve({ code, signal }));
  });
  if (ended.code !== 0) {
    throw new CodegenError(
      diag("HOOK_FAILED", `${label} hook "${command}" exited with ${ended.code ?? ended.signal ?? "an error"}`, span),
      ended.code ?? 1,
    );
  }
}

export { runForOutput } from "./run-for-output.js";
export { cachedCommandOutput } from "./cached-command-output.js";
export { findProgram, toolIdentity } from "./tool-identity.js";

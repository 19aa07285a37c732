/** Running external programs: pack steps and declared commands (argv, no shell) and user hooks (shell commands). */
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";

export interface RunResult {
  exitCode: number;
  output: string;
}

async function execaLazy(): Promise<typeof import("execa")> {
  return import("execa");
}

/** Run argv without a shell; output is captured (stdout and stderr interleaved). */
export async function runArgv(argv: string[], cwd: string, env?: Record<string, string>): Promise<RunResult> {
  const { execa } = await execaLazy();
  const [cmd, ...args] = argv;
  if (!cmd) return { exitCode: 0, output: "" };
  const r = await execa(cmd, args, { cwd, all: true, reject: false, env, stdin: "ignore" });
  if (r.failed && r.exitCode === undefined) {
    return { exitCode: 127, output: `${cmd}: ${r.shortMessage ?? "cannot run"}` };
  }
  return { exitCode: r.exitCode ?? 1, output: r.all ?? "" };
}

/** Run argv without a shell, keeping standard output apart: for commands whose output is data. */
export async function runForOutput(argv: string[], options: { cwd: string; env?: Record<string, string>; timeout?: number }): Promise<{ exitCode: number; stdout: string }> {
  const { execa } = await execaLazy();
  const [cmd, ...args] = argv;
  if (!cmd) return { exitCode: 0, stdout: "" };
  const r = await execa(cmd, args, { cwd: options.cwd, env: options.env, timeout: options.timeout, reject: false, stdin: "ignore" });
  return { exitCode: r.failed && r.exitCode === undefined ? 127 : (r.exitCode ?? 1), stdout: typeof r.stdout === "string" ? r.stdout : "" };
}

/** Run a hook through the shell with inherited stdio, so its output is shown as it happens. */
export async function runHook(command: string, cwd: string, label: string, span?: SourceSpan): Promise<void> {
  const { execa } = await execaLazy();
  const r = await execa(command, { cwd, shell: true, stdio: "inherit", reject: false });
  if (r.exitCode !== 0) {
    const code = typeof r.exitCode === "number" ? r.exitCode : 1;
    throw new CodegenError(diag("HOOK_FAILED", `${label} hook "${command}" exited with ${r.exitCode ?? r.signal ?? "an error"}`, span), code);
  }
}

export { rememberedOutput } from "./remembered.js";
export { toolIdentity } from "./tool-identity.js";

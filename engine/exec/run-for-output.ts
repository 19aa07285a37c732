import { captured } from "./captured.js";

/** Run argv without a shell, keeping standard output apart: for commands whose output is data. */
export async function runForOutput(
  argv: string[],
  options: { cwd: string; env?: Record<string, string>; timeout?: number },
): Promise<{ exitCode: number; stdout: string }> {
  const [cmd, ...args] = argv;
  if (!cmd) return { exitCode: 0, stdout: "" };
  const r = await captured(cmd, args, {
    cwd: options.cwd,
    env: options.env,
    timeout: options.timeout,
    interleave: false,
  });
  return { exitCode: r.failure ? 127 : r.exitCode, stdout: r.stdout };
}

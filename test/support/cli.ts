import { spawnSync } from "node:child_process";
import { codegenBin } from "./paths.js";

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Run the real CLI as a user would (a separate process, its own working directory). */
export function codegen(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const r = spawnSync(process.execPath, [codegenBin, ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0", ...env },
  });
  return { code: r.status ?? 1, stdout: r.stdout, stderr: r.stderr };
}

export function codegenOk(args: string[], cwd: string, env: Record<string, string> = {}): CliResult {
  const r = codegen(args, cwd, env);
  if (r.code !== 0) throw new Error(`codegen ${args.join(" ")} exited ${r.code}\n${r.stdout}\n${r.stderr}`);
  return r;
}

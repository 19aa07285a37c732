/**
 * A program run without a shell, its output captured. node:child_process directly: a library
 * for this would be loaded on every gen that runs a step (figures: docs/decisions.md).
 */

export interface Captured {
  /** The exit code; 1 when the program could not be run or was stopped (see `failure`). */
  exitCode: number;
  /** Standard output (with standard error when interleaved), without its final newline. */
  stdout: string;
  /** Why the program did not run to its own exit: not found, not executable, killed, timed out. */
  failure: string | null;
}

export async function captured(
  cmd: string,
  args: string[],
  options: { cwd: string; env?: Record<string, string>; timeout?: number; interleave: boolean },
): Promise<Captured> {
  // Loaded on first use: the early path of a plain gen (cli/replay.ts) imports this folder and runs nothing.
  const { spawn } = await import("node:child_process");
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let failure: string | null = null;
    let child;
    try {
      // Variables given are added to the environment, as for any program the user runs.
      child = spawn(cmd, args, {
        cwd: options.cwd,
        env: options.env ? { ...process.env, ...options.env } : process.env,
        stdio: ["ignore", "pipe", options.interleave ? "pipe" : "ignore"],
      });
    } catch (e) {
      resolve({ exitCode: 1, stdout: "", failure: `cannot run (${(e as Error).message})` });
      return;
    }
    child.stdout!.on("data", (c: Buffer) => chunks.push(c));
    child.stderr?.on("data", (c: Buffer) => chunks.push(c));
    const timer = options.timeout
      ? setTimeout(() => {
          failure = `timed out after ${options.timeout} ms`;
          child.kill("SIGTERM");
        }, options.timeout)
      : null;
    child.on("error", (e) => {
      failure ??= `cannot run (${e.message})`;
    });
    child.on("close", (code, signal) => {
      if (timer) clearTimeout(timer);
      if (code === null && !failure) failure = `killed by ${signal ?? "a signal"}`;
      const stdout = Buffer.concat(chunks)
        .toString("utf8")
        .replace(/\r?\n$/, "");
      resolve({ exitCode: code ?? 1, stdout, failure });
    });
  });
}

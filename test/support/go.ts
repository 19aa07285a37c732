/**
 * Go toolchain helpers for end-to-end tests. Every build shares the default module and build
 * caches, so only the first test pays for compiling go-zero.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { join } from "node:path";

const goEnv = { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" };

export function run(cmd: string, args: string[], cwd: string, timeoutMs = 600_000): string {
  const r = spawnSync(cmd, args, { cwd, encoding: "utf8", env: goEnv, timeout: timeoutMs, maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd} (exit ${r.status})\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

/** go mod tidy, gofmt -l (must be empty), go vet, go build: the checks every generated project passes. */
export function checkGoProject(dir: string): void {
  run("go", ["mod", "tidy"], dir);
  const unformatted = run("gofmt", ["-l", "."], dir).trim();
  if (unformatted) throw new Error(`gofmt -l lists files in ${dir}:\n${unformatted}`);
  run("go", ["vet", "./..."], dir);
  run("go", ["build", "./..."], dir);
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const addr = srv.address();
      const port = typeof addr === "object" && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

export interface Service {
  url: string;
  stop(): Promise<void>;
  output(): string;
}

/** Extra command-line arguments and environment for the service process. */
export interface StartOptions {
  args?: string[];
  env?: Record<string, string>;
}

/** Build the project's binary and start `<bin> server -f <config>`; resolves once `probe` answers on `port`. */
export async function startService(dir: string, config: string, port: number, probe = "/swagger", opts: StartOptions = {}): Promise<Service> {
  const bin = join(dir, "bin", "service");
  run("go", ["build", "-o", bin, "."], dir);
  // The service reads PORT; one inherited from the test's own environment would move it.
  const env: NodeJS.ProcessEnv = { ...goEnv, PORT: undefined, ...opts.env };
  const child: ChildProcess = spawn(bin, ["server", "-f", config, ...(opts.args ?? [])], { cwd: dir, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}):\n${log}`);
    try {
      await fetch(url + probe);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`service did not answer on ${url}:\n${log}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return {
    url,
    output: () => log,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

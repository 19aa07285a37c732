/**
 * Go toolchain helpers for end-to-end tests. Every build shares the default module and build
 * caches, so only the first test pays for compiling go-zero; a service started from the files a
 * check just built runs the executable that check linked.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { dirname, join, relative } from "node:path";
import { scratch } from "./paths.js";

// -ldflags=-s: binaries without a symbol table or DWARF (Go 1.22+: -s implies -w). The link
// still resolves every symbol; it only writes less, and a go-zero service links in about 60% of
// the CPU time (about 3 s instead of 5 here). Nothing here debugs or inspects the binaries.
const goEnv = { ...process.env, GOFLAGS: "-mod=mod -ldflags=-s", GOTOOLCHAIN: "local" };

export function run(cmd: string, args: string[], cwd: string, timeoutMs = 600_000): string {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: "utf8",
    env: goEnv,
    timeout: timeoutMs,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0)
    throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd} (exit ${r.status})\n${r.stdout}\n${r.stderr}`);
  return r.stdout + r.stderr;
}

/** go mod tidy, gofmt -l (must be empty), go vet, go build: the checks every generated project passes. */
export function checkGoProject(dir: string): void {
  run("go", ["mod", "tidy"], dir);
  const unformatted = run("gofmt", ["-l", "."], dir).trim();
  if (unformatted) throw new Error(`gofmt -l lists files in ${dir}:\n${unformatted}`);
  run("go", ["vet", "./..."], dir);
  // The executables are kept (outside the project): a service started next from the same files
  // runs the one linked here instead of linking it again (a link is most of a build's time).
  const out = scratch("go-build");
  run("go", ["build", "-o", `${out}/`, "./..."], dir);
  const binary = join(out, rootExecutableName(dir));
  if (existsSync(binary)) keep(dir, { state: sourceState(dir), binary, folder: out });
  else rmSync(out, { recursive: true, force: true });
}

/**
 * Per project folder: the executable of its root package, and the state of the files it was
 * built from. Only the last two are kept (executables are about 100 MB; one test process runs
 * every suite, and a service starts right after its check).
 */
const linked = new Map<string, { state: string; binary: string; folder: string }>();

function keep(dir: string, entry: { state: string; binary: string; folder: string }): void {
  const before = linked.get(dir);
  if (before && before.folder !== entry.folder) rmSync(before.folder, { recursive: true, force: true });
  linked.delete(dir);
  linked.set(dir, entry);
  for (const [old, e] of linked) {
    if (linked.size <= 2) break;
    rmSync(e.folder, { recursive: true, force: true });
    linked.delete(old);
  }
}

/**
 * Every file under `dir` (but the service executable put in bin/, and .git) with its size, time
 * and inode: any edit, new or removed file (a Go source, go.mod, an embedded file) changes it.
 */
function sourceState(dir: string): string {
  const lines: string[] = [];
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = relative(dir, join(e.parentPath, e.name));
    if (path === "bin/service" || path === "bin/service.new" || path.startsWith(".git/")) continue;
    const st = statSync(join(dir, path));
    lines.push(`${path}\0${st.size}\0${st.mtimeMs}\0${st.ino}`);
  }
  return lines.sort().join("\n");
}

/** The name `go build -o <folder>/` gives the module root's executable: the module path's last element (before a /vN). */
function rootExecutableName(dir: string): string {
  const module = /^module\s+(\S+)/m.exec(readFileSync(join(dir, "go.mod"), "utf8"))?.[1] ?? "";
  const parts = module.split("/");
  const last = parts.at(-1) ?? "";
  return /^v[2-9]\d*$/.test(last) && parts.length > 1 ? parts.at(-2)! : last;
}

/** `<dir>/bin/service`: the executable linked from these very files, else built now. */
export function serviceBinary(dir: string): string {
  const bin = join(dir, "bin", "service");
  const known = linked.get(dir);
  mkdirSync(dirname(bin), { recursive: true });
  let binary = known?.binary;
  if (!binary || !existsSync(binary) || known?.state !== sourceState(dir)) {
    const folder = scratch("go-build");
    binary = join(folder, "service");
    run("go", ["build", "-o", binary, "."], dir);
    keep(dir, { state: sourceState(dir), binary, folder });
  }
  // Renamed into place: a service started earlier may still run the old bin/service.
  copyFileSync(binary, `${bin}.new`);
  renameSync(`${bin}.new`, bin);
  return bin;
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

/** Build the project's binary (or take the one a check linked) and start `<bin> server -f <config>`; resolves once `probe` answers on `port` below 500. */
export async function startService(
  dir: string,
  config: string,
  port: number,
  probe = "/swagger",
  opts: StartOptions = {},
): Promise<Service> {
  const bin = serviceBinary(dir);
  // The service reads PORT; one inherited from the test's own environment would move it.
  const env: NodeJS.ProcessEnv = { ...goEnv, PORT: undefined, ...opts.env };
  const child: ChildProcess = spawn(bin, ["server", "-f", config, ...(opts.args ?? [])], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout?.on("data", (d) => (log += d));
  child.stderr?.on("data", (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  // Ready once the probe answers below 500: a gateway answers 503 while its zrpc upstream is
  // still connecting, and a test's first request would otherwise race that.
  let last = "no answer";
  for (;;) {
    if (child.exitCode !== null) throw new Error(`service exited early (${child.exitCode}):\n${log}`);
    try {
      const r = await fetch(url + probe);
      if (r.status < 500) break;
      last = `${probe} answered ${r.status}`;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`service did not answer on ${url} (${last}):\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
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

/**
 * The generated Dockerfile, built and run by a real Docker daemon: a private dockerd (data root,
 * exec root, socket and pid file in a scratch folder; stopped by its pid at the end). No image
 * registry is reachable here, so the base images are made locally with `docker import` and given
 * as build arguments, as the Dockerfile intends: a builder holding busybox (the shell), the
 * machine's Go toolchain, CA certificates and a warm Go build cache, and a busybox runtime; the
 * project's modules are vendored from the host's module cache (makeBaseImages). The legacy builder (DOCKER_BUILDKIT=0) needs no
 * buildx. When dockerd cannot start (no privileges, no docker.io) the test fails saying why.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { freePort, run } from "../support/go.js";
import { scratch } from "../support/paths.js";

const test = suite("docker (build the generated Dockerfile, run the image)");
const work = scratch("e2e-docker");
const daemonDir = join(work, "dockerd");
const socket = join(daemonDir, "docker.sock");
const dir = join(work, "shop");
let dockerd: ChildProcess | undefined;
let daemonLog = "";
const tag = `${process.pid}`;
const builder = `codegen-e2e-builder:${tag}`;
const runtime = `codegen-e2e-runtime:${tag}`;

const which = (cmd: string): string | null => {
  const r = spawnSync("sh", ["-c", `command -v ${cmd}`], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : null;
};

/** The docker CLI against the private daemon. */
function docker(
  args: string[],
  opts: { input?: string; timeoutMs?: number; allowFail?: boolean } = {},
): { code: number; out: string } {
  const r = spawnSync("docker", args, {
    encoding: "utf8",
    input: opts.input,
    timeout: opts.timeoutMs ?? 120_000,
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DOCKER_HOST: `unix://${socket}`, DOCKER_BUILDKIT: "0", DOCKER_CLI_HINTS: "false" },
  });
  const out = `${r.stdout ?? ""}${r.stderr ?? ""}`;
  if (r.status !== 0 && !opts.allowFail)
    throw new Error(
      `docker ${args.join(" ")} failed (exit ${r.status}${r.error ? `, ${r.error.message}` : ""}):\n${out.slice(-4000)}`,
    );
  return { code: r.status ?? 1, out };
}

/** Starts dockerd and resolves once it answers on its socket; rejects with its log when it exits or misses the deadline. */
async function startDaemon(): Promise<void> {
  const bin = which("dockerd");
  if (!bin) throw new Error("dockerd is not installed: install docker.io (test/setup-tools.sh does, as root)");
  mkdirSync(daemonDir, { recursive: true });
  dockerd = spawn(
    bin,
    [
      "--data-root",
      join(daemonDir, "data"),
      "--exec-root",
      join(daemonDir, "exec"),
      "--host",
      `unix://${socket}`,
      "--pidfile",
      join(daemonDir, "docker.pid"),
      "--bridge",
      "none",
      "--iptables=false",
      "--ip-masq=false",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  dockerd.stdout?.on("data", (d) => (daemonLog += d));
  dockerd.stderr?.on("data", (d) => (daemonLog += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (dockerd.exitCode !== null || dockerd.signalCode !== null) {
      throw new Error(
        `dockerd exited (${dockerd.exitCode ?? dockerd.signalCode}) before answering: it needs root and a kernel with overlay support; its log:\n${daemonLog.slice(-3000)}`,
      );
    }
    if (existsSync(socket) && docker(["version"], { allowFail: true, timeoutMs: 10_000 }).code === 0) return;
    if (Date.now() > deadline)
      throw new Error(`dockerd did not answer on ${socket} within 60 s; its log:\n${daemonLog.slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function stopDaemon(): Promise<void> {
  const child = dockerd;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 30_000))]);
  if (child.exitCode === null && child.signalCode === null) {
    child.kill("SIGKILL");
    await exited;
  }
}

/** A root folder with busybox as /bin/sh and its applets: the shell of both base images. */
function busyboxRoot(root: string): void {
  const busybox = which("busybox");
  if (!busybox) throw new Error("busybox is not installed: install busybox-static (test/setup-tools.sh does, as root)");
  // A dynamically linked busybox would find no C library in the image.
  if (
    !/not a dynamic executable|statically linked/.test(
      `${spawnSync("ldd", [busybox], { encoding: "utf8" }).stdout}${spawnSync("ldd", [busybox], { encoding: "utf8" }).stderr}`,
    )
  ) {
    throw new Error(`${busybox} is dynamically linked: install busybox-static`);
  }
  mkdirSync(join(root, "bin"), { recursive: true });
  mkdirSync(join(root, "tmp"), { recursive: true });
  chmodSync(join(root, "tmp"), 0o1777);
  copyFileSync(busybox, join(root, "bin/busybox"));
  chmodSync(join(root, "bin/busybox"), 0o755);
  for (const applet of spawnSync(busybox, ["--list"], { encoding: "utf8" }).stdout.split("\n").filter(Boolean)) {
    if (applet !== "busybox") symlinkSync("busybox", join(root, "bin", applet));
  }
}

function importImage(root: string, name: string, changes: string[]): void {
  // tar streams into docker import: the builder's root holds a Go toolchain and module and build
  // caches (hundreds of MB), more than a buffer should hold.
  const r = spawnSync(
    "sh",
    ["-c", 'tar -C "$0" -c . | docker import "$@" - "$IMAGE"', root, ...changes.flatMap((c) => ["--change", c])],
    { encoding: "utf8", timeout: 300_000, env: { ...process.env, DOCKER_HOST: `unix://${socket}`, IMAGE: name } },
  );
  if (r.status !== 0) throw new Error(`tar | docker import ${name} failed:\n${r.stdout}${r.stderr}`);
}

/** A command run by sh in the project folder; GOFLAGS is the image's (none), whatever the tests set. */
function onHost(command: string, env: Record<string, string>): void {
  const r = spawnSync("sh", ["-c", command], {
    cwd: dir,
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "", GOTOOLCHAIN: "local", ...env },
    timeout: 1_200_000,
  });
  if (r.status !== 0) throw new Error(`${command} failed in ${dir} (exit ${r.status}):\n${r.stdout}${r.stderr}`);
}

/**
 * The project's modules go into its vendor folder (from the host's module cache, GOPROXY=off),
 * so the image's build needs no network (GOPROXY=off there too: a module missing fails it). The
 * builder image holds a Go build cache warmed on the host by the Dockerfile's own build command
 * (-trimpath: the cache keys do not depend on where the sources are), kept between runs in
 * ~/.cache/codegen-test/docker-go-build: the image's `go build` compiles only what that cache
 * lacks (nothing, when go-zero's version is the same) and links, instead of compiling go-zero
 * from cold in each of the two images.
 */
function makeBaseImages(): void {
  const goroot = run("go", ["env", "GOROOT"], work).trim();
  onHost("go mod vendor", { GOPROXY: "off" });
  const dockerfile = readFileSync(join(dir, "Dockerfile"), "utf8");
  const build = /^RUN (go build .*) -o \S+ \.$/m.exec(dockerfile)?.[1];
  assert.ok(build, `the Dockerfile's go build line:\n${dockerfile}`);
  const goCache = join(process.env["XDG_CACHE_HOME"] || join(homedir(), ".cache"), "codegen-test", "docker-go-build");
  mkdirSync(goCache, { recursive: true });
  // The image's environment: no cgo, no proxy.
  onHost(`${build} -o /dev/null .`, { GOCACHE: goCache, GOPROXY: "off", CGO_ENABLED: "0" });
  const b = join(work, "builder-root");
  busyboxRoot(b);
  mkdirSync(join(b, "usr/local"), { recursive: true });
  cpSync(goroot, join(b, "usr/local/go"), { recursive: true });
  mkdirSync(join(b, "etc/ssl"), { recursive: true });
  cpSync("/etc/ssl/certs", join(b, "etc/ssl/certs"), { recursive: true, dereference: true });
  mkdirSync(join(b, "root"), { recursive: true });
  writeFileSync(join(b, "etc/passwd"), "root:x:0:0:root:/root:/bin/sh\n");
  cpSync(goCache, join(b, "root/.cache/go-build"), { recursive: true });
  importImage(b, builder, [
    "ENV PATH=/usr/local/go/bin:/bin",
    "ENV HOME=/root",
    "ENV GOTOOLCHAIN=local",
    "ENV GOPROXY=off",
  ]);
  const r = join(work, "runtime-root");
  busyboxRoot(r);
  importImage(r, runtime, ["ENV PATH=/bin"]);
  rmSync(b, { recursive: true, force: true });
  rmSync(r, { recursive: true, force: true });
}

/** Resolves with the body of GET url once the service answers, or rejects with the container's log. */
async function answer(container: string, url: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      const r = await fetch(url);
      return await r.text();
    } catch {
      // not listening yet
    }
    const state = docker(["inspect", "-f", "{{.State.Running}}", container], { allowFail: true }).out.trim();
    if (state !== "true" || Date.now() > deadline) {
      throw new Error(
        `container ${container} ${state === "true" ? "did not answer within 60 s" : "stopped"}:\n${docker(["logs", container], { allowFail: true }).out}`,
      );
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** uvu prints nothing about an error thrown in a hook: each test throws it instead, so the reason shows. */
let setupFailed: unknown = null;

test.before(async () => {
  try {
    codegenOk(["new", "shop", "--yes", "--set", "deploy.docker=true"], work);
    run("go", ["mod", "tidy"], dir);
    await startDaemon();
    makeBaseImages();
  } catch (e) {
    setupFailed = e;
  }
});

test.after(async () => {
  if (dockerd && dockerd.exitCode === null) docker(["rm", "-f", "shop-scratch", "shop-busybox"], { allowFail: true });
  await stopDaemon();
  unmountUnder(daemonDir);
  rmSync(work, { recursive: true, force: true });
});

/** dockerd leaves its network namespace mounted (exec root's netns/default) after it stops. */
function unmountUnder(root: string): void {
  const points = readFileSync("/proc/self/mounts", "utf8")
    .split("\n")
    .map((l) => l.split(" ")[1] ?? "")
    .filter((p) => p.startsWith(root + "/"))
    .sort((a, b) => b.length - a.length);
  for (const p of points) spawnSync("umount", [p]);
}

test("the api project's image (scratch runtime) builds and answers pong as a non-root user", async () => {
  if (setupFailed) throw setupFailed;
  const dockerfile = readFileSync(join(dir, "Dockerfile"), "utf8");
  assert.match(dockerfile, /^ARG BUILDER_IMAGE=golang:1\.26-alpine\nARG RUNTIME_IMAGE=scratch\n/m);
  assert.not.match(dockerfile, /HEALTHCHECK/);
  docker(["build", "--network", "host", "--build-arg", `BUILDER_IMAGE=${builder}`, "-t", `shop:${tag}`, dir], {
    timeoutMs: 1_200_000,
  });
  const port = await freePort();
  docker(["run", "-d", "--name", "shop-scratch", "--network", "host", "-e", `PORT=${port}`, `shop:${tag}`]);
  assert.is(await answer("shop-scratch", `http://127.0.0.1:${port}/api/v1/ping`), '{"message":"pong"}');
  assert.is(docker(["inspect", "-f", "{{.Config.User}}", "shop-scratch"]).out.trim(), "65532:65532");
  docker(["rm", "-f", "shop-scratch"]);
});

test("a runtime with a shell gets a HEALTHCHECK that dials the service's port (PORT moves it)", async () => {
  if (setupFailed) throw setupFailed;
  // The Dockerfile is still what gen wrote: a changed setting renders it again.
  const config = join(dir, ".codegen.yaml");
  writeFileSync(
    config,
    readFileSync(config, "utf8").replace("  docker: true\n", "  docker: true\n  runtime_image: busybox:stable\n"),
  );
  codegenOk(["gen", "--quiet"], dir);
  assert.match(
    readFileSync(join(dir, "Dockerfile"), "utf8"),
    /\nHEALTHCHECK .* CMD nc -w 2 127\.0\.0\.1 "\$\{PORT:-8001\}" <\/dev\/null \|\| exit 1\n/,
  );
  docker(
    [
      "build",
      "--network",
      "host",
      "--build-arg",
      `BUILDER_IMAGE=${builder}`,
      "--build-arg",
      `RUNTIME_IMAGE=${runtime}`,
      "-t",
      `shop-busybox:${tag}`,
      dir,
    ],
    { timeoutMs: 1_200_000 },
  );
  const port = await freePort();
  docker(["run", "-d", "--name", "shop-busybox", "--network", "host", "-e", `PORT=${port}`, `shop-busybox:${tag}`]);
  assert.is(await answer("shop-busybox", `http://127.0.0.1:${port}/api/v1/ping`), '{"message":"pong"}');
  const deadline = Date.now() + 60_000;
  let health = "";
  while ((health = docker(["inspect", "-f", "{{.State.Health.Status}}", "shop-busybox"]).out.trim()) !== "healthy") {
    if (health === "unhealthy" || Date.now() > deadline) {
      throw new Error(`health ${health}: ${docker(["inspect", "-f", "{{json .State.Health}}", "shop-busybox"]).out}`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  docker(["rm", "-f", "shop-busybox"]);
});

test.run();

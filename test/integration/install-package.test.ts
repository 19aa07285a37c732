/**
 * `npm pack`'s tarball installs as a user's tool: globally, into an empty prefix, without
 * devDependencies and without building, and the installed `codegen` makes a project that
 * builds and serves on the port asked for. Nothing in the tarball is keyed to the machine that
 * built it (on Node 22 and later, Node keeps the compiled code in the user's cache).
 * README's own install line, `npm install -g .` in a fresh copy of the checkout, works too.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, lstatSync, readdirSync, readFileSync } from "node:fs";
import nodeModule from "node:module";
import { join, relative } from "node:path";
import { checkGoProject, freePort, startService } from "../support/go.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("the installed package");

/** The environment without the settings of an npm this test may run under (`npm test`). */
function npmEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const key of Object.keys(env)) {
    if (/^npm_/i.test(key) && !/^npm_config_(cache|registry|userconfig)$/i.test(key)) delete env[key];
  }
  return env;
}

function npm(args: string[], cwd: string): string {
  const r = spawnSync("npm", args, { cwd, encoding: "utf8", env: npmEnv(), timeout: 300_000 });
  assert.is(r.status, 0, `npm ${args.join(" ")}\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

test("npm pack's tarball installs with --omit=dev; codegen new and gen make a project that builds and serves on --port", async () => {
  const tmp = scratch("install");
  // The build this suite runs from is the one packed (`npm pack` would rebuild it first).
  npm(["pack", "--ignore-scripts", "--pack-destination", tmp], repoRoot);
  const tarballs = readdirSync(tmp).filter((f) => f.endsWith(".tgz"));
  assert.is(tarballs.length, 1, `one tarball: ${tarballs.join(", ")}`);
  const tarball = join(tmp, tarballs[0] ?? "");

  const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" }).split("\n").filter(Boolean);
  assert.ok(files.includes("package/dist/bundle/main.cjs"), "the built CLI is in the tarball");
  assert.ok(files.includes("package/dist/engine/cli/main.js"));
  const keyed = files.filter(
    (f) => f.startsWith("package/dist/cache-seed/") && !f.startsWith("package/dist/cache-seed/validators/"),
  );
  assert.equal(keyed, [], "no cache entries keyed to the build machine");

  const prefix = join(tmp, "prefix");
  npm(["install", "-g", "--prefix", prefix, "--omit=dev", "--prefer-offline", "--no-audit", "--no-fund", tarball], tmp);
  const installed = join(prefix, "lib/node_modules/codegen");
  assert.not.ok(readdirSync(join(installed, "node_modules")).includes("typescript"), "no devDependencies installed");
  const unpacked = readdirSync(installed, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  const naming = unpacked.filter(
    (e) =>
      !e.parentPath.includes("node_modules") && readFileSync(join(e.parentPath, e.name), "latin1").includes(repoRoot),
  );
  assert.equal(
    naming.map((e) => e.name),
    [],
    "no installed file names the build's folder",
  );

  const codegen = join(prefix, "bin/codegen");
  const env = npmEnv({ CODEGEN_CACHE_DIR: join(tmp, "cache") });
  const cli = (args: string[], cwd: string): string => {
    const r = spawnSync(codegen, args, { cwd, encoding: "utf8", env, timeout: 120_000 });
    assert.is(r.status, 0, `codegen ${args.join(" ")}\n${r.stdout}\n${r.stderr}`);
    return r.stdout;
  };
  assert.match(cli(["--help"], tmp), /Commands:/);
  // Node 22 and later keep the compiled code in codegen's cache folder; Node 20 has no such cache.
  const compileCache = typeof (nodeModule as { enableCompileCache?: unknown }).enableCompileCache === "function";
  assert.match(
    cli(["new", "demo", "--yes", "--verbose"], tmp),
    compileCache ? /load codegen \(compile cache enabled\)/ : /load codegen \(compile cache off\)/,
  );
  const demo = join(tmp, "demo");
  assert.match(
    cli(["gen", "--verbose"], demo),
    compileCache ? /load codegen \(compile cache enabled\)/ : /load codegen \(compile cache off\)/,
  );
  assert.is(
    existsSync(join(tmp, "cache/compile-cache")),
    compileCache,
    "the compile cache is in codegen's cache folder",
  );
  checkGoProject(demo);
  const port = await freePort();
  const service = await startService(demo, "etc/etc.yaml", port, "/api/v1/ping", { args: ["--port", String(port)] });
  try {
    const answer = await fetch(`${service.url}/api/v1/ping`);
    assert.is(answer.status, 200, service.output());
  } finally {
    await service.stop();
  }
});

test("README's install line: npm install -g . in a fresh copy of the checkout builds and installs codegen", () => {
  const tmp = scratch("install-folder");
  const copy = join(tmp, "codegen");
  // What a clone holds: the sources, without the build, the installed modules or git's folder.
  const skipped = new Set(["node_modules", "dist", ".git"]);
  cpSync(repoRoot, copy, {
    recursive: true,
    filter: (src) => !skipped.has(relative(repoRoot, src).split("/")[0] ?? ""),
  });
  const prefix = join(tmp, "prefix");
  npm(["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", "."], copy);
  // README says so: this install is a link to the checkout, so removing the clone breaks it.
  assert.ok(
    lstatSync(join(prefix, "lib/node_modules/codegen")).isSymbolicLink(),
    "npm install -g . links the checkout",
  );
  const r = spawnSync(join(prefix, "bin/codegen"), ["--help"], {
    cwd: tmp,
    encoding: "utf8",
    env: npmEnv({ CODEGEN_CACHE_DIR: join(tmp, "cache") }),
    timeout: 60_000,
  });
  assert.is(r.status, 0, `${r.stdout}\n${r.stderr}`);
  assert.match(r.stdout, /Commands:/);
});

test.run();

/**
 * Packs users own, hermetically: a local bare git repository with two tags and a tarball served
 * on 127.0.0.1. The project's ledger pins what was fetched until `template update`; pinned and
 * offline runs work from the cache; foreign steps need trust.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawn } from "node:child_process";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";

const test = suite("remote template packs");
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();
const routes = (dir: string): string => readFileSync(join(dir, "routes.txt"), "utf8");
const pins = (dir: string): Record<string, string> =>
  (JSON.parse(readFileSync(join(dir, ".codegen/ledger.json"), "utf8")) as { packs?: Record<string, string> }).packs ??
  {};

/** A bare repository holding the mini pack at tag v1; `advance` adds a commit tagged v2. */
function packRepository(): { bare: string; advance: () => string; v1: string } {
  const work = scratch("pack-work");
  cpSync(join(fixtures, "packs/mini"), work, { recursive: true });
  git(work, "init", "-q", "-b", "main");
  git(work, "add", "-A");
  git(work, "commit", "-qm", "v1");
  git(work, "tag", "v1");
  const bare = join(scratch("pack-bare"), "pack.git");
  git(work, "clone", "-q", "--bare", work, bare);
  git(work, "remote", "add", "origin", bare);
  const advance = (): string => {
    writeFileSync(
      join(work, "templates/routes.txt.liquid"),
      readFileSync(join(work, "templates/routes.txt.liquid"), "utf8") + "# v2\n",
    );
    git(work, "commit", "-qam", "v2");
    git(work, "tag", "v2");
    git(work, "push", "-q", "origin", "main", "--tags");
    return git(work, "rev-parse", "HEAD");
  };
  return { bare, advance, v1: git(work, "rev-parse", "v1") };
}

test("a git pack is pinned by commit until template update; tags, bare paths and --offline work", () => {
  const repo = packRepository();
  const cache = { CODEGEN_CACHE_DIR: scratch("remote-cache") };
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const source = `git+file://${repo.bare}`;
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: ${source}`),
  );
  const first = codegen(["gen"], dir, cache);
  assert.is(first.code, 0, first.stderr);
  assert.equal(pins(dir), { [source]: repo.v1 });
  const v2 = repo.advance();
  assert.is(codegen(["gen"], dir, cache).code, 0);
  assert.not.match(routes(dir), /# v2/, "the pin holds after the repository moved on");
  const update = codegen(["template", "update"], dir, cache);
  assert.is(update.code, 0, update.stderr);
  assert.ok(update.stdout.includes(`${source}: ${repo.v1.slice(0, 19)} -> ${v2.slice(0, 19)}`), update.stdout);
  assert.is(codegen(["gen"], dir, cache).code, 0);
  assert.match(routes(dir), /# v2/);
  assert.equal(pins(dir), { [source]: v2 });
  // Offline, with the repository gone: the pinned commit is served from the cache.
  rmSync(repo.bare, { recursive: true, force: true });
  const offline = codegen(["gen", "--offline", "--force"], dir, cache);
  assert.is(offline.code, 0, offline.stderr);
  const other = makeProject({ "desc/api/demo.api": smallApi });
  const missing = codegen(["gen", "--offline", "--pack", "git+file:///nowhere/pack.git#v1"], other, cache);
  assert.is(missing.code, 1);
  assert.match(missing.stderr, /PACK_FETCH .*not in the cache and --offline forbids fetching it/);
});

test("a bare path to a local repository with #tag, and new --pack", () => {
  const repo = packRepository();
  repo.advance();
  const cache = { CODEGEN_CACHE_DIR: scratch("remote-cache") };
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const r = codegen(["gen", "--pack", `${repo.bare}#v1`], dir, cache);
  assert.is(r.code, 0, r.stderr);
  assert.not.match(routes(dir), /# v2/);
  assert.is(codegen(["gen", "--pack", `${repo.bare}#v2`, "--force"], dir, cache).code, 0);
  assert.match(routes(dir), /# v2/);
});

test("a tarball served on 127.0.0.1 is pinned by digest and served from the cache once the server is gone", async () => {
  const tarDir = scratch("tarball");
  mkdirSync(join(tarDir, "mini-pack"));
  cpSync(join(fixtures, "packs/mini"), join(tarDir, "mini-pack"), { recursive: true });
  execFileSync("tar", ["-czf", "pack.tar.gz", "mini-pack"], { cwd: tarDir });
  const body = readFileSync(join(tarDir, "pack.tar.gz"));
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  const source = `http://127.0.0.1:${port}/pack.tar.gz`;
  const cache = { CODEGEN_CACHE_DIR: scratch("remote-cache") };
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: "${source}"`),
  );
  const first = await codegenAsync(["gen"], dir, cache);
  assert.is(first.code, 0, first.stderr);
  assert.match(pins(dir)[source] ?? "", /^sha256:[0-9a-f]{64}$/);
  assert.match(routes(dir), /get \/things/);
  await new Promise((r) => server.close(r));
  const offline = await codegenAsync(["gen", "--offline"], dir, cache);
  assert.is(offline.code, 0, offline.stderr);
  const pinned = await codegenAsync(["gen"], dir, cache);
  assert.is(pinned.code, 0, `a pinned tarball in the cache needs no network: ${pinned.stderr}`);
});

function codegenAsync(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [codegenBin, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
  });
}

test("steps of a foreign pack need --trust or the user's allow-list; a project file cannot grant it", () => {
  const pack = join(fixtures, "packs/failing-step");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const home = { XDG_CONFIG_HOME: scratch("xdg") };
  const refused = codegen(["gen", "--pack", pack], dir, home);
  assert.is(refused.code, 1);
  assert.match(
    refused.stderr,
    /COMMANDS_NOT_ALLOWED codegen gen would run commands you have not allowed for .*; nothing was written:\n  step \(pack .*failing-step step lint\): sh -c/,
  );
  writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8") + "trust: true\n");
  const self = codegen(["gen", "--pack", pack], dir, home);
  assert.is(self.code, 1, "trust in the project's own file is ignored");
  assert.match(self.stderr, /COMMANDS_NOT_ALLOWED/);
  mkdirSync(join(home.XDG_CONFIG_HOME, "codegen"), { recursive: true });
  writeFileSync(join(home.XDG_CONFIG_HOME, "codegen/config.yaml"), `trust:\n  - ${pack}\n`);
  const allowed = codegen(["gen", "--pack", pack], dir, home);
  assert.match(allowed.stderr, /STEP_FAILED step "lint"/, "the step ran (and failed as this fixture does)");
});

test("template lint reports a broken template, a broken expression and a missing partial, with positions", () => {
  const pack = scratch("lint-pack");
  cpSync(join(fixtures, "packs/mini"), pack, { recursive: true });
  writeFileSync(join(pack, "templates/broken.txt.liquid"), "line one\n{% if x %}never closed\n");
  writeFileSync(join(pack, "templates/partial.txt.liquid"), "a\nb {% render 'nope' %}\n");
  writeFileSync(
    join(pack, "rules/more.yaml"),
    '- name: broken\n  each: "api.routes["\n  path: x.txt\n  template: broken.txt.liquid\n',
  );
  const r = codegen(["template", "lint", pack], scratch("lint-cwd"));
  assert.is(r.code, 1, r.stdout);
  assert.match(
    r.stderr,
    /templates\/broken\.txt\.liquid:2:1: TEMPLATE_ERROR template broken\.txt\.liquid: tag \{% if x %\} not closed/,
  );
  assert.match(
    r.stderr,
    /templates\/partial\.txt\.liquid:2:14: PACK_MISSING_FILE template partial\.txt\.liquid renders "nope"/,
  );
  assert.match(r.stderr, /rules\/more\.yaml:1:9: PACK_EXPRESSION rule "broken" each: invalid jsonata "api\.routes\["/);
  assert.is(codegen(["template", "lint", join(fixtures, "packs/mini")], pack).code, 0);
});

test.run();

/** Packs from outside: git sources through giget, validation errors with file:line. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("packs");

function gitRepo(files: string): string {
  const repo = scratch("pack-repo");
  cpSync(files, repo, { recursive: true });
  const git = (...args: string[]) =>
    execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: repo });
  git("init", "-q");
  git("add", "-A");
  git("commit", "-qm", "pack");
  return repo;
}

test("a pack from a git repository is fetched, cached and used offline afterwards", () => {
  const repo = gitRepo(join(fixtures, "packs/mini"));
  const cache = scratch("pack-cache");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const r = codegen(["gen", "--pack", `git:${repo}`], dir, { CODEGEN_CACHE_DIR: cache });
  assert.is(r.code, 0, r.stderr);
  assert.is(readFileSync(join(dir, "routes.txt"), "utf8"), "@generated\nget /things/:id\nget /things\n");
  rmSync(repo, { recursive: true, force: true });
  const offline = codegen(["gen", "--pack", `git:${repo}`], dir, { CODEGEN_CACHE_DIR: cache });
  assert.is(offline.code, 0, `the cached copy serves when the source is gone: ${offline.stderr}`);
  rmSync(cache, { recursive: true, force: true });
});

test("an unknown pack is a usage error naming the built-in packs", () => {
  const r = codegen(["gen", "--pack", "nonesuch"], makeProject({}));
  assert.is(r.code, 2);
  assert.match(r.stderr, /PACK_NOT_FOUND [\s\S]*built-in packs: go-zero/);
});

test("manifest and rule errors name the pack file, line and column", () => {
  const pack = scratch("bad-pack");
  cpSync(join(fixtures, "packs/mini"), pack, { recursive: true });
  writeFileSync(
    join(pack, "rules/files.yaml"),
    "- name: routes\n  path: routes.txt\n  template: routes.txt.liquid\n  mdoe: once\n",
  );
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const rule = codegen(["gen", "--pack", pack], dir);
  assert.is(rule.code, 1);
  assert.match(rule.stderr, /rules\/files\.yaml:4:3: PACK_RULE_INVALID unknown key "mdoe"/);
  writeFileSync(join(pack, "pack.yaml"), "name: mini\nmanaged_marker: 3\ninputs: [api]\n");
  const manifest = codegen(["gen", "--pack", pack], dir);
  assert.match(manifest.stderr, /pack\.yaml:3:9: PACK_INVALID inputs must be object/);
  mkdirSync(join(pack, "rules"), { recursive: true });
});

/** A copy of a fixture pack whose pack.yaml gets `extra` appended. */
function packWith(fixture: string, extra: string): string {
  const pack = scratch("config-pack");
  cpSync(join(fixtures, "packs", fixture), pack, { recursive: true });
  writeFileSync(join(pack, "pack.yaml"), readFileSync(join(pack, "pack.yaml"), "utf8") + extra);
  return pack;
}

test("a pack extending go-zero changes a default and adds a key of its own", () => {
  const pack = scratch("extends-go-zero");
  writeFileSync(
    join(pack, "pack.yaml"),
    "name: team\nextends: go-zero\nconfig:\n  defaults:\n    migrate: { dir: db/migrations }\n    sql: { cache: true }\n    deploy: { region: eu }\n" +
      "  schema:\n    properties:\n      deploy:\n        properties:\n          region: { type: string, enum: [eu, us] }\n",
  );
  const dir = scratch("team-project");
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${pack}\n`);
  const r = codegen(["config"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^migrate\.dir = "db\/migrations"\s+\(pack;/m);
  assert.match(r.stdout, /^sql\.cache = true\s+\(pack;/m);
  assert.match(r.stdout, /^sql\.cache_tables = \[\]\s+\(pack;/m, "the base pack's other defaults stay");
  assert.match(r.stdout, /^frame = "api"\s+\(pack;/m);
  assert.match(r.stdout, /^deploy\.region = "eu"\s+\(pack; env CODEGEN_DEPLOY_REGION\)$/m);
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${pack}\ndeploy:\n  region: mars\n  zone: a\n`);
  const bad = codegen(["config"], dir);
  assert.is(bad.code, 1);
  assert.match(bad.stderr, /^\.codegen\.yaml:4:11: CONFIG_INVALID deploy\.region must be one of eu, us/m);
  assert.match(bad.stderr, /^\.codegen\.yaml:5:3: CONFIG_INVALID unknown key "zone" in deploy/m);
  // For editors: the schema of this project's .codegen.yaml holds the engine's keys and both packs'.
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${pack}\n`);
  const schema = JSON.parse(codegenOk(["config", "--schema"], dir).stdout) as {
    properties: Record<string, { properties?: Record<string, { enum?: string[] }> }>;
  };
  assert.equal(schema.properties["deploy"]?.properties?.["region"]?.enum, ["eu", "us"]);
  assert.ok(schema.properties["sql"]?.properties?.["cache_tables"], "the base pack's key");
  assert.ok(schema.properties["hooks"], "the engine's key");
  // An editor needs it most while the file is wrong.
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${pack}\ndeploy:\n  region: mars\n`);
  assert.ok(JSON.parse(codegenOk(["config", "--schema"], dir).stdout));
});

test("a foreign pack gives the frame default; it cannot retype an engine key or default trust", () => {
  const docs = packWith("mini", "config:\n  defaults:\n    frame: docs\n");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\npack: ${docs}\n`);
  const gen = codegen(["gen"], dir);
  assert.is(gen.code, 0, gen.stderr);
  const none = codegen(["gen", "--pack", join(fixtures, "packs/mini")], dir);
  assert.is(none.code, 2);
  assert.match(none.stderr, /no frame is set and pack mini gives no default \(frames: docs\)/);
  const retype = packWith("mini", "config:\n  schema:\n    properties:\n      frame: { type: integer }\n");
  const r = codegen(["gen", "--pack", retype], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /pack\.yaml:\d+:\d+: PACK_INVALID config key frame is the engine's/);
  const trust = packWith("mini", "config:\n  defaults:\n    trust: true\n");
  const t = codegen(["gen", "--pack", trust], dir);
  assert.is(t.code, 1);
  assert.match(t.stderr, /pack\.yaml:\d+:\d+: PACK_INVALID a pack cannot set the default of trust/);
});

test("handler names differing in case are the go-zero pack's concern, not the catalogue's", () => {
  const api = `service s {
  @handler getUser
  get /a
  @handler GetUser
  get /b
}
`;
  const catalogue = makeProject({ "desc/api/s.api": api }, "catalogue");
  const ok = codegen(["gen"], catalogue);
  assert.is(ok.code, 0, ok.stderr);
  const goZero = scratch("go-zero-handlers");
  mkdirSync(join(goZero, "desc/api"), { recursive: true });
  writeFileSync(join(goZero, "desc/api/s.api"), api);
  writeFileSync(join(goZero, ".codegen.yaml"), "name: s\nmodule: example.com/s\n");
  const clash = codegen(["gen"], goZero);
  assert.is(clash.code, 1);
  assert.match(clash.stderr, /desc\/api\/s\.api:5:3: API_DUPLICATE_HANDLER handler GetUser is declared twice/);
});

test.run();

/** Packs from outside: git sources through giget, validation errors with file:line. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("packs");

function gitRepo(files: string): string {
  const repo = scratch("pack-repo");
  cpSync(files, repo, { recursive: true });
  const git = (...args: string[]) => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd: repo });
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
  writeFileSync(join(pack, "rules/files.yaml"), "- name: routes\n  path: routes.txt\n  template: routes.txt.liquid\n  mdoe: once\n");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const rule = codegen(["gen", "--pack", pack], dir);
  assert.is(rule.code, 1);
  assert.match(rule.stderr, /rules\/files\.yaml:4:3: PACK_RULE_INVALID unknown key "mdoe"/);
  writeFileSync(join(pack, "pack.yaml"), "name: mini\nmanaged_marker: 3\ninputs: [api]\n");
  const manifest = codegen(["gen", "--pack", pack], dir);
  assert.match(manifest.stderr, /pack\.yaml:3:9: PACK_INVALID inputs must be object/);
  mkdirSync(join(pack, "rules"), { recursive: true });
});

test.run();

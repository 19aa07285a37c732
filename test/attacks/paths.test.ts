/**
 * Attack class: symlinks out of the project and out of a pack, and what the system refuses. A
 * pack's `static/leak -> /etc/passwd` (folder, local git or git+file:// source) is never copied;
 * a project's merged file linked to a secret is never read, merged or replaced through the link;
 * a generated folder that is a link is never written through; a read-only project or .codegen
 * is a diagnostic (exit 1), never an internal error, and the old tree stays.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { lstatSync, mkdirSync, rmSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { freeze, treeHashes } from "../support/many-routes.js";
import { makeProject, packAndProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: paths and symlinks");
const git = (cwd: string, ...args: string[]): string => execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], { cwd, encoding: "utf8" }).trim();

/** A secret outside everything, and a pack whose static file links to it. */
function leakingPack(): { secret: string; pack: string; dir: string; env: Record<string, string> } {
  const secret = join(scratch("attack-secret"), "passwd");
  writeFileSync(secret, "root:x:0:0:SECRET\n");
  const made = packAndProject("leaky", { "rules/copy.yaml": "- name: leak\n  path: leak.txt\n  copy: leak\n" }, { "desc/api/demo.api": smallApi });
  mkdirSync(join(made.pack, "static"));
  symlinkSync(secret, join(made.pack, "static/leak"));
  return { secret, ...made };
}

function refusedLeak(dir: string, env: Record<string, string>): void {
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /PACK_UNSAFE_FILE rule "leak" copies leak, but the pack's .*static\/leak is a symbolic link/);
  assert.not.match(r.stderr + r.stdout, /SECRET/);
  assert.throws(() => lstatSync(join(dir, "leak.txt")));
}

test("a folder pack's static/leak -> secret is refused, naming the pack file", () => {
  const { dir, env } = leakingPack();
  refusedLeak(dir, env);
});

for (const form of ["local git", "git+file://"]) {
  test(`a ${form} pack's static/leak -> secret is refused`, () => {
    const { pack, dir, env } = leakingPack();
    git(pack, "init", "-q", "-b", "main");
    git(pack, "add", "-A");
    git(pack, "commit", "-qm", "leak");
    const bare = join(scratch("attack-bare"), "pack.git");
    git(pack, "clone", "-q", "--bare", pack, bare);
    assert.ok(readlinkSync(join(pack, "static/leak")));
    const source = form === "local git" ? `${bare}#main` : `git+file://${bare}#main`;
    writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: ${source}`));
    refusedLeak(dir, env);
  });
}

test("a merged file linked to a secret is never read, merged or replaced through the link", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const secret = join(scratch("attack-home"), "secret.yaml");
  writeFileSync(secret, "token: SECRET\n");
  symlinkSync(secret, join(dir, "settings.yaml"));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /UNSAFE_PATH settings\.yaml is a symbolic link; codegen never reads, merges or replaces a file through a link/);
  assert.is(readFileSync(secret, "utf8"), "token: SECRET\n");
  assert.ok(lstatSync(join(dir, "settings.yaml")).isSymbolicLink(), "the link stays a link");
  assert.throws(() => lstatSync(join(dir, "routes.txt")), "nothing was written");
});

test("a generated folder that is a symlink is never written through, even one pointing inside", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  mkdirSync(join(dir, "elsewhere"));
  symlinkSync(join(dir, "elsewhere"), join(dir, "notes"));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /UNSAFE_PATH .*notes\/getThing\.txt.*notes.* is a symbolic link/);
  assert.equal(treeHashes(join(dir, "elsewhere")), {});
});

for (const frozen of [".", ".codegen"]) {
  test(`a read-only ${frozen === "." ? "project root" : ".codegen"} is a diagnostic (exit 1), the old tree intact`, () => {
    const dir = makeProject({ "desc/api/demo.api": smallApi });
    const first = codegen(["gen"], dir);
    assert.is(first.code, 0, first.stderr);
    writeTree(dir, { "desc/api/demo.api": smallApi.replace("listThings", "listMore") });
    // A root that cannot even hold .codegen yet (a fresh clone), or a .codegen that refuses the lock.
    if (frozen === ".") rmSync(join(dir, ".codegen"), { recursive: true });
    const before = treeHashes(dir);
    freeze(join(dir, frozen), true);
    try {
      const r = codegen(["gen"], dir);
      assert.is(r.code, 1, r.stderr);
      assert.match(r.stderr, /(NO_PERMISSION|WRITE_FAILED) cannot .*(permission denied|read-only)/);
      assert.match(r.stderr, /hint: make .* writable/);
      assert.not.match(r.stderr, /internal error/);
    } finally {
      freeze(join(dir, frozen), false);
    }
    assert.equal(treeHashes(dir), before);
  });
}

test.run();

/**
 * `gen --git-change`: descriptors changed in git (modified, staged, untracked; deleted ones lose
 * their files), plus any changed since the last gen, so aggregates stay consistent.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";
import { makeProject } from "../support/project.js";

const test = suite("gen --git-change");
const api = (name: string): string =>
  `syntax = "v1"\n\ntype ${name}Resp {\n\tName string \`json:"name"\`\n}\n\nservice demo {\n\t@handler ${name}\n\tget /${name} returns (${name}Resp)\n}\n`;
const git = (dir: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], { cwd: dir, encoding: "utf8" });

test("edited, committed since the last gen, untracked and deleted descriptors", () => {
  const dir = makeProject(
    { "desc/api/alpha.api": api("alpha"), "desc/api/beta.api": api("beta"), "desc/api/gamma.api": api("gamma") },
    "ledger",
  );
  assert.is(codegen(["gen"], dir).code, 0);
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "start");
  writeFileSync(join(dir, "desc/api/alpha.api"), api("alpha").replace("get /alpha", "post /alpha"));
  writeFileSync(join(dir, "desc/api/beta.api"), api("beta").replace("get /beta", "put /beta"));
  git(dir, "commit", "-qam", "beta changed and committed before any gen");
  writeFileSync(join(dir, "desc/api/delta.api"), api("delta"));
  rmSync(join(dir, "desc/api/gamma.api"));
  const before = readFileSync(join(dir, "handlers/beta.txt"), "utf8");
  const r = codegen(["gen", "--git-change", "--verbose"], dir);
  assert.is(r.code, 0, r.stderr);
  const changed = r.stdout
    .split("\n")
    .filter((l) => /^\s+(created|updated|removed)\s/.test(l))
    .map((l) => l.trim().replace(/\s+/, " "))
    .sort();
  assert.equal(changed, [
    "created handlers/delta.txt",
    "created logic/delta.txt",
    "removed handlers/gamma.txt",
    "removed logic/gamma.txt",
    "updated handlers/alpha.txt",
    "updated handlers/beta.txt",
    "updated logic/alpha.txt",
    "updated logic/beta.txt",
    "updated routes.txt",
  ]);
  assert.match(r.stdout, /also generating desc\/api\/beta\.api: it changed since the last gen/);
  assert.not.equal(readFileSync(join(dir, "handlers/beta.txt"), "utf8"), before);
  assert.is(
    readFileSync(join(dir, "routes.txt"), "utf8"),
    "@generated\npost /alpha -> alpha\nput /beta -> beta\nget /delta -> delta\n",
  );
  // Everything is consistent now: a full gen has nothing to do.
  assert.match(codegen(["gen"], dir).stdout, /wrote 0 files/);
  assert.not.ok(existsSync(join(dir, "handlers/gamma.txt")));
});

test("against a ref; outside a repository it says so", () => {
  const dir = makeProject({ "desc/api/alpha.api": api("alpha"), "desc/api/beta.api": api("beta") }, "ledger");
  const none = codegen(["gen", "--git-change"], dir);
  assert.is(none.code, 2);
  assert.match(none.stderr, /GIT_CHANGE --git-change needs git: the project is not in a git repository/);
  assert.is(codegen(["gen"], dir).code, 0);
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "one");
  git(dir, "tag", "v1");
  writeFileSync(join(dir, "desc/api/beta.api"), api("beta").replace("get /beta", "delete /beta"));
  git(dir, "commit", "-qam", "two");
  assert.is(codegen(["gen", "--git-change", "v1"], dir).code, 0);
  assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /delete \/beta/);
  assert.match(codegen(["gen", "--git-change", "nope"], dir).stderr, /"nope" is not a commit/);
});

test("git rm of an .api with its own go_package removes its types package in the same run", () => {
  // The go-zero pack: a types package is one file for every .api naming that go_package, so it
  // has no single descriptor of its own.
  const dir = writeTree(scratch("proj"), {
    ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: api\n",
    "desc/api/demo.api": api("alpha"),
    "desc/api/extra.api": api("extra").replace(
      'syntax = "v1"\n',
      'syntax = "v1"\n\ninfo (\n\tgo_package: "extra"\n)\n',
    ),
  });
  const first = codegen(["gen"], dir);
  assert.is(first.code, 0, first.stderr);
  assert.ok(existsSync(join(dir, "internal/types/extra/types.go")));
  git(dir, "init", "-q");
  git(dir, "add", ".");
  git(dir, "commit", "-qm", "start");
  git(dir, "rm", "-q", "desc/api/extra.api");
  const r = codegen(["gen", "--git-change"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.not.ok(existsSync(join(dir, "internal/types/extra/types.go")), "the deleted descriptor's types file is gone");
  assert.not.ok(existsSync(join(dir, "internal/handler/extrahandler.go")));
  assert.ok(existsSync(join(dir, "internal/types/types.go")), "the other descriptor's types stay");
  assert.match(codegen(["gen"], dir).stdout, /wrote 0 files/, "a full gen finds nothing left to do");
});

test.run();

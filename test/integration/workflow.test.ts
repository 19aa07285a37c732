/** Everyday CLI behaviour: options reported as typed, hooks around every project command. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { snapshot } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("workflow");

test("an unknown option is reported as typed, with the nearest one the command knows", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  const r = codegen(["gen", "--git-chnage"], dir);
  assert.is(r.code, 2);
  assert.match(
    r.stderr,
    /^codegen: unknown option --git-chnage \(did you mean --git-change\?\); run codegen gen --help for the options$/m,
  );
  assert.not.match(r.stderr, /gitChnage/);
  const far = codegen(["new", "x", "--zzz"], dir);
  assert.is(far.code, 2);
  assert.match(far.stderr, /unknown option --zzz; run codegen new --help/);
});

test("new refuses an output that is not a folder and a module path that is not one, writing nothing", () => {
  const dir = scratch("new-bad");
  const devnull = codegen(["new", "z", "--output", "/dev/null"], dir);
  assert.is(devnull.code, 1, devnull.stderr);
  assert.match(devnull.stderr, /PROJECT_EXISTS \/dev\/null exists and is not a folder; nothing was written/);
  for (const module of ["../../evil", "/abs/path", "a//b", "has space"]) {
    const r = codegen(["new", "z", "--module", module], dir);
    assert.is(r.code, 2, module);
    assert.match(r.stderr, /USAGE --module .* is not a module path/);
  }
  assert.equal(readdirSync(dir), []);
});

test("a YAML alias to an anchor that does not exist is a diagnostic at the alias (found by the fuzzer)", () => {
  const dir = scratch("yaml-alias");
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nframe: *aapi\n");
  const r = codegen(["config"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /^\.codegen\.yaml:2:8: CONFIG_INVALID invalid YAML: Unresolved alias/m);
});

test("hooks.before and hooks.after run around check, config, template and gen once the user allowed them", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8") +
      'hooks:\n  before: ["echo before >> hooks.log"]\n  after: ["echo after >> hooks.log"]\n',
  );
  const user = { XDG_CONFIG_HOME: scratch("workflow-config") };
  codegenOk(["trust"], dir, user);
  for (const args of [["config"], ["check"], ["template", "list"], ["gen"]]) {
    rmSync(join(dir, "hooks.log"), { force: true });
    const r = codegen(args, dir, user);
    assert.is(r.code, 0, `${args.join(" ")}: ${r.stderr}`);
    assert.ok(existsSync(join(dir, "hooks.log")), args.join(" "));
    assert.is(readFileSync(join(dir, "hooks.log"), "utf8"), "before\nafter\n", args.join(" "));
  }
});

test("skills init writes to ~/.claude/skills/<project>/ by default; a second run writes nothing", () => {
  const home = scratch("home");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nmodule: example.com/demo\nframe: api\n");
  const first = codegen(["skills", "init"], dir, { HOME: home });
  assert.is(first.code, 0, first.stderr);
  // the folder as the user knows it, not as a path climbing out of the project
  assert.match(first.stdout, /^wrote 3 of 3 skill files to ~\/\.claude\/skills\/demo$/m);
  const skill = join(home, ".claude/skills/demo/SKILL.md");
  assert.match(readFileSync(skill, "utf8"), /^---\nname: demo-go-zero\ndescription: .+\n---\n/);
  assert.match(
    readFileSync(join(home, ".claude/skills/demo/reference/layout.md"), "utf8"),
    /`GET \/things\/:id` \| `getThing`/,
  );
  const before = snapshot(join(home, ".claude"));
  const second = codegen(["skills", "init"], dir, { HOME: home });
  assert.match(second.stdout, /^skills in ~\/\.claude\/skills\/demo are up to date \(3 files\)$/m);
  assert.equal(snapshot(join(home, ".claude")), before);
  assert.equal(snapshot(dir)[".codegen/ledger.json"], undefined, "nothing is written into the project");
  const outside = codegen(["skills", "init"], home);
  assert.is(outside.code, 2);
  assert.match(outside.stderr, /NOT_A_PROJECT/);
});

test.run();

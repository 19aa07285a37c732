/**
 * `template init --full` copies a built-in pack, and a copy is not built in: it says, in its
 * output and in the README it writes, that the copy's commands need the user's consent; and a
 * gen with the copy does refuse until allowed.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("template init --full and trust");

test("the output and the README say which commands need codegen trust or --trust", () => {
  const work = scratch("init-full");
  const out = codegenOk(["template", "init", "--full", "--output", "team-pack"], work).stdout;
  assert.match(
    out,
    /^trust: this copy is not built in, so its 3 steps \(gofmt, protoc-go, protoc-descriptor-set\), .*tool check commands and 5 skills rules run only when allowed: in each project using it, run codegen trust once .*pass --trust for one run/m,
  );
  const readme = readFileSync(join(work, "team-pack/README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Steps and trust"), readme.indexOf("## Rules of the base pack"));
  assert.match(section, /not the built-in `go-zero` pack/);
  assert.match(section, /3 steps \(gofmt, protoc-go, protoc-descriptor-set\)/);
  assert.match(section, /`codegen trust`/);
  assert.match(section, /`--trust`/);
  assert.match(section, /COMMANDS_NOT_ALLOWED/);
});

test("what it says holds: gen with the copy refuses, and runs with --trust", () => {
  const work = scratch("init-full");
  codegenOk(["template", "init", "--full", "--output", "team-pack"], work);
  const dir = join(work, "svc");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: svc\nmodule: example.com/svc\nframe: api\npack: ../team-pack\n");
  writeFileSync(
    join(dir, "desc/api/svc.api"),
    'syntax = "v1"\n\ntype PingResponse {\n\tMessage string `json:"message"`\n}\n\nservice svc {\n\t@handler ping\n\tget /ping returns (PingResponse)\n}\n',
  );
  const refused = codegen(["gen"], dir);
  assert.is(refused.code, 1, refused.stdout + refused.stderr);
  assert.match(refused.stderr, /COMMANDS_NOT_ALLOWED/);
  const allowed = codegen(["gen", "--trust"], dir);
  assert.is(allowed.code, 0, allowed.stdout + allowed.stderr);
});

test("init without --full extends the built-in pack and asks for no trust", () => {
  const work = scratch("init-extends");
  const out = codegenOk(["template", "init", "--output", "team-pack"], work).stdout;
  assert.not.match(out, /^trust:/m);
});

test.run();

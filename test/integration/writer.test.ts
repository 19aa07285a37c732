/** The writer's guarantees, seen from the command line with small test packs. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { makeProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("writer guarantees");
const read = (dir: string, p: string) => readFileSync(join(dir, p), "utf8");

test("first gen creates, second gen writes nothing and leaves mtimes alone", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const first = codegen(["gen"], dir);
  assert.is(first.code, 0, first.stderr);
  assert.match(first.stdout, /4 created/);
  assert.is(read(dir, "routes.txt"), "@generated\nget /things/:id\nget /things\n");
  const before = snapshot(dir);
  const second = codegen(["gen"], dir);
  assert.match(second.stdout, /wrote 0 files: 0 created, 0 updated, 1 unchanged, 3 kept/);
  assert.equal(snapshot(dir), before);
});

test("once files keep user edits; managed files are regenerated", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  codegen(["gen"], dir);
  writeFileSync(join(dir, "notes/getThing.txt"), "my own notes\n");
  writeFileSync(join(dir, "routes.txt"), "@generated\nstale\n");
  const r = codegen(["gen"], dir);
  assert.match(r.stdout, /1 updated/);
  assert.is(read(dir, "notes/getThing.txt"), "my own notes\n");
  assert.is(read(dir, "routes.txt"), "@generated\nget /things/:id\nget /things\n");
});

test("a managed path holding a file without the marker is user code: refused, then --force", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi, "routes.txt": "written by hand\n" });
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /USER_FILE routes\.txt exists without the generated-code marker/);
  assert.not.ok(existsSync(join(dir, "settings.yaml")), "nothing else was written either");
  assert.is(codegen(["gen", "--force"], dir).code, 0);
  assert.match(read(dir, "routes.txt"), /@generated/);
});

test("merge mode adds missing YAML keys and keeps the user's values and comments", () => {
  const dir = makeProject({
    "desc/api/demo.api": smallApi,
    "settings.yaml": "# mine\nname: custom # keep\nroutes:\n  count: 99\n",
  });
  assert.is(codegen(["gen"], dir).code, 0);
  const text = read(dir, "settings.yaml");
  assert.match(text, /# mine\nname: custom # keep/);
  assert.match(text, /count: 99/);
  assert.match(text, /getThing: true/);
  assert.match(codegen(["gen"], dir).stdout, /0 updated/);
});

test("a template error writes nothing and names the template line", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "broken");
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /bad\.txt\.liquid:2:\d+: TEMPLATE_ERROR .*no_such_filter/);
  assert.not.ok(existsSync(join(dir, "routes.txt")));
});

test("a failing step writes nothing and shows the step's output", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const r = codegen(
    ["gen", "--pack", join(import.meta.dirname, "../../../test/fixtures/packs/failing-step"), "--trust"],
    dir,
  );
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stderr, /STEP_FAILED step "lint" failed \(exit 3\); nothing was written/);
  assert.match(r.stderr, /lint: routes\.txt is not acceptable/);
  assert.not.ok(existsSync(join(dir, "routes.txt")));
});

test("a pack from outside that runs steps needs --trust", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const r = codegen(["gen", "--pack", join(import.meta.dirname, "../../../test/fixtures/packs/failing-step")], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /COMMANDS_NOT_ALLOWED [\s\S]*step \(pack [^)]* step lint\): sh -c/);
});

test("planned paths cannot leave the project, directly or through a symlink", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "escape");
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /UNSAFE_PATH rule "routes" planned "\.\.\/outside\.txt", which leaves the project root/);
  assert.not.ok(existsSync(join(dir, "../outside.txt")));

  const outside = scratch("outside");
  const linked = makeProject({ "desc/api/demo.api": smallApi });
  symlinkSync(outside, join(linked, "notes"));
  const s = codegen(["gen"], linked);
  assert.is(s.code, 1);
  assert.match(s.stderr, /UNSAFE_PATH notes\/getThing\.txt is under notes, which is a symbolic link/);
  assert.not.ok(existsSync(join(outside, "getThing.txt")));
  rmSync(outside, { recursive: true, force: true });
});

test("--dry-run writes nothing; --diff prints the change", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const before = snapshot(dir);
  const dry = codegen(["gen", "--dry-run"], dir);
  assert.match(dry.stdout, /would write 4 files/);
  assert.match(dry.stdout, /created\s+routes\.txt/);
  assert.equal(snapshot(dir), before);
  codegen(["gen"], dir);
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("get /things returns", "post /things returns"));
  const diff = codegen(["gen", "--diff"], dir);
  assert.match(diff.stdout, /--- a\/routes\.txt\n\+\+\+ b\/routes\.txt/);
  assert.match(diff.stdout, /-get \/things\n\+post \/things/);
  assert.match(read(dir, "routes.txt"), /get \/things\n$/, "--diff did not write");
});

test("files gen never wrote are never removed, even with the marker; --desc removes only its descriptor's files", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  codegen(["gen"], dir);
  mkdirSync(join(dir, "old"), { recursive: true });
  writeFileSync(join(dir, "old/stale.txt"), "@generated\nnot in the ledger\n");
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("@handler listThings", "@handler listAll"));
  const partial = codegen(["gen", "--desc", "desc/api/demo.api", "--verbose"], dir);
  assert.match(partial.stdout, /removed\s+handlers\/listThings\.txt/);
  assert.match(partial.stdout, /created\s+handlers\/listAll\.txt/);
  const r = codegen(["gen", "--verbose"], dir);
  assert.match(r.stdout, /wrote 0 files/);
  assert.ok(existsSync(join(dir, "old/stale.txt")));
});

test("a pack extends another: rules override by name and can be removed", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "child");
  const r = codegen(["gen"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.is(read(dir, "ROUTES.md"), "@generated\n# Routes\n- GET /things/:id\n- GET /things\n");
  assert.ok(existsSync(join(dir, "notes/listThings.txt")), "inherited rule still runs");
  assert.not.ok(existsSync(join(dir, "routes.txt")), "overridden rule replaced");
  assert.not.ok(existsSync(join(dir, "settings.yaml")), "disabled rule removed");
});

test("cached formatter outputs stay formatted when only some files hit the cache", () => {
  const pack = join(import.meta.dirname, "../../../test/fixtures/packs/two-steps");
  const cache = scratch("step-cache");
  const first = makeProject({ "desc/api/demo.api": smallApi });
  assert.is(codegen(["gen", "--pack", pack, "--trust"], first, { CODEGEN_CACHE_DIR: cache }).code, 0);
  // fixed.txt now hits the cache, routes.txt (other routes) misses it.
  const second = makeProject({ "desc/api/demo.api": smallApi.replace("get /things returns", "get /others returns") });
  const r = codegen(["gen", "--pack", pack, "--trust"], second, { CODEGEN_CACHE_DIR: cache });
  assert.is(r.code, 0, r.stderr);
  assert.is(read(second, "fixed.txt"), "@generated\nGET fixed\n");
  assert.is(read(second, "routes.txt"), "@generated\nGET /things/:id\nGET /others\n");
  assert.match(
    codegen(["gen", "--pack", pack, "--trust"], second, { CODEGEN_CACHE_DIR: cache }).stdout,
    /wrote 0 files/,
  );
  rmSync(cache, { recursive: true, force: true });
});

test("files a step created join the plan, and go away with what produced them", () => {
  const pack = join(import.meta.dirname, "../../../test/fixtures/packs/collector");
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(join(dir, "mine.out"), "a file of the same kind, written by hand\n");
  const r = codegen(["gen", "--pack", pack, "--trust"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.is(read(dir, "extra.out"), "made by tool\n");
  assert.match(codegen(["gen", "--pack", pack, "--trust"], dir).stdout, /wrote 0 files/);
  writeFileSync(join(dir, "desc/api/demo.api"), 'syntax = "v1"\n\ntype Only {\n\tId int64 `json:"id"`\n}\n');
  const gone = codegen(["gen", "--pack", pack, "--trust", "--verbose"], dir);
  assert.match(gone.stdout, /removed\s+extra\.out/);
  assert.not.ok(existsSync(join(dir, "extra.out")));
  assert.ok(existsSync(join(dir, "mine.out")), "a file without the step's marker stays");
});

test("--desc writes its descriptor's files and aggregates; other descriptors changed since the last gen come too", () => {
  const other = 'syntax = "v1"\n\nservice demo {\n\t@handler otherThing\n\tget /other\n}\n';
  const dir = makeProject({ "desc/api/demo.api": smallApi, "desc/api/other.api": other });
  assert.is(codegen(["gen"], dir).code, 0);
  writeFileSync(join(dir, "desc/api/other.api"), other.replace(/otherThing/g, "otherThing2"));
  rmSync(join(dir, "notes/getThing.txt"));
  const r = codegen(["gen", "--desc", "desc/api/other.api", "--verbose"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.ok(existsSync(join(dir, "notes/otherThing2.txt")));
  assert.not.ok(existsSync(join(dir, "notes/getThing.txt")), "demo.api's files are left alone: it did not change");
  assert.is(
    read(dir, "routes.txt"),
    "@generated\nget /things/:id\nget /things\nget /other\n",
    "aggregates list every route",
  );
  // Both edited, one asked for: the aggregate names the other's files, so they are written too.
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("@handler listThings", "@handler listAll"));
  writeFileSync(join(dir, "desc/api/other.api"), other.replace(/otherThing/g, "otherThing3"));
  const both = codegen(["gen", "--desc", "desc/api/other.api"], dir);
  assert.match(both.stdout, /also generating desc\/api\/demo\.api: it changed since the last gen/);
  assert.ok(existsSync(join(dir, "notes/listAll.txt")) && existsSync(join(dir, "notes/otherThing3.txt")));
  assert.is(codegen(["gen", "--desc", "desc/api/nope.api"], dir).code, 2);
  const outside = codegen(["gen", "--desc", "../../../etc/passwd"], dir);
  assert.is(outside.code, 2);
  assert.match(outside.stderr, /DESC_OUTSIDE_PROJECT descriptor \.\.\/\.\.\/\.\.\/etc\/passwd is outside the project/);
});

test("a whole step's outputs are reused until its inputs or its programs change", () => {
  const pack = join(import.meta.dirname, "../../../test/fixtures/packs/whole-cache");
  const bin = scratch("tools");
  const tool = join(bin, "codegen-test-tool");
  writeFileSync(tool, "#!/bin/sh\nexit 0\n", { mode: 0o755 });
  const counter = join(scratch("counter"), "runs");
  const env = {
    CODEGEN_CACHE_DIR: scratch("whole-cache"),
    CODEGEN_TEST_COUNTER: counter,
    PATH: `${bin}:${process.env["PATH"]}`,
  };
  const runs = () => (existsSync(counter) ? readFileSync(counter, "utf8").split("\n").filter(Boolean).length : 0);
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const gen = () => codegen(["gen", "--pack", pack, "--trust"], dir, env);
  assert.is(gen().code, 0);
  assert.is(read(dir, "handlers.out").trim(), "2");
  assert.match(gen().stdout, /wrote 0 files/);
  assert.is(runs(), 1, "second gen took the outputs from the cache");
  writeFileSync(
    join(dir, "desc/api/demo.api"),
    smallApi.replace("@handler listThings\n\tget /things returns (Resp)\n", ""),
  );
  assert.match(gen().stdout, /2 updated/, "routes.txt and handlers.out");
  assert.is(read(dir, "handlers.out").trim(), "1");
  assert.is(runs(), 2, "a changed input runs the step again");
  writeFileSync(tool, "#!/bin/sh\n# a newer version\nexit 0\n", { mode: 0o755 });
  gen();
  assert.is(runs(), 3, "a changed program runs the step again");
});

test.run();

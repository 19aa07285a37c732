/** Command line surface, configuration layers, hooks and error reporting. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { codegen } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { makeProject, smallApi } from "../support/project.js";
import { parse } from "yaml";
import { fixtures, repoRoot, scratch } from "../support/paths.js";

const test = suite("cli");

test("--help lists every command and each command lists its flags", () => {
  const help = codegen(["--help"], scratch("help"));
  assert.is(help.code, 0);
  for (const c of ["new [name]", "gen", "check", "config", "migrate"]) assert.ok(help.stdout.includes(c), c);
  const gen = codegen(["gen", "--help"], scratch("help"));
  for (const f of ["--desc", "--dry-run", "--diff", "--force", "--config", "--pack", "--trust", "--verbose"])
    assert.ok(gen.stdout.includes(f), f);
});

test("unknown commands and flags are usage errors (exit 2)", () => {
  const dir = scratch("usage");
  const cmd = codegen(["generate"], dir);
  assert.is(cmd.code, 2);
  assert.match(cmd.stderr, /unknown command "generate"/);
  const flag = codegen(["gen", "--dryrun"], dir);
  assert.is(flag.code, 2);
  assert.match(flag.stderr, /unknown option --dryrun \(did you mean --dry-run\?\)/);
});

test("a mistyped command is a usage error naming the nearest command; a far or pasted word gets no guess", () => {
  const dir = scratch("usage");
  for (const [typed, meant] of [
    ["gne", "gen"],
    ["migarte", "migrate"],
    ["tempalte", "template"],
    ["complection", "completion"],
  ] as const) {
    const r = codegen([typed], dir);
    assert.is(r.code, 2, typed);
    assert.match(
      r.stderr,
      new RegExp(
        `^codegen: unknown command "${typed}" \\(did you mean ${meant}\\?\\); run codegen --help for the list$`,
        "m",
      ),
    );
  }
  const far = codegen(["xyzzy"], dir);
  assert.match(far.stderr, /^codegen: unknown command "xyzzy"; run codegen --help for the list$/m);
  const started = Date.now();
  const pasted = codegen(["g".repeat(100_000)], dir);
  assert.is(pasted.code, 2);
  assert.not.match(pasted.stderr, /did you mean/);
  assert.ok(Date.now() - started < 5_000, `${Date.now() - started} ms`);
});

test("config layers: file < CODEGEN_* environment < flags, with provenance", () => {
  const dir = makeProject({});
  writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8") + "verbose: false\n");
  const file = codegen(["config"], dir);
  assert.match(file.stdout, /frame = "docs"\s+\(file; env CODEGEN_FRAME\)/);
  const env = codegen(["config"], dir, { CODEGEN_FRAME: "api", CODEGEN_GEN_FORCE: "true" });
  assert.match(env.stdout, /frame = "api"\s+\(env;/);
  assert.match(env.stdout, /gen\.force = true\s+\(env;/);
  const flag = codegen(["config", "--pack", "go-zero"], dir, { CODEGEN_PACK: "elsewhere" });
  assert.match(flag.stdout, /pack = "go-zero"\s+\(flag;/);
});

test("CODEGEN_INPUTS takes kind=glob pairs; anything else is CONFIG_INVALID, not a crash", () => {
  const dir = makeProject({ "docs/a.api": 'syntax = "v1"\n' });
  const pairs = codegen(["config"], dir, { CODEGEN_INPUTS: "api = docs/*.api, proto=p/*.proto" });
  assert.is(pairs.code, 0, pairs.stderr);
  assert.match(pairs.stdout, /^inputs = \{"api":"docs\/\*\.api","proto":"p\/\*\.proto"\}\s+\(env;/m);
  for (const raw of ['{"proto":"x"}', "proto", "proto=", "=x"]) {
    const r = codegen(["gen"], dir, { CODEGEN_INPUTS: raw });
    assert.is(r.code, 2, `${raw}: ${r.stderr}`);
    assert.match(r.stderr, /CONFIG_INVALID CODEGEN_INPUTS must be kind=glob pairs separated by commas/);
  }
});

test("a bad config key is reported with file:line:col", () => {
  const dir = makeProject({});
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\ngen:\n  forse: true\n");
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^\.codegen\.yaml:3:3: CONFIG_INVALID unknown key "forse" in gen/m);
});

test("the pack's config defaults show with the layer pack; its keys take the environment too", () => {
  const dir = scratch("pack-layer");
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nsql:\n  cache: true\n");
  const r = codegen(["config"], dir, { CODEGEN_SQL_CACHE_TABLES: "orders,users" });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stdout, /^frame = "api"\s+\(pack; env CODEGEN_FRAME\)$/m);
  assert.match(r.stdout, /^migrate\.dir = "desc\/sql_migration"\s+\(pack; env CODEGEN_MIGRATE_DIR\)$/m);
  assert.match(r.stdout, /^sql\.cache = true\s+\(file; env CODEGEN_SQL_CACHE\)$/m);
  assert.match(r.stdout, /^sql\.cache_tables = \["orders","users"\]\s+\(env; env CODEGEN_SQL_CACHE_TABLES\)$/m);
  assert.match(r.stdout, /^module = "demo"\s+\(default;/m);
});

test("a pack's key with the wrong type is CONFIG_INVALID at its line; another pack does not know the key", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "mini");
  writeFileSync(join(dir, ".codegen.yaml"), 'name: demo\npack: go-zero\nsql:\n  cache: "yes"\n');
  const wrong = codegen(["gen"], dir);
  assert.is(wrong.code, 1);
  assert.match(wrong.stderr, /^\.codegen\.yaml:4:10: CONFIG_INVALID sql\.cache must be boolean/m);
  assert.is(codegen(["config"], dir).code, 1, "config checks the pack's keys too");
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: demo\nframe: docs\npack: ${join(fixtures, "packs/mini")}\nsql:\n  cache: true\n`,
  );
  const foreign = codegen(["gen"], dir);
  assert.is(foreign.code, 1);
  assert.match(foreign.stderr, /^\.codegen\.yaml:5:3: CONFIG_INVALID unknown key "cache" in sql/m);
});

test("--help speaks of no target language", () => {
  const r = codegen(["new", "--help"], scratch("help"));
  assert.match(r.stdout, /--module <module>\s+Module path of the generated project/);
  assert.not.match(r.stdout, /\bGo\b/);
});

test("--config picks another file; a missing one is a usage error", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, "other.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace("name: demo", "name: other"),
  );
  assert.is(codegen(["gen", "--config", "other.yaml"], dir).code, 0);
  assert.is(codegen(["gen", "--config", "nope.yaml"], dir).code, 2);
});

test("--config never changes the module: an existing project's comes from its go.mod", () => {
  const parent = scratch("module");
  const made = codegen(["new", "shop", "--module", "example.com/shop", "--frame", "api"], parent);
  assert.is(made.code, 0, made.stderr);
  const dir = join(parent, "shop");
  const before = snapshot(dir);
  // a per-environment file that does not name the module (nor the name)
  writeFileSync(join(dir, "prod.yaml"), "verbose: false\n");
  const shown = codegen(["config", "--config", "prod.yaml"], dir);
  assert.is(shown.code, 0, shown.stderr);
  assert.match(shown.stdout, /^module = "example\.com\/shop"  \(go\.mod/m);
  assert.match(shown.stdout, /--config prod\.yaml is read instead of \.codegen\.yaml/);
  const gen = codegen(["gen", "--config", "prod.yaml"], dir);
  assert.is(gen.code, 0, gen.stderr);
  const after = snapshot(dir);
  delete after["prod.yaml"];
  assert.equal(
    Object.keys(after).filter((p) => after[p] !== before[p] && !p.startsWith(".codegen/")),
    [],
  );
  // a file that names another module is refused at that key
  writeFileSync(join(dir, "prod.yaml"), "name: shop\nmodule: example.com/other\n");
  const other = codegen(["gen", "--config", "prod.yaml"], dir);
  assert.is(other.code, 1);
  assert.match(
    other.stderr,
    /prod\.yaml:2:9: CONFIG_MODULE module "example\.com\/other" is not go\.mod's "example\.com\/shop"/,
  );
  // the module is read from the project's own go.mod, never through a link
  writeFileSync(join(parent, "elsewhere.mod"), "module example.com/elsewhere\n");
  rmSync(join(dir, "go.mod"));
  symlinkSync(join(parent, "elsewhere.mod"), join(dir, "go.mod"));
  const linked = codegen(["config"], dir);
  assert.is(linked.code, 1, linked.stdout);
  assert.match(linked.stderr, /PROJECT_FILE_LINK go\.mod is a symbolic link/);
});

test("hooks run in order around the command and around generation", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8") +
      'hooks:\n  before: ["echo cmd-before >> hooks.log"]\n  after: ["echo cmd-after >> hooks.log"]\n' +
      'gen:\n  hooks:\n    before: ["echo gen-before >> hooks.log", "test ! -e routes.txt && echo no-routes-yet >> hooks.log"]\n    after: ["test -e routes.txt && echo gen-after >> hooks.log"]\n',
  );
  const r = codegen(["gen", "--trust"], dir);
  assert.is(r.code, 0, r.stderr);
  assert.is(
    readFileSync(join(dir, "hooks.log"), "utf8"),
    "cmd-before\ngen-before\nno-routes-yet\ngen-after\ncmd-after\n",
  );
});

test("a failing before-hook stops the command with its exit code and output", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8") +
      'gen:\n  hooks:\n    before: ["echo checking schema; echo schema is stale >&2; exit 7"]\n',
  );
  const r = codegen(["gen", "--trust"], dir);
  assert.is(r.code, 7);
  assert.match(r.stdout, /checking schema/);
  assert.match(r.stderr, /schema is stale/);
  assert.match(r.stderr, /HOOK_FAILED gen before hook/);
  assert.not.ok(existsSync(join(dir, "routes.txt")));
});

test("a descriptor error exits 1 with file:line:col and changes no file", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  codegen(["gen"], dir);
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("returns (Resp)\n\n", "returns (Missing)\n\n"));
  const before = snapshot(dir);
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /^desc\/api\/demo\.api:13:\d+: API_UNKNOWN_TYPE/m);
  assert.match(r.stderr, /\^/, "a caret excerpt points at the problem");
  assert.equal(snapshot(dir), before);
});

test("names that would put files outside the project are rejected", () => {
  for (const [what, server] of [
    ["group", "group: ../../evil"],
    ["group", "group: /etc/x/../../evil"],
  ] as const) {
    const dir = makeProject({
      "desc/api/demo.api": smallApi.replace("service demo {", `@server(\n\t${server}\n)\nservice demo {`),
    });
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, `${what}: ${r.stdout}`);
    assert.match(r.stderr, /API_UNSAFE_PATH/);
  }
  // A types package is the pack's meaning of an info key (the go-zero pack's go_package), and so is its check.
  const pkg = makeProject({
    ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: api\n",
    "desc/api/demo.api": smallApi.replace('syntax = "v1"', 'syntax = "v1"\n\ninfo (\n\tgo_package: "../../evil"\n)'),
  });
  assert.match(codegen(["gen"], pkg).stderr, /API_UNSAFE_PATH/);
});

test("--verbose names the SQL statements the model skips, with their positions", () => {
  const dir = makeProject({
    "desc/sql/dump.sql":
      "SET NAMES utf8mb4;\nDROP TABLE IF EXISTS `a`;\nCREATE TABLE `a` (`id` bigint NOT NULL AUTO_INCREMENT, PRIMARY KEY (`id`));\n",
  });
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nmodule: example.com/demo\nframe: api\n");
  const quiet = codegen(["gen", "--dry-run"], dir);
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.match(quiet.stdout, /skipped/);
  const loud = codegen(["gen", "--dry-run", "--verbose"], dir);
  assert.match(loud.stdout, /desc\/sql\/dump\.sql:1:1: skipped SET NAMES utf8mb4/);
  assert.match(loud.stdout, /desc\/sql\/dump\.sql:2:1: skipped DROP TABLE IF EXISTS `a`/);
});

test("--verbose times the rules that took longest to plan and render", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nmodule: example.com/demo\nframe: api\n");
  const loud = codegen(["gen", "--dry-run", "--verbose"], dir);
  assert.is(loud.code, 0, loud.stderr);
  const line = /^ {2}slowest rules: (.*)$/m.exec(loud.stdout);
  assert.ok(line, loud.stdout);
  const timed = line[1]!.split(", ").map((part) => /^([a-z0-9-]+) (\d+) ms$/.exec(part));
  assert.is(timed.length, 5, line[1]);
  assert.ok(
    timed.every((m) => m !== null),
    line[1],
  );
  const ms = timed.map((m) => Number(m![2]));
  assert.equal(
    ms,
    [...ms].sort((a, b) => b - a),
    "longest first",
  );
  // Rules of the go-zero pack's api frame (one whose `when` is false is timed too: its condition ran).
  const apiRules = new Set<string>();
  const rulesDir = join(repoRoot, "template-packs/go-zero/rules");
  for (const f of readdirSync(rulesDir)) {
    for (const rule of parse(readFileSync(join(rulesDir, f), "utf8")) as { name: string; frames?: string[] }[]) {
      if (!rule.frames || rule.frames.includes("api")) apiRules.add(rule.name);
    }
  }
  for (const m of timed) assert.ok(apiRules.has(m![1]!), m![1]);
  assert.not.match(codegen(["gen", "--dry-run"], dir).stdout, /slowest rules/);
});

test("gen outside a project refuses to write; inside a subfolder it finds the project", () => {
  const empty = scratch("not-a-project");
  const r = codegen(["gen"], empty);
  assert.is(r.code, 2);
  assert.match(r.stderr, /NOT_A_PROJECT no \.codegen\.yaml/);
  assert.equal(snapshot(empty), {});
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const sub = codegen(["gen"], join(dir, "desc/api"));
  assert.is(sub.code, 0, sub.stderr);
  assert.ok(existsSync(join(dir, "routes.txt")), "written at the project root");
  assert.not.ok(existsSync(join(dir, "desc/api/routes.txt")));
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("returns (Resp)\n\n", "returns (Missing)\n\n"));
  const bad = codegen(["gen"], join(dir, "desc"));
  assert.match(bad.stderr, /^api\/demo\.api:13:\d+: API_UNKNOWN_TYPE/m, "paths are shown from where the user is");
  assert.match(bad.stderr, /\^/);
});

test("check in an api project asks only for what the api frame needs", () => {
  const goBin = join(execFileSync("go", ["env", "GOROOT"], { encoding: "utf8" }).trim(), "bin");
  const dir = makeProject({});
  writeFileSync(join(dir, ".codegen.yaml"), "name: demo\nframe: api\n");
  const api = codegen(["check"], dir, { PATH: goBin });
  assert.is(api.code, 0, api.stdout + api.stderr);
  assert.match(api.stdout, /^ok\s+go\b/m);
  assert.not.match(api.stdout, /protoc/);
  const rpc = codegen(["check", "--frame", "rpc"], dir, { PATH: goBin });
  assert.is(rpc.code, 1);
  assert.match(rpc.stdout, /^missing\s+protoc\s+install: /m);
  const typo = codegen(["check", "--frame", "foo"], dir, { PATH: goBin });
  assert.is(typo.code, 2);
  assert.match(typo.stderr, /USAGE unknown frame "foo" \(pack go-zero has: api, rpc, gateway\)/);
});

test("new counts the files it seeded as created, none as kept", () => {
  const parent = scratch("new-counts");
  const made = codegen(["new", "shop", "--frame", "api"], parent);
  assert.is(made.code, 0, made.stderr);
  const files = Object.keys(snapshot(join(parent, "shop"))).filter((p) => !p.startsWith(".codegen/"));
  assert.match(
    made.stdout,
    new RegExp(`^wrote ${files.length} files: ${files.length} created, 0 updated, 0 unchanged, 0 kept$`, "m"),
  );
});

test.run();

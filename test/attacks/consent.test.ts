/**
 * Commands someone else wrote (hooks in a cloned project's .codegen.yaml, the commands of a pack
 * that is not built in) run only with the user's consent for that exact set: `codegen trust`,
 * `--trust` for one run, or a project `codegen new` made on this machine. Every case runs with a
 * user config folder of its own, so the real one is never read or written.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot, writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attack: commands without consent");

/** A user of this machine: their own config folder and cache, and a folder outside every project where hostile commands leave marks. */
function user(): { env: Record<string, string>; outside: string } {
  const home = scratch("consent-home");
  return {
    env: { XDG_CONFIG_HOME: join(home, "config"), CODEGEN_CACHE_DIR: join(home, "cache"), CI: "" },
    outside: join(home, "outside"),
  };
}

let made: string | null = null;
/** A go-zero api project as someone else committed it: made once by `new` elsewhere, then copied (cloned) here. */
function cloned(hooks: string): string {
  if (!made) {
    const author = user();
    const base = scratch("consent-author");
    codegenOk(["new", "demo", "--frame", "api", "--module", "example.com/demo", "--yes"], base, author.env);
    made = join(base, "demo");
  }
  const dir = join(scratch("consent-clone"), "demo");
  cpSync(made, dir, { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8") + hooks);
  return dir;
}

const hostileHooks = (outside: string): string =>
  `hooks:\n  before: ["mkdir -p ${outside} && touch ${outside}/before"]\ngen:\n  hooks:\n    after: ["mkdir -p ${outside} && touch ${outside}/gen-after"]\n`;

test("gen in a cloned project with hooks refuses (exit 1), lists exactly what would run and how to allow it, writes nothing", () => {
  const u = user();
  const dir = cloned(hostileHooks(u.outside));
  const before = snapshot(dir);
  const r = codegen(["gen"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /COMMANDS_NOT_ALLOWED codegen gen would run commands you have not allowed for .*demo; nothing was written:\n {2}hook \(\.codegen\.yaml hooks\.before\): mkdir -p .*\/before\n {2}hook \(\.codegen\.yaml gen\.hooks\.after\): mkdir -p .*\/gen-after\n/,
  );
  assert.match(r.stderr, /codegen trust .* --trust/);
  assert.not.ok(existsSync(u.outside), "no hook ran");
  assert.equal(snapshot(dir), before, "nothing written");
});

for (const args of [
  ["config"],
  ["check"],
  ["template", "list"],
  ["skills", "init", "--output", "SKILLS"],
  ["migrate", "version", "--datasource", "sqlite:data.db"],
]) {
  test(`${args.slice(0, 2).join(" ")} in a cloned project does its job without running the hooks, and says so on stderr`, () => {
    const u = user();
    const dir = cloned(hostileHooks(u.outside));
    // migrate version reads a database, never creates one: an empty file is an empty SQLite database
    if (args[0] === "migrate") writeFileSync(join(dir, "data.db"), "");
    const r = codegen(
      args.map((a) => (a === "SKILLS" ? join(u.outside, "..", "skills") : a)),
      dir,
      u.env,
    );
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.not.ok(existsSync(u.outside), "no hook ran");
    assert.match(
      r.stderr,
      /not run \(not allowed for this project\): 1 hook; codegen trust lists and allows them, --trust allows one run/,
    );
    assert.ok(r.stdout.trim().length > 0, "the command did its job");
  });
}

test("codegen config tells the truth about trust: a project's own trust: true is ignored and said so", () => {
  const u = user();
  const dir = cloned("trust: true\n" + hostileHooks(u.outside));
  const r = codegen(["config"], dir, u.env);
  assert.is(r.code, 0, r.stderr);
  assert.match(
    r.stdout,
    /^trust = false {2}\(default; flag --trust or env CODEGEN_TRUST=1 allow one run; trust in the config file is ignored: a project cannot trust itself\)$/m,
  );
  assert.match(r.stdout, /^commands: 2 that need your consent: not allowed \(codegen trust lists and allows them\)$/m);
  assert.not.ok(existsSync(u.outside));
  const g = codegen(["gen"], dir, u.env);
  assert.is(g.code, 1, "a project cannot allow its own commands");
  assert.not.ok(existsSync(u.outside));
});

test("--dry-run and --diff run no hook of a cloned project and need no consent", () => {
  const u = user();
  const dir = cloned(hostileHooks(u.outside));
  for (const flag of ["--dry-run", "--diff"]) {
    const r = codegen(["gen", flag], dir, u.env);
    assert.is(r.code, 0, r.stderr);
    assert.match(r.stdout, /hooks not run \(dry run\)/);
  }
  assert.not.ok(existsSync(u.outside));
});

test("a pack that is not built in: check does not run its tools[].check, and says which it left out", () => {
  const u = user();
  const mark = join(u.outside, "tool-check");
  const pack = writeTree(scratch("consent-pack"), {
    "pack.yaml": `name: hostile\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\nframes:\n  docs: { description: "text" }\ntools:\n  - name: innocent\n    check: [sh, -c, "mkdir -p ${u.outside} && touch ${mark}"]\n`,
  });
  const dir = writeTree(scratch("consent-proj"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n`,
  });
  const r = codegen(["check"], dir, u.env);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.not.ok(existsSync(mark), "the check command did not run");
  assert.match(r.stdout, /skipped {2}innocent {2}\(its check, sh -c .*, comes from pack .* and is not allowed here\)/);
  assert.match(r.stderr, /not run \(not allowed for this project\): 1 tool check;/);
  codegenOk(["trust"], dir, u.env);
  codegenOk(["check"], dir, u.env);
  assert.ok(existsSync(mark), "allowed with codegen trust, the check runs");
});

test("codegen trust allows the exact set; a changed set asks again and runs nothing", () => {
  const u = user();
  const dir = cloned(hostileHooks(u.outside));
  const t = codegenOk(["trust"], dir, u.env);
  assert.match(t.stdout, /hook \(\.codegen\.yaml hooks\.before\)[\s\S]*allowed 2 commands for this project/);
  codegenOk(["gen"], dir, u.env);
  assert.ok(existsSync(join(u.outside, "before")) && existsSync(join(u.outside, "gen-after")), "the allowed hooks ran");
  assert.ok(
    existsSync(join(u.env["XDG_CONFIG_HOME"]!, "codegen/allowed.json")),
    "recorded in the user's config folder",
  );

  // The repository changes under the user (a pull): one hook more.
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(
      'gen-after"]',
      `gen-after", "touch ${u.outside}/new-hook"]`,
    ),
  );
  const before = snapshot(dir);
  const r = codegen(["gen"], dir, u.env);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /they changed since you allowed this project[\s\S]*touch .*\/new-hook/);
  assert.not.ok(existsSync(join(u.outside, "new-hook")));
  assert.equal(snapshot(dir), before);

  codegenOk(["trust", "--revoke"], dir, u.env);
  assert.match(codegenOk(["trust", "--list"], dir, u.env).stdout, /no project is allowed/);
});

test("consent is per project path: a copy of an allowed project is not allowed", () => {
  const u = user();
  const dir = cloned(hostileHooks(u.outside));
  codegenOk(["trust"], dir, u.env);
  const copy = join(scratch("consent-copy"), "demo");
  cpSync(dir, copy, { recursive: true });
  assert.is(codegen(["gen"], copy, u.env).code, 1);
  assert.not.ok(existsSync(u.outside));
});

test("--trust and CODEGEN_TRUST=1 allow one run and record nothing", () => {
  const u = user();
  const dir = cloned(hostileHooks(u.outside));
  codegenOk(["gen", "--trust"], dir, u.env);
  assert.ok(existsSync(join(u.outside, "gen-after")), "--trust ran the hooks");
  assert.is(codegen(["gen"], dir, u.env).code, 1, "the next run asks again");
  codegenOk(["gen"], dir, { ...u.env, CODEGEN_TRUST: "1" });
  assert.is(codegen(["gen"], dir, u.env).code, 1);
  assert.not.ok(existsSync(join(u.env["XDG_CONFIG_HOME"]!, "codegen/allowed.json")), "nothing recorded");
});

test("a project codegen new made on this machine starts allowed: its pack's steps run in later gens", () => {
  const u = user();
  const log = join(u.outside, "steps.log");
  mkdirSync(u.outside, { recursive: true });
  const base = scratch("consent-new");
  writeTree(join(base, "team-pack"), {
    "pack.yaml": `name: team\nextends: go-zero\nsteps:\n  - name: note\n    run: [sh, -c, "echo ran >> ${log}"]\n    files: "go.mod"\n`,
  });
  const refused = codegen(["new", "demo", "--frame", "api", "--pack", "./team-pack", "--yes"], base, u.env);
  assert.is(refused.code, 1, refused.stderr);
  assert.match(
    refused.stderr,
    /COMMANDS_NOT_ALLOWED codegen new would run[\s\S]*step \(pack \.\.\/team-pack step note\): sh -c echo ran/,
  );
  assert.not.ok(existsSync(join(base, "demo")), "nothing made");
  assert.not.ok(existsSync(log));

  codegenOk(["new", "demo", "--frame", "api", "--pack", "./team-pack", "--yes", "--trust"], base, u.env);
  const ran = readFileSync(log, "utf8");
  writeFileSync(
    join(base, "demo/desc/api/extra.api"),
    'syntax = "v1"\n\ntype PingResp {\n\tOk bool `json:"ok"`\n}\n\nservice demo {\n\t@handler extraPing\n\tget /extra/ping returns (PingResp)\n}\n',
  );
  codegenOk(["gen"], join(base, "demo"), u.env);
  assert.ok(readFileSync(log, "utf8").length > ran.length, "the step ran without --trust");
  assert.match(
    codegenOk(["config"], join(base, "demo"), u.env).stdout,
    /commands: 1 that needs your consent: allowed for this project/,
  );
});

test("a cloned project's file name cannot change what the built-in protoc step runs (no option from a .proto path)", () => {
  const u = user();
  const evil = join(u.outside, "evil.proto");
  mkdirSync(u.outside, { recursive: true });
  writeFileSync(evil, `#!/bin/sh\ntouch ${u.outside}/ran\nexit 1\n`, { mode: 0o755 });
  const base = scratch("consent-rpc");
  codegenOk(["new", "demo", "--frame", "rpc", "--module", "example.com/demo", "--yes"], base, u.env);
  const dir = join(base, "demo");
  // A folder named like an option: the file's path under desc/proto reads --plugin=protoc-gen-go=<evil>.
  writeTree(join(dir, "desc/proto", `--plugin=protoc-gen-go=${u.outside}`), {
    "evil.proto":
      'syntax = "proto3";\npackage evil;\noption go_package = "example.com/demo/pb/evil";\nmessage E { string a = 1; }\n',
  });
  const before = snapshot(dir);
  const r = codegen(["gen"], dir, u.env);
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /^desc\/proto\/--plugin=protoc-gen-go=.*\/evil\.proto:1:1: PROTO_PATH_INVALID a \.proto path may not start with "-" or "@"/m,
  );
  assert.not.ok(existsSync(join(u.outside, "ran")), "the program named by the file name never ran");
  assert.equal(snapshot(dir), before);
});

test.run();

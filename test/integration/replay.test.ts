/**
 * A plain `codegen gen` on a project nothing has touched is answered from what the last gen
 * recorded (engine/cli/replay.ts), before any config, pack or descriptor is loaded. These tests
 * check that it answers as the full gen does, and that every input of the generation key, when
 * changed, sends gen back to the full run (which then does the right thing).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { afterFileClockTick } from "../support/file-clock.js";
import { smallApi } from "../support/project.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { SNAPSHOT_PATH } from "../../engine/write/index.js";

const test = suite("replay: a plain gen on an untouched project");

interface Project {
  dir: string;
  pack: string;
  env: Record<string, string>;
}

// Past the file system's clock tick: files written before now are older than what comes next.
const settled = afterFileClockTick;

function ok(r: { code: number; stdout: string; stderr: string }): string {
  assert.is(r.code, 0, r.stdout + r.stderr);
  return r.stdout;
}

/**
 * A project on a pack of its own, generated (which takes the record), then a gen the record
 * answered, which records what the early path needs, and one the early path answered.
 */
function recorded(config = "", gens = 3): Project & { output: string } {
  const pack = join(scratch("replay-pack"), "ledger");
  cpSync(join(fixtures, "packs/ledger"), pack, { recursive: true });
  const dir = scratch("replay");
  // An empty folder among the descriptors: a file added there changes only its own stamp.
  mkdirSync(join(dir, "desc/api/more"), { recursive: true });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n${config}`,
  );
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
  // The user's own settings folder is the test's: what it holds is part of the key.
  const env = { CODEGEN_CACHE_DIR: scratch("replay-cache"), XDG_CONFIG_HOME: scratch("replay-config") };
  // Hooks in the config run once the user allowed them.
  if (config.includes("hooks")) ok(codegen(["trust"], dir, env));
  // The config and settings were not written in the clock tick of the gen that took the record.
  settled();
  let output = "";
  for (let i = 0; i < gens; i++) {
    output = ok(codegen(["gen"], dir, env));
    settled();
  }
  return { dir, pack, env, output };
}

/** What replay.ts answers in `cwd` (null: the full gen must run), from the form of codegen the CLI runs. */
function replay(cwd: string, env: Record<string, string>): { code: number | null; stdout: string } {
  const entry = statSync(join(repoRoot, "dist/bundle/main.cjs"), { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const compiled = statSync(join(repoRoot, "dist/engine/cli/main.js")).mtimeMs;
  const module =
    entry >= compiled ? join(repoRoot, "dist/bundle/replay.js") : join(repoRoot, "dist/engine/cli/replay.js");
  const script = `const { replayGen } = await import(${JSON.stringify(module)}); const lines = []; const code = await replayGen(process.cwd(), { info: (l) => lines.push(l), error: (l) => lines.push(l) }); process.stdout.write(JSON.stringify({ code, stdout: lines.map((l) => l + "\\n").join("") }));`;
  // The same environment the CLI runs with in ../support/cli.ts: it is part of what is compared.
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0", ...env },
  });
  assert.is(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as { code: number | null; stdout: string };
}

test("an untouched project is answered as the full gen answers, by the CLI too", () => {
  const p = recorded();
  assert.equal(replay(p.dir, p.env), { code: 0, stdout: p.output });
  // The full gen reads the loaded pack from the cache (and stores it again when it is gone); the CLI's answer needs no cache.
  rmSync(p.env["CODEGEN_CACHE_DIR"]!, { recursive: true, force: true });
  assert.is(ok(codegen(["gen"], p.dir, p.env)), p.output);
  assert.not.ok(existsSync(p.env["CODEGEN_CACHE_DIR"]!), "answered without loading the pack");
});

test("the gen after a write is answered by the record and records what the early path needs", () => {
  const p = recorded("", 2);
  assert.ok(recordedReplay(p.dir));
  assert.equal(replay(p.dir, p.env), { code: 0, stdout: p.output });
});

test("a stale lock is taken over and said so, as the full gen does", () => {
  const p = recorded();
  writeFileSync(
    join(p.dir, ".codegen/lock"),
    JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), proc_start: "0", started: "then", command: "gen" }) + "\n",
  );
  const r = replay(p.dir, p.env);
  assert.is(r.code, 0);
  assert.match(r.stdout, /^codegen: removed a stale lock left by pid \d+ \(gen, started then\)\n/);
  assert.ok(r.stdout.endsWith(p.output));
});

// biome-ignore lint/suspicious/noConfusingVoidType: a change returns the files it wrote, or nothing
const changes: Array<[string, (p: Project) => Record<string, string> | void]> = [
  [
    "a descriptor edited in place, same size and modification time",
    (p) => {
      const file = join(p.dir, "desc/api/demo.api");
      const before = statSync(file);
      writeFileSync(file, readFileSync(file, "utf8").replace("Id int64", "Ix int64"));
      utimesSync(file, before.atime, before.mtime);
    },
  ],
  [
    "a descriptor added in a folder below the top one",
    (p) => {
      writeFileSync(
        join(p.dir, "desc/api/more/extra.api"),
        smallApi.replace(/handler \w+/g, (h) => `${h}Extra`).replace(/\/things/g, "/extra"),
      );
    },
  ],
  [
    ".codegen.yaml edited",
    (p) =>
      writeFileSync(join(p.dir, ".codegen.yaml"), readFileSync(join(p.dir, ".codegen.yaml"), "utf8") + "# reviewed\n"),
  ],
  [
    "a template of the pack edited",
    (p) =>
      writeFileSync(
        join(p.pack, "templates/routes.txt.liquid"),
        readFileSync(join(p.pack, "templates/routes.txt.liquid"), "utf8") + "\n",
      ),
  ],
  ["an environment variable set", () => ({ CODEGEN_OFFLINE: "1" })],
  [
    "the user's settings file created",
    (p) => {
      mkdirSync(join(p.env["XDG_CONFIG_HOME"]!, "codegen"), { recursive: true });
      writeFileSync(join(p.env["XDG_CONFIG_HOME"]!, "codegen/config.yaml"), "trust: []\n");
    },
  ],
  ["a plugins folder created", (p) => mkdirSync(join(p.dir, "plugins"))],
  [
    "a folder above the descriptors made a project of its own",
    (p) => writeFileSync(join(p.dir, "desc/.codegen.yaml"), "name: other\n"),
  ],
  ["a generated file edited", (p) => writeFileSync(join(p.dir, "routes.txt"), "edited\n")],
  ["an interrupted write waiting to be finished", (p) => mkdirSync(join(p.dir, ".codegen/tx"))],
  [
    "another run holding the project lock",
    (p) =>
      writeFileSync(
        join(p.dir, ".codegen/lock"),
        JSON.stringify({ pid: process.pid, host: "h", command: "gen" }) + "\n",
      ),
  ],
];

for (const [what, change] of changes) {
  test(`not answered after: ${what}`, () => {
    const p = recorded();
    assert.is(replay(p.dir, p.env).code, 0, "answered before the change");
    const env = { ...p.env, ...(change(p) ?? {}) };
    assert.is(replay(p.dir, env).code, null);
  });
}

test("a live lock is not waited for: the full gen, which says it waits, decides", () => {
  const p = recorded();
  writeFileSync(
    join(p.dir, ".codegen/lock"),
    JSON.stringify({ pid: process.pid, host: hostname(), proc_start: null, started: "now", command: "gen" }) + "\n",
  );
  const started = Date.now();
  assert.is(replay(p.dir, p.env).code, null);
  // Without noWait the replay would wait the lock's full minute.
  assert.ok(Date.now() - started < 20_000, `took ${Date.now() - started} ms`);
});

test("a build without the replay module answers with the full gen", () => {
  const p = recorded();
  // The launcher and the built CLI, less dist/bundle/replay.js; the copied bundle is made the
  // newest file, so that the launcher runs it (the compiled CLI imports replay.js itself).
  const copy = join(scratch("no-replay"), "codegen");
  for (const part of ["bin", "dist", "package.json", "schemas", "rules", "template-packs"])
    cpSync(join(repoRoot, part), join(copy, part), { recursive: true });
  symlinkSync(join(repoRoot, "node_modules"), join(copy, "node_modules"), "dir");
  const later = new Date(Date.now() + 60_000);
  utimesSync(join(copy, "dist/bundle/main.cjs"), later, later);
  rmSync(join(copy, "dist/bundle/replay.js"));
  // The full gen reads its pack through the cache (and stores it again when it is gone); a replay would not.
  rmSync(p.env["CODEGEN_CACHE_DIR"]!, { recursive: true, force: true });
  const r = spawnSync(process.execPath, [join(copy, "bin/codegen.js"), "gen"], {
    cwd: p.dir,
    encoding: "utf8",
    env: { ...process.env, FORCE_COLOR: "0", ...p.env },
  });
  assert.is(r.status, 0, r.stdout + r.stderr);
  assert.is(r.stdout, p.output);
  assert.ok(existsSync(p.env["CODEGEN_CACHE_DIR"]!), "the full gen ran");
});

test("not answered from a subfolder of the project", () => {
  const p = recorded();
  assert.is(replay(join(p.dir, "desc"), p.env).code, null);
});

test("after a descriptor edit that keeps size and time, the full gen regenerates its files", () => {
  const p = recorded();
  const file = join(p.dir, "desc/api/demo.api");
  const before = statSync(file);
  writeFileSync(file, readFileSync(file, "utf8").replace("handler getThing", "handler getThang"));
  utimesSync(file, before.atime, before.mtime);
  const out = ok(codegen(["gen"], p.dir, p.env));
  assert.match(out, /wrote [1-9]\d* files/);
  assert.ok(existsSync(join(p.dir, "handlers/getThang.txt")));
});

const recordedReplay = (dir: string): boolean => "replay" in JSON.parse(readFileSync(join(dir, SNAPSHOT_PATH), "utf8"));

/** Take the replay out of the snapshot, as if the gen that answered from it never recorded one. */
function forget(dir: string): void {
  const snapshot = JSON.parse(readFileSync(join(dir, SNAPSHOT_PATH), "utf8")) as Record<string, unknown>;
  delete snapshot["replay"];
  writeFileSync(join(dir, SNAPSHOT_PATH), JSON.stringify(snapshot));
}

test("a run that printed more than its warnings records nothing", () => {
  const p = recorded();
  forget(p.dir);
  writeFileSync(
    join(p.dir, ".codegen/lock"),
    JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), proc_start: "0", started: "then", command: "gen" }) + "\n",
  );
  const r = codegen(["gen"], p.dir, p.env);
  assert.match(r.stderr, /removed a stale lock/);
  assert.not.ok(recordedReplay(p.dir), "the next gen would not say what this one said");
});

test("not answered after a step's program changed in place (same path, same PATH)", () => {
  const pack = join(scratch("replay-pack"), "tool-step");
  cpSync(join(fixtures, "packs/two-steps"), pack, { recursive: true });
  writeFileSync(
    join(pack, "pack.yaml"),
    'name: tool-step\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\nsteps:\n  - name: shout\n    run: [shout]\n    files: "*.txt"\n    cache: true\n',
  );
  const tools = scratch("replay-tools");
  const tool = (pattern: string): void =>
    writeFileSync(join(tools, "shout"), `#!/bin/sh\nfor f in "$@"; do sed -i '${pattern}' "$f"; done\n`, {
      mode: 0o755,
    });
  tool("s/get/GET/");
  const dir = scratch("replay");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n`);
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
  const settings = scratch("replay-config");
  mkdirSync(join(settings, "codegen"));
  writeFileSync(join(settings, "codegen/config.yaml"), `trust: [${JSON.stringify(pack)}]\n`);
  const env = {
    CODEGEN_CACHE_DIR: scratch("replay-cache"),
    XDG_CONFIG_HOME: settings,
    PATH: `${tools}:${process.env["PATH"] ?? ""}`,
  };
  for (let i = 0; i < 3; i++) {
    ok(codegen(["gen"], dir, env));
    settled();
  }
  assert.ok(recordedReplay(dir), "recorded");
  assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /GET/);
  assert.is(replay(dir, env).code, 0, "answered before the change");
  tool("s/get/Got/");
  assert.is(replay(dir, env).code, null);
  // The full gen runs the new program: the program is part of the generation key.
  assert.match(ok(codegen(["gen"], dir, env)), /wrote 2 files: 0 created, 2 updated/);
  assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /Got/);
});

test("a run that printed a warning outside what it generated (trust set in .codegen.yaml) records nothing", () => {
  const pack = join(scratch("replay-pack"), "two-steps");
  cpSync(join(fixtures, "packs/two-steps"), pack, { recursive: true });
  const dir = scratch("replay");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\ntrust: true\n`,
  );
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
  const settings = scratch("replay-config");
  mkdirSync(join(settings, "codegen"));
  writeFileSync(join(settings, "codegen/config.yaml"), `trust: [${JSON.stringify(pack)}]\n`);
  const env = { CODEGEN_CACHE_DIR: scratch("replay-cache"), XDG_CONFIG_HOME: settings };
  for (let i = 0; i < 3; i++) {
    const out = ok(codegen(["gen"], dir, env));
    assert.match(out, /warning: trust in \.codegen\.yaml is ignored/);
    settled();
  }
  assert.not.ok(recordedReplay(dir), "a replay would not print the warning");
});

test("nothing is recorded with hooks, or when an input changed after the snapshot's clock reading", () => {
  const hooks = recorded('hooks:\n  after: ["true"]\n');
  assert.not.ok(recordedReplay(hooks.dir), "hooks run on every gen");
  // The config is touched (same bytes) after the snapshot was taken: its stamp is newer than the clock.
  const p = recorded();
  forget(p.dir);
  writeFileSync(join(p.dir, ".codegen.yaml"), readFileSync(join(p.dir, ".codegen.yaml")));
  settled();
  ok(codegen(["gen"], p.dir, p.env));
  assert.not.ok(recordedReplay(p.dir), "a stamp newer than the clock is not recorded");
  assert.is(replay(p.dir, p.env).code, null);
});

test.run();

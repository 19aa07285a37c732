/**
 * A pack with no steps needs no Go toolchain: the Markdown catalogue pack reads .api, .proto
 * (importing google/api and google/protobuf files) and SQL on a machine where go, gofmt and
 * protoc are not on the PATH and no Go module cache exists, and writes the same tree as the
 * reviewed golden case catalogue-every-input. Every child process the CLI starts is recorded by
 * a preloaded module wrapping node:child_process: go, gofmt and protoc are never started (the
 * third-party .proto sets, and how to find them with Go, are the go-zero pack's; this pack
 * declares none, so google/api is read from the reader's own reduced copy).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { codegenBin, fixtures, repoRoot, scratch } from "../support/paths.js";
import { TRANSIENT } from "../support/files.js";

const test = suite("catalogue pack without go, gofmt or protoc");
const goldenCase = join(repoRoot, "test/golden/cases/catalogue-every-input");
const work = scratch("no-go");
const bin = join(work, "bin");
const home = join(work, "home");
const project = join(work, "bookshop");
const spawnLog = join(work, "spawns.jsonl");
const preload = join(work, "record-spawns.mjs");

// Wraps every way node:child_process starts a program and appends the program and its arguments to the log.
// syncBuiltinESMExports makes `import { execFile } from "node:child_process"` see the wrappers.
const recorder = `
import cp from "node:child_process";
import { appendFileSync } from "node:fs";
import { syncBuiltinESMExports } from "node:module";
const log = process.env.SPAWN_LOG;
for (const name of ["spawn", "spawnSync", "execFile", "execFileSync", "exec", "execSync", "fork"]) {
  const original = cp[name];
  cp[name] = function (command, ...rest) {
    const args = Array.isArray(rest[0]) ? rest[0].map(String) : [];
    appendFileSync(log, JSON.stringify({ via: name, command: String(command), args }) + "\\n");
    return original.call(this, command, ...rest);
  };
}
syncBuiltinESMExports();
`;

/** A folder holding only node and sh: go, gofmt and protoc (all in /usr/bin here) stay out. */
function minimalPath(): string {
  mkdirSync(bin, { recursive: true });
  symlinkSync(process.execPath, join(bin, "node"));
  const sh = ["/bin/sh", "/usr/bin/sh"].find((p) => existsSync(p));
  if (sh) symlinkSync(sh, join(bin, "sh"));
  return bin;
}

function tree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(e.parentPath, e.name)).split("\\").join("/");
    if (e.isFile() && !TRANSIENT.includes(path)) out[path] = readFileSync(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

let runEnv: NodeJS.ProcessEnv;

test.before(() => {
  mkdirSync(home, { recursive: true });
  writeFileSync(preload, recorder);
  writeFileSync(spawnLog, "");
  cpSync(join(goldenCase, "input"), project, { recursive: true });
  // No GOPATH, GOMODCACHE, GOROOT or anything else from this machine's environment: a fresh home.
  runEnv = {
    PATH: minimalPath(),
    HOME: home,
    FORCE_COLOR: "0",
    CODEGEN_CACHE_DIR: join(work, "cache"),
    SPAWN_LOG: spawnLog,
  };
});

test("go, gofmt and protoc cannot be found on that PATH", () => {
  for (const tool of ["go", "gofmt", "protoc"]) {
    const r = spawnSync("sh", ["-c", `command -v ${tool}`], { env: runEnv, encoding: "utf8" });
    assert.is.not(r.status, 0, `${tool} found at ${r.stdout.trim()}`);
  }
});

interface Start {
  command: string;
  args: string[];
}
let starts: Start[] = [];
let stdout = "";

test("gen writes the golden case's tree", () => {
  const r = spawnSync(
    process.execPath,
    ["--import", preload, codegenBin, "gen", "--pack", join(fixtures, "packs/catalogue")],
    { cwd: project, env: runEnv, encoding: "utf8" },
  );
  assert.is(r.status, 0, r.stderr);
  assert.match(r.stdout, /wrote 9 files: 9 created/);
  stdout = r.stdout;
  starts = readFileSync(spawnLog, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Start)
    .map(({ command, args }) => ({ command, args }));
  assert.equal(tree(project), tree(join(goldenCase, "expected")));
});

test("google/api/annotations.proto was read from protobufjs's copy (no module cache, no go)", () => {
  assert.match(
    stdout,
    /warning: desc\/proto\/shop\/v1\/shop\.proto:5:8: PROTO_INCLUDE_PARTIAL "google\/api\/annotations\.proto" was read from protobufjs/,
  );
});

test("go, gofmt and protoc are never started", () => {
  assert.equal(
    starts.filter((s) => /(^|\/)(go|gofmt|protoc)$/.test(s.command)),
    [],
  );
});

test.run();

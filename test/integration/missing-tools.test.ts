/**
 * A program a pack step needs but the PATH lacks (here the protobuf compiler's Go plugin) is
 * named before any step runs, with the install command the pack declares under `tools:`;
 * nothing is written. The PATH is a folder of links to every other program the rpc frame uses.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("missing tools");

const greet = `syntax = "proto3";

package greet;

option go_package = "./pb/greet";

message HelloRequest {
  string name = 1;
}

message HelloReply {
  string message = 1;
}

service Greeter {
  rpc Hello(HelloRequest) returns (HelloReply);
}
`;

/** Where a program is on this machine's PATH (the test needs the real ones to link to). */
function located(program: string): string {
  const r = spawnSync("sh", ["-c", `command -v ${program}`], { encoding: "utf8" });
  const path = r.stdout.trim();
  if (r.status !== 0 || path === "") throw new Error(`${program} is not on PATH (run sh test/setup-tools.sh)`);
  return path;
}

/** A PATH folder with every program the rpc frame's steps start except `left`. */
function pathWithout(left: string): string {
  const bin = join(scratch("missing-tools-bin"), "bin");
  mkdirSync(bin);
  symlinkSync(process.execPath, join(bin, "node"));
  for (const program of ["sh", "go", "gofmt", "protoc", "protoc-gen-go", "protoc-gen-go-grpc"]) {
    if (program !== left) symlinkSync(located(program), join(bin, program));
  }
  return bin;
}

function project(): string {
  const dir = scratch("missing-tools");
  mkdirSync(join(dir, "desc/proto"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: greet\nmodule: example.com/greet\nframe: rpc\n");
  writeFileSync(join(dir, "desc/proto/greet.proto"), greet);
  return dir;
}

test("gen without protoc-gen-go on PATH names it and its install command; nothing is written", () => {
  const dir = project();
  const before = snapshot(dir);
  const bin = pathWithout("protoc-gen-go");
  assert.ok(!existsSync(join(bin, "protoc-gen-go")));
  // A cache of its own: a generation kept by an earlier run would need no step at all.
  const r = codegen(["gen"], dir, { PATH: bin, CODEGEN_CACHE_DIR: scratch("missing-tools-cache") });
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /^TOOL_MISSING protoc-gen-go is not on PATH \(step "protoc-go" needs it\); nothing was written/m,
  );
  assert.match(r.stderr, /hint: install: go install google\.golang\.org\/protobuf\/cmd\/protoc-gen-go@latest/);
  assert.match(r.stderr, /codegen check --frame rpc/);
  assert.not.match(r.stderr, /STEP_FAILED|pack\.yaml/);
  assert.equal(snapshot(dir), before);
});

test("with every program on that PATH the same gen succeeds", () => {
  const dir = project();
  const r = codegen(["gen"], dir, { PATH: pathWithout(""), CODEGEN_CACHE_DIR: scratch("missing-tools-cache") });
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.ok(existsSync(join(dir, "pb/greet/greet.pb.go")));
});

test.run();

/** Proto projects through the real compiler, without building Go: stability and failure modes. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("proto generation");

const greet = `syntax = "proto3";

package greet;

import "google/api/annotations.proto";

option go_package = "./pb/greet";

message HelloRequest {
  string name = 1;
}

message HelloReply {
  string message = 1;
}

service Greeter {
  rpc Hello(HelloRequest) returns (HelloReply) {
    option (google.api.http) = { get: "/hello/{name}" };
  }
}
`;

function project(frame: string, proto = greet): string {
  const dir = scratch("proto-gen");
  mkdirSync(join(dir, "desc/proto"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), `name: greet\nmodule: example.com/greet\nframe: ${frame}\n`);
  writeFileSync(join(dir, "desc/proto/greet.proto"), proto);
  return dir;
}

for (const frame of ["rpc", "gateway"]) {
  test(`${frame}: a project made without \`new\` is stable from its second gen on`, () => {
    const dir = project(frame);
    const first = codegen(["gen"], dir);
    assert.is(first.code, 0, first.stderr);
    const second = codegen(["gen", "--verbose"], dir);
    assert.match(
      second.stdout,
      /wrote 0 files: 0 created, 0 updated/,
      second.stdout
        .split("\n")
        .filter((l) => /^\s+(created|updated)/.test(l))
        .join("\n"),
    );
  });
}

test("a proto error leaves the project unchanged and names file:line:col", () => {
  const dir = project("gateway");
  assert.is(codegen(["gen"], dir).code, 0);
  const before = snapshot(dir);
  writeFileSync(
    join(dir, "desc/proto/greet.proto"),
    greet.replace("option (google.api.http) = { get:", "option (google.api.http) = { gett:"),
  );
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /desc\/proto\/greet\.proto:\d+:\d+: PROTO_UNKNOWN_OPTION_FIELD/);
  const after = snapshot(dir);
  delete after["desc/proto/greet.proto"];
  delete before["desc/proto/greet.proto"];
  assert.equal(after, before);
});

test("a misspelled field in the pack's own middleware options is an error at its position", () => {
  const dir = project("gateway");
  assert.is(codegen(["gen"], dir).code, 0, "the first gen writes desc/proto/codegen/api/*.proto");
  const before = snapshot(dir);
  const typo = greet
    .replace(
      'import "google/api/annotations.proto";',
      'import "google/api/annotations.proto";\nimport "codegen/api/http.proto";',
    )
    .replace(
      'option (google.api.http) = { get: "/hello/{name}" };',
      'option (google.api.http) = { get: "/hello/{name}" };\n    option (codegen.api.http) = { midleware: "audit" };',
    );
  writeFileSync(join(dir, "desc/proto/greet.proto"), typo);
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1);
  assert.match(r.stderr, /desc\/proto\/greet\.proto:\d+:\d+: PROTO_UNKNOWN_OPTION_FIELD .*midleware/);
  assert.match(r.stderr, /middleware/, "suggests the right name");
  const after = snapshot(dir);
  delete after["desc/proto/greet.proto"];
  delete before["desc/proto/greet.proto"];
  assert.equal(after, before, "nothing else changed");
});

test.run();

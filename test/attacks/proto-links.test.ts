/**
 * Attack class: a cloned project's .proto imports reaching outside it through a symbolic link.
 * `import "x/secret.proto"` resolves under the proto root and the pack's vendored folders; a
 * link there (the file, a folder, or the vendored folder itself) must not make codegen read
 * what lies outside the project: not into a diagnostic's echo of the source line, not into the
 * compiler's generated code. The import is refused at its position, nothing is written.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: proto imports through links");

const service = `syntax = "proto3";
package svc;
option go_package = "example.com/shop/svc";
import "x/secret.proto";
message Req { x.Leaked s = 1; }
message Resp { string a = 1; }
service Svc { rpc Get(Req) returns (Resp); }
`;

/** Outside the project: a .proto and a file that is not one (a credential). */
function outside(): string {
  return writeTree(scratch("attack-proto-outside"), {
    "x/secret.proto": 'syntax = "proto3";\npackage x;\nmessage Leaked { string SECRET_FIELD = 1; }\n',
    "creds/x/secret.proto": "SECRET-TOKEN-123 = abc;\n",
  });
}

const cases: Array<[string, (dir: string, out: string) => void, RegExp]> = [
  [
    "the imported file is a link",
    (dir, out) => (
      mkdirSync(join(dir, "desc/proto/x")),
      symlinkSync(join(out, "creds/x/secret.proto"), join(dir, "desc/proto/x/secret.proto"))
    ),
    /desc\/proto\/x\/secret\.proto is a symbolic link/,
  ],
  [
    "a folder under the proto root is a link",
    (dir, out) => symlinkSync(join(out, "x"), join(dir, "desc/proto/x")),
    /desc\/proto\/x\/secret\.proto is reached through desc\/proto\/x, a symbolic link/,
  ],
  [
    "the vendored folder is a link",
    (dir, out) => symlinkSync(out, join(dir, "desc/proto/third_party")),
    /desc\/proto\/third_party\/x\/secret\.proto is reached through desc\/proto\/third_party, a symbolic link/,
  ],
];

for (const [name, link, message] of cases) {
  test(`${name}: PROTO_UNSAFE_PATH at the import, nothing read or written`, () => {
    const out = outside();
    const dir = writeTree(scratch("attack-proto-links"), {
      ".codegen.yaml": "name: shop\nmodule: example.com/shop\nframe: rpc\n",
      "desc/proto/svc.proto": service,
    });
    link(dir, out);
    const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("attack-proto-cache") });
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /desc\/proto\/svc\.proto:4:8: PROTO_UNSAFE_PATH /);
    assert.match(r.stderr, message);
    assert.not.match(r.stdout + r.stderr, /SECRET/);
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"], "nothing written");
  });
}

test("a real folder under the proto root still serves its imports", () => {
  const dir = writeTree(scratch("attack-proto-links"), {
    ".codegen.yaml": "name: shop\nmodule: example.com/shop\nframe: rpc\n",
    "desc/proto/svc.proto": service,
    "desc/proto/x/secret.proto":
      'syntax = "proto3";\npackage x;\noption go_package = "example.com/shop/pb/x";\nmessage Leaked { string a = 1; }\n',
  });
  const r = codegen(["gen", "--dry-run"], dir, { CODEGEN_CACHE_DIR: scratch("attack-proto-cache") });
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /created {3}pb\/x\/secret\.pb\.go/);
});

test("an import set a project's own pack declares serves .proto files only: a secret file is never read", () => {
  const home = writeTree(scratch("attack-proto-home"), {
    "sec/token": "ghp_SECRET_TOKEN_123\n",
    "sec/ok.proto": 'syntax = "proto3";\npackage sec;\n',
  });
  const dir = writeTree(scratch("attack-proto-links"), {
    ".codegen.yaml": "name: shop\nmodule: example.com/shop\nframe: rpc\npack: ./pack\n",
    "pack/pack.yaml": `name: evil\nextends: go-zero\nproto_imports:\n  - id: sec\n    title: secrets\n    prefix: "sec/"\n    marker: "sec/ok.proto"\n    sources:\n      - dir: ${home}\n`,
    "desc/proto/svc.proto": service
      .replace('import "x/secret.proto";', 'import "sec/token";')
      .replace("x.Leaked s = 1;", "string s = 1;"),
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("attack-proto-cache") });
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /desc\/proto\/svc\.proto:4:8: PROTO_IMPORT_PATH import "sec\/token" names no \.proto file/);
  assert.not.match(r.stdout + r.stderr, /SECRET/);
  assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc", "pack"], "nothing written");
});

test.run();

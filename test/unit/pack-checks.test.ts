/**
 * The go-zero pack's checks over IR the readers give: model names over many tables (each clash
 * reported once, at the later table, naming the first earlier table it clashes with and the
 * first name they share), middleware names of the codegen.api proto options (each bad one
 * at the value of the option naming it, in the user's .proto file), and the google.api.http
 * rules go-zero's gateway serves otherwise than they read (gateway frame only, as warnings).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runChecks } from "../../engine/checks/index.js";
import { readApi } from "../../engine/descriptors/api/index.js";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { formatDiagnostic } from "../../engine/diagnostics/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { bindFunctions } from "../../engine/plan/index.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("go-zero pack checks");

test("SQL_NAME_CLASH over a dozen tables", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const names = [
    "user",
    "orders",
    "user_model",
    "Order",
    "order",
    "users",
    "db",
    "d_b",
    "query",
    "query_row",
    "userModel",
    "x",
  ];
  const ir = {
    sql: { tables: names.map((name, i) => ({ name, pos: { file: "desc/sql/s.sql", line: i + 1, column: 1 } })) },
  };
  const bindings = await bindFunctions(pack, { ir, project: {}, config: {} });
  const found = await runChecks(ir, pack.checkDirs, { bindings });
  assert.equal(
    found.map((d) => `${d.span?.line}: ${d.message}`),
    [
      "3: table user_model would declare UserModel, which table user declares too; the model package would not compile",
      "5: table order would declare Order, which table Order declares too; the model package would not compile",
      "8: table d_b would declare DBRow, which table db declares too; the model package would not compile",
      "10: table query_row would declare QueryRow, which table query declares too; the model package would not compile",
      "11: table userModel would declare UserModel, which table user declares too; the model package would not compile",
    ],
  );
});

test("PROTO_MIDDLEWARE_NAME: every name that is not an identifier, at its option's value, quoted", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const dir = scratch("middleware-names");
  try {
    cpSync(join(repoRoot, "template-packs/go-zero/static/proto/codegen"), join(dir, "desc/proto/codegen"), {
      recursive: true,
    });
    mkdirSync(join(dir, "desc/proto"), { recursive: true });
    const proto = [
      'syntax = "proto3";',
      "package a;",
      'import "codegen/api/http.proto";',
      'import "codegen/api/zrpc.proto";',
      "message R {}",
      "service S {",
      '  option (codegen.api.http_group) = {middleware: "ok, bad-name"};',
      "  rpc Do(R) returns (R) {",
      '    option (codegen.api.zrpc).middleware = "fine,\\"}; x";',
      "  }",
      "  rpc Other(R) returns (R);",
      "}",
      "",
    ].join("\n");
    writeFileSync(join(dir, "desc/proto/a.proto"), proto);
    const ir = { proto: await readProto(["desc/proto/a.proto"], { root: dir, protoRoot: "desc/proto" }) };
    const bindings = await bindFunctions(pack, { ir, project: {}, config: {} });
    const found = await runChecks(ir, pack.checkDirs, { bindings });
    assert.equal(found.map(formatDiagnostic), [
      'desc/proto/a.proto:7:37: PROTO_MIDDLEWARE_NAME middleware "bad-name" must be an identifier (letters, digits and _)',
      'desc/proto/a.proto:9:44: PROTO_MIDDLEWARE_NAME middleware "\\"}; x" must be an identifier (letters, digits and _)',
    ]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("GATEWAY_HTTP_AS_SERVED: each part of a rule the gateway does not serve as written, a warning at the rule, gateway frame only", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const dir = scratch("gateway-rules");
  try {
    mkdirSync(join(dir, "desc/proto/google/api"), { recursive: true });
    writeFileSync(
      join(dir, "desc/proto/google/api/annotations.proto"),
      'syntax = "proto3";\npackage google.api;\nimport "google/protobuf/descriptor.proto";\nimport "google/api/http.proto";\nextend google.protobuf.MethodOptions { HttpRule http = 72295728; }\n',
    );
    writeFileSync(
      join(dir, "desc/proto/google/api/http.proto"),
      'syntax = "proto3";\npackage google.api;\nmessage HttpRule {\n  string selector = 1;\n  oneof pattern { string get = 2; string put = 3; string post = 4; string delete = 5; string patch = 6; CustomHttpPattern custom = 8; }\n  string body = 7;\n  string response_body = 12;\n  repeated HttpRule additional_bindings = 11;\n}\nmessage CustomHttpPattern { string kind = 1; string path = 2; }\n',
    );
    const proto = [
      'syntax = "proto3";',
      "package a;",
      'import "google/api/annotations.proto";',
      "message Inner { string id = 1; }",
      "message R { string id = 1; string name = 2; Inner inner = 3; }",
      "service S {",
      '  rpc Plain(R) returns (R) { option (google.api.http) = {post: "/v1/r/{id}" body: "*"}; }',
      '  rpc Extra(R) returns (R) { option (google.api.http) = {get: "/v1/r/{id}" additional_bindings {get: "/old/{id}"}}; }',
      '  rpc Head(R) returns (R) { option (google.api.http) = {custom: {kind: "HEAD" path: "/v1/r/{id}"}}; }',
      '  rpc Named(R) returns (R) { option (google.api.http) = {get: "/v1/{name=rs/*}"}; }',
      '  rpc Verb(R) returns (R) { option (google.api.http) = {post: "/v1/r/{id}:run" body: "*"}; }',
      '  rpc Search(R) returns (R) { option (google.api.http) = {post: "/v1/r:search" body: "*"}; }',
      '  rpc Nested(R) returns (R) { option (google.api.http) = {patch: "/v1/r/{inner.id}" body: "inner" response_body: "name"}; }',
      "}",
      "",
    ].join("\n");
    writeFileSync(join(dir, "desc/proto/a.proto"), proto);
    const ir = { proto: await readProto(["desc/proto/a.proto"], { root: dir, protoRoot: "desc/proto" }) };
    const warned = async (frame: string): Promise<string[]> => {
      const warnings: string[] = [];
      const input = { ...ir, project: { frame } };
      const bindings = await bindFunctions(pack, { ir: input, project: input.project, config: {} });
      const errors = await runChecks(input, pack.checkDirs, {
        bindings,
        onWarning: (w) => warnings.push(formatDiagnostic(w)),
      });
      assert.equal(errors, []);
      return warnings.filter((w) => w.includes("GATEWAY_HTTP_AS_SERVED"));
    };
    // Each at the value of its method's (google.api.http) option.
    const at = (line: number, column: number, what: string): string =>
      `desc/proto/a.proto:${line}:${column}: GATEWAY_HTTP_AS_SERVED rpc ${what}`;
    assert.equal(
      (await warned("gateway")).map((w) => w.split("\n")[0]),
      [
        at(
          8,
          57,
          "Extra: additional binding GET /old/{id} is not served: the gateway serves a method's first binding only",
        ),
        at(9, 56, "Head: custom method HEAD /v1/r/{id} is not served: the method is gRPC only"),
        at(
          10,
          57,
          "Named: path variable {name=rs/*}: the gateway's router has no path patterns, so the route does not match such paths",
        ),
        at(
          11,
          56,
          'Verb: the ":run" suffix is read into the last variable (the gateway\'s router has no verbs), so {id} is not set',
        ),
        at(
          13,
          58,
          "Nested: path variable {inner.id} names a nested field: the gateway sets top-level fields only, so its value is dropped",
        ),
        at(
          13,
          58,
          'Nested: body "inner" is served as the whole request: clients send {"inner": …}, as the generated TypeScript client does',
        ),
        at(13, 58, 'Nested: response_body "name" is not applied: the answer is the whole response message'),
      ],
    );
    assert.equal(await warned("rpc"), [], "an rpc project serves no HTTP");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("API_UNSAFE_PATH and API_INVALID_PACKAGE: a go_package at its value, in both packs", async () => {
  const dir = scratch("api-go-package");
  const values = ["../x", "/abs", "a\\b", "c:x", "my-pkg", "", "admin/user", "x\t"];
  try {
    const names = values.map((v, i) => {
      writeFileSync(join(dir, `f${i}.api`), `info(\n  go_package: ${JSON.stringify(v)}\n)\ntype T${i} {}\n`);
      return `f${i}.api`;
    });
    for (const name of ["go-zero", "goctl"]) {
      const pack = await loadPack(join(repoRoot, "template-packs", name), repoRoot);
      assert.is(pack.apiPackageKey, "go_package");
      const api = await readApi(names, { root: dir, packageKey: "go_package" });
      assert.equal(
        api.files.map((f) => f.package),
        values,
      );
      const ir = { api };
      const bindings = await bindFunctions(pack, { ir, project: {}, config: {} });
      const found = (await runChecks(ir, pack.checkDirs, { bindings })).filter((d) =>
        ["API_UNSAFE_PATH", "API_INVALID_PACKAGE"].includes(d.code),
      );
      assert.equal(
        found.map((d) => `${d.span?.file}:${d.span?.line}:${d.span?.column}: ${d.code} ${d.message}`).sort(),
        [
          'f0.api:2:15: API_UNSAFE_PATH go_package "../x" contains a ".." segment; it names a folder inside the project',
          'f1.api:2:15: API_UNSAFE_PATH go_package "/abs" starts with /; it names a folder inside the project',
          'f2.api:2:15: API_UNSAFE_PATH go_package "a\\\\b" contains a backslash; it names a folder inside the project',
          'f3.api:2:15: API_UNSAFE_PATH go_package "c:x" starts with a drive letter; it names a folder inside the project',
          'f4.api:2:15: API_INVALID_PACKAGE go_package "my-pkg" must be identifiers separated by /',
          'f5.api:2:15: API_INVALID_PACKAGE go_package "" must be identifiers separated by /',
          'f7.api:2:15: API_UNSAFE_PATH go_package "x\\t" contains a control character; it names a folder inside the project',
        ],
        name,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

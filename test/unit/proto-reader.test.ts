/**
 * readProto on the fixture project test/fixtures/proto/project: several files, a common
 * messages-only file imported by others, go_package values, custom options (service and
 * method level, with their positions), google.api.http rules, buf.validate rules with CEL,
 * streaming, third-party types, and the IR against schemas/ir-proto.schema.json.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { emptyProtoIR } from "../../engine/descriptors/proto/empty.js";
import type { Diagnostic } from "../../engine/diagnostics/index.js";
import type { ProtoIR } from "../../engine/ir/index.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { builtinProtoImports } from "../support/proto-imports.js";

const root = join(fixtures, "proto/project");
const inputs = ["desc/proto/user.proto", "desc/proto/ping.proto", "desc/proto/common/common.proto"];
let irPromise: Promise<{ ir: ProtoIR; warnings: Diagnostic[] }> | null = null;

function read(): Promise<{ ir: ProtoIR; warnings: Diagnostic[] }> {
  irPromise ??= (async () => {
    const warnings: Diagnostic[] = [];
    const ir = await readProto(inputs, {
      root,
      protoRoot: "desc/proto",
      imports: await builtinProtoImports(),
      onWarning: (w) => warnings.push(w),
    });
    return { ir, warnings };
  })();
  return irPromise;
}

function service(ir: ProtoIR, fullName: string) {
  const s = ir.services.find((x) => x.fullName === fullName);
  if (!s) throw new Error(`no service ${fullName}`);
  return s;
}

function method(ir: ProtoIR, svc: string, name: string) {
  const m = service(ir, svc).methods.find((x) => x.name === name);
  if (!m) throw new Error(`no method ${name}`);
  return m;
}

function message(ir: ProtoIR, fullName: string) {
  const m = ir.messages.find((x) => x.fullName === fullName);
  if (!m) throw new Error(`no message ${fullName}`);
  return m;
}

test("files: inputs first, then project files reached by import; file options as written, with their positions", async () => {
  const { ir, warnings } = await read();
  assert.equal(warnings, []);
  assert.equal(
    ir.files.map((f) => [f.path, f.root]),
    [
      ["desc/proto/user.proto", true],
      ["desc/proto/ping.proto", true],
      ["desc/proto/common/common.proto", true],
      ["desc/proto/codegen/api/http.proto", false],
      ["desc/proto/codegen/api/zrpc.proto", false],
    ],
  );
  const user = ir.files[0];
  assert.equal(user?.protoPath, "user.proto");
  assert.equal(user?.package, "user.v1");
  assert.is(user?.options["go_package"], "./pb/user");
  assert.equal(user?.optionPos["go_package"], { file: "desc/proto/user.proto", line: 11, column: 21 });
  assert.equal(user?.pos, { file: "desc/proto/user.proto", line: 3, column: 9 });
  assert.is(ir.files[1]?.options["go_package"], "internal/pb/ping;pingpb");
  assert.equal(ir.files[2]?.protoPath, "common/common.proto");
  assert.is(ir.files[2]?.hasServices, false);
  assert.equal(
    user?.imports.map((i) => [i.path, i.source, i.file]),
    [
      ["google/api/annotations.proto", "include", "google/api/annotations.proto"],
      ["buf/validate/validate.proto", "include", "buf/validate/validate.proto"],
      ["codegen/api/http.proto", "project", "desc/proto/codegen/api/http.proto"],
      ["codegen/api/zrpc.proto", "project", "desc/proto/codegen/api/zrpc.proto"],
      ["common/common.proto", "project", "desc/proto/common/common.proto"],
    ],
  );
  assert.ok(ir.thirdParty.includes("google/api/annotations.proto"));
  assert.ok(ir.thirdParty.includes("google/protobuf/empty.proto"));
});

test("messages: fields, kinds, maps, optional, oneofs, nested, enums from the common file", async () => {
  const { ir } = await read();
  const user = message(ir, "user.v1.User");
  assert.is(user.comment, "A user of the system.");
  assert.equal(user.pos, { file: "desc/proto/user.proto", line: 14, column: 9 });
  assert.equal(user.nested, ["user.v1.User.Address"]);
  const byName = Object.fromEntries(user.fields.map((f) => [f.name, f]));
  assert.equal(
    [byName["status"]?.kind, byName["status"]?.type, byName["status"]?.typeRef?.file],
    ["enum", "common.Status", "desc/proto/common/common.proto"],
  );
  assert.equal([byName["status"]?.typeRef?.external, ir.files[2]?.options["go_package"]], [false, "./pb/common"]);
  assert.equal(
    [byName["labels"]?.kind, byName["labels"]?.mapKey, byName["labels"]?.mapValue?.type, byName["labels"]?.repeated],
    ["map", "string", "string", false],
  );
  assert.equal(
    [
      byName["roles"]?.repeated,
      byName["nick_name"]?.optional,
      byName["nick_name"]?.jsonName,
      byName["nick_name"]?.oneof,
    ],
    [true, true, "nickName", ""],
  );
  assert.equal(
    [byName["address"]?.kind, byName["address"]?.type, byName["address"]?.typeRef?.localName],
    ["message", "user.v1.User.Address", "User.Address"],
  );
  assert.equal(byName["status"]?.pos, { file: "desc/proto/user.proto", line: 18, column: 17 });
  const address = message(ir, "user.v1.User.Address");
  assert.equal([address.parent, address.localName], ["user.v1.User", "User.Address"]);
  const create = message(ir, "user.v1.CreateUserRequest");
  assert.equal(
    create.oneofs.map((o) => [o.name, o.fields]),
    [["contact", ["phone", "wechat"]]],
  );
  assert.is(create.fields.find((f) => f.name === "phone")?.oneof, "contact");
  assert.is(create.fields.find((f) => f.name === "name")?.comment, "Display name.");
  const status = ir.enums.find((e) => e.fullName === "common.Status");
  assert.equal(
    status?.values.map((v) => [v.name, v.number]),
    [
      ["STATUS_UNSPECIFIED", 0],
      ["STATUS_ACTIVE", 1],
      ["STATUS_DISABLED", 2],
    ],
  );
  assert.equal(status?.values[1]?.pos, { file: "desc/proto/common/common.proto", line: 21, column: 3 });
});

test("buf.validate: field rules, message and field CEL, hasValidation flags", async () => {
  const { ir } = await read();
  const create = message(ir, "user.v1.CreateUserRequest");
  const rules = Object.fromEntries(create.fields.map((f) => [f.name, f.rules]));
  assert.equal(rules["name"], { string: { min_len: 2, max_len: 32 } });
  assert.equal(rules["email"], { string: { email: true }, required: true });
  assert.equal(rules["password"], {
    cel: [{ id: "password_digit", message: "password must contain a digit", expression: "this.matches('[0-9]')" }],
  });
  assert.equal(rules["age"], { int32: { gte: 0, lte: 150 } });
  assert.is(rules["phone"], null);
  assert.equal(create.rules, {
    cel: [
      {
        id: "password_not_name",
        message: "password must not contain the name",
        expression: "!this.password.contains(this.name)",
      },
    ],
  });
  assert.equal(message(ir, "user.v1.GetUserRequest").fields[0]?.rules, { string: { pattern: "^u[0-9]+$" } });
  assert.equal(message(ir, "user.v1.ListUsersRequest").fields[1]?.rules, { uint32: { lte: 100, gt: 0 } });
  assert.is(create.hasValidation, true);
  assert.is(message(ir, "user.v1.User").hasValidation, false);
  assert.is(message(ir, "user.v1.UpdateUserRequest").hasDeepValidation, false);
  assert.is(method(ir, "user.v1.UserService", "UpdateUser").hasValidation, false);
  assert.is(method(ir, "user.v1.UserService", "CreateUser").hasValidation, true);
  assert.is(service(ir, "user.v1.UserService").hasValidation, true);
  assert.is(service(ir, "ping.PingService").hasValidation, false);
  assert.equal(
    ir.files.map((f) => f.hasValidation),
    [true, false, false, false, false],
  );
  assert.is(ir.hasValidation, true);
});

test("custom options: a service's and a method's, by extension full name, with where each value is written", async () => {
  const { ir } = await read();
  const file = "desc/proto/user.proto";
  const svc = service(ir, "user.v1.UserService");
  assert.equal(svc.options, {
    "codegen.api.http_group": { middleware: "httplog" },
    "codegen.api.zrpc_group": { middleware: "rpclog" },
  });
  assert.equal(svc.optionPos, {
    "codegen.api.http_group": { file, line: 71, column: 37 },
    "codegen.api.zrpc_group": { file, line: 72, column: 48 },
  });
  const get = method(ir, svc.fullName, "GetUser");
  assert.equal(get.options["codegen.api.http"], { middleware: "cache, httplog" });
  assert.equal(get.optionPos, {
    "google.api.http": { file, line: 76, column: 32 },
    "codegen.api.http": { file, line: 80, column: 33 },
  });
  const create = method(ir, svc.fullName, "CreateUser");
  assert.equal(
    [create.options["codegen.api.http"], create.options["codegen.api.zrpc"]],
    [{ middleware: "apikey" }, { middleware: "audit,quota" }],
  );
  assert.equal(
    [create.optionPos["codegen.api.http"], create.optionPos["codegen.api.zrpc"]],
    [
      { file, line: 88, column: 44 },
      { file, line: 89, column: 33 },
    ],
  );
  assert.equal(method(ir, svc.fullName, "ListUsers").options["codegen.api.http"], undefined);
  assert.equal(service(ir, "ping.PingService").optionPos, {});
});

test("google.api.http: verbs, placeholders, patterns, body, response_body, additional bindings, custom", async () => {
  const { ir } = await read();
  const svc = "user.v1.UserService";
  const get = method(ir, svc, "GetUser").http;
  assert.equal(get[0], {
    method: "GET",
    custom: false,
    path: "/api/v1/users/{id}",
    colonPath: "/api/v1/users/:id",
    pathParams: ["id"],
    pathPatterns: {},
    verb: "",
    body: "",
    responseBody: "",
    additional: false,
  });
  assert.equal(
    [get[1]?.path, get[1]?.colonPath, get[1]?.pathPatterns, get[1]?.additional],
    ["/api/v1/people/{id=people/*}", "/api/v1/people/:id", { id: "people/*" }, true],
  );
  const create = method(ir, svc, "CreateUser").http;
  assert.equal([create[0]?.method, create[0]?.body, create.length], ["POST", "*", 1]);
  const update = method(ir, svc, "UpdateUser").http[0];
  assert.equal(
    [update?.method, update?.pathParams, update?.colonPath, update?.body, update?.responseBody],
    ["PATCH", ["user.id"], "/api/v1/users/:user.id", "user", "name"],
  );
  assert.equal(method(ir, svc, "WatchUsers").http, []);
  const ping = method(ir, "ping.PingService", "Ping").http[0];
  assert.equal([ping?.method, ping?.custom, ping?.path], ["HEAD", true, "/ping"]);
  assert.is(ir.hasHttp, true);
});

test("methods: types with their files and go packages, streaming, rpc path, positions", async () => {
  const { ir } = await read();
  const svc = service(ir, "user.v1.UserService");
  assert.equal(svc.pos, { file: "desc/proto/user.proto", line: 70, column: 9 });
  const get = method(ir, svc.fullName, "GetUser");
  assert.equal(
    [get.rpcPath, get.comment, get.inputType.fullName, get.outputType.name],
    ["/user.v1.UserService/GetUser", "Get one user.", "user.v1.GetUserRequest", "User"],
  );
  assert.equal(get.pos, { file: "desc/proto/user.proto", line: 75, column: 7 });
  const watch = method(ir, svc.fullName, "WatchUsers");
  assert.equal([watch.clientStreaming, watch.serverStreaming], [false, true]);
  assert.is(svc.hasStreaming, true);
  assert.equal([get.inputType.file, get.inputType.external], ["desc/proto/user.proto", false]);
  const ping = method(ir, "ping.PingService", "Ping");
  assert.equal(
    [ping.inputType.fullName, ping.inputType.external, ping.inputType.package, ping.inputType.file],
    ["google.protobuf.Empty", true, "google.protobuf", "google/protobuf/empty.proto"],
  );
  // A third-party file a referenced type comes from: its options as written, for the pack to place the type.
  const empty = ir.externalFiles.find((f) => f.path === "google/protobuf/empty.proto");
  assert.is(empty?.options["go_package"], "google.golang.org/protobuf/types/known/emptypb");
  assert.equal([empty?.options["java_package"], empty?.options["cc_enable_arenas"]], ["com.google.protobuf", true]);
  assert.equal(
    ir.externalFiles.map((f) => f.path),
    [...new Set(ir.externalFiles.map((f) => f.path))].sort(),
  );
});

test("a service whose messages live in the common file: each file's options as written", async () => {
  const dir = join(fixtures, "proto/multi");
  const ir = await readProto(["desc/proto/order/order.proto", "desc/proto/types/types.proto"], {
    root: dir,
    protoRoot: "desc/proto",
  });
  const svc = ir.services[0];
  const optionsOf = (path: string | undefined) => ir.files.find((f) => f.path === path)?.options["go_package"];
  assert.equal(
    [optionsOf(svc?.file), optionsOf(svc?.methods[0]?.outputType.file), svc?.methods[0]?.outputType.package],
    ["internal/pb/order", "internal/pb/types;types", "shared.types"],
  );
  assert.equal(
    ir.files.map((f) => [f.path, f.protoPath, f.hasServices]),
    [
      ["desc/proto/order/order.proto", "order/order.proto", true],
      ["desc/proto/types/types.proto", "types/types.proto", false],
      ["desc/proto/order/local.proto", "order/local.proto", false],
    ],
  );
  assert.equal(
    ir.files.map((f) => f.root),
    [true, true, false],
  );
  // An import resolved beside the importing file (not from desc/proto).
  assert.equal(
    ir.files[0]?.imports.map((i) => [i.path, i.file]),
    [
      ["types/types.proto", "desc/proto/types/types.proto"],
      ["local.proto", "desc/proto/order/local.proto"],
    ],
  );
});

test("the IR matches schemas/ir-proto.schema.json", async () => {
  const { ir } = await read();
  const mod = (await import("ajv")) as unknown as { default: { default?: unknown } };
  const Ajv = (mod.default.default ?? mod.default) as new (
    o: object,
  ) => { compile(s: object): ((v: unknown) => boolean) & { errors?: unknown } };
  const validate = new Ajv({ allErrors: true, strict: false }).compile(
    JSON.parse(readFileSync(join(repoRoot, "schemas/ir-proto.schema.json"), "utf8")) as object,
  );
  const ok = validate(JSON.parse(JSON.stringify(ir)));
  assert.ok(ok, JSON.stringify(validate.errors, null, 1));
});

test("files in a vendored folder are include files, not project files", async () => {
  const dir = scratch("proto-vendored");
  const write = (name: string, text: string) => {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  };
  try {
    // A small stand-in written here (not a copy of the real file).
    write(
      "desc/proto/third_party/google/api/annotations.proto",
      'syntax = "proto3";\npackage google.api;\nimport "google/protobuf/descriptor.proto";\nmessage HttpRule { string get = 2; string post = 4; string body = 7; }\nextend google.protobuf.MethodOptions { HttpRule http = 72295728; }\n',
    );
    write(
      "desc/proto/a.proto",
      'syntax = "proto3";\npackage a;\nimport "google/api/annotations.proto";\nmessage R {}\nservice S {\n  rpc Do(R) returns (R) { option (google.api.http) = { post: "/do" body: "*" }; }\n}\n',
    );
    const ir = await readProto(["desc/proto/a.proto", "desc/proto/third_party/google/api/annotations.proto"], {
      root: dir,
      protoRoot: "desc/proto",
      vendored: ["desc/proto/third_party"],
    });
    assert.equal(
      ir.files.map((f) => f.path),
      ["desc/proto/a.proto"],
    );
    assert.equal(
      ir.files[0]?.imports.map((i) => [i.path, i.source]),
      [["google/api/annotations.proto", "include"]],
    );
    assert.equal(ir.services[0]?.methods[0]?.http[0]?.colonPath, "/do");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("no files give an empty IR", async () => {
  const ir = await readProto([], { root });
  assert.equal([ir.files, ir.services, ir.messages, ir.hasServices], [[], [], [], false]);
});

test("no .proto files: the reader's IR is the empty one built without loading it", async () => {
  assert.equal({ ...(await readProto([], { root })), includeDirs: [] }, emptyProtoIR());
});

test.run();

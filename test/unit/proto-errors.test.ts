/**
 * readProto rejections: each case asserts the diagnostic code and file:line:col
 * (fixtures under test/fixtures/proto/errors/desc/proto, plus a few written on the fly).
 */
import { mkdir, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { CodegenError, formatDiagnostic, type Diagnostic } from "../../engine/diagnostics/index.js";
import { fixtures, scratch } from "../support/paths.js";
import { builtinProtoImports } from "../support/proto-imports.js";

const root = join(fixtures, "proto/errors");

async function rejection(files: string[], at = root): Promise<Diagnostic[]> {
  try {
    await readProto(files, { root: at, protoRoot: "desc/proto", imports: await builtinProtoImports() });
  } catch (e) {
    if (e instanceof CodegenError) return e.diagnostics;
    throw e;
  }
  assert.unreachable("expected a CodegenError");
  return [];
}

/** The first diagnostic as `file:line:col: CODE`, plus its message and hint for extra checks. */
async function first(file: string, more: string[] = []): Promise<{ where: string; message: string; hint: string }> {
  const list = await rejection([`desc/proto/${file}`, ...more]);
  const d = list[0];
  assert.ok(d?.span, `no span: ${list.map(formatDiagnostic).join("\n")}`);
  return { where: `${d.span.file}:${d.span.line}:${d.span.column}: ${d.code}`, message: d.message, hint: d.hint ?? "" };
}

test("syntax error: missing ';' points at the token that follows", async () => {
  const d = await first("syntax.proto");
  assert.is(d.where, "desc/proto/syntax.proto:7:1: PROTO_SYNTAX");
  assert.match(d.message, "expected ';'");
});

test("unknown type, with a did-you-mean hint", async () => {
  const d = await first("unknown_type.proto");
  assert.is(d.where, "desc/proto/unknown_type.proto:10:3: PROTO_UNKNOWN_TYPE");
  assert.match(d.message, "Addres");
  assert.match(d.hint, "did you mean Address?");
});

test("unknown option field (midleware) inside an aggregate value", async () => {
  const d = await first("unknown_option_field.proto");
  assert.is(d.where, "desc/proto/unknown_option_field.proto:11:34: PROTO_UNKNOWN_OPTION_FIELD");
  assert.match(d.message, "midleware");
  assert.match(d.hint, "did you mean middleware?");
});

test("unknown option name, with the closest extension as hint", async () => {
  const d = await first("unknown_option.proto");
  assert.is(d.where, "desc/proto/unknown_option.proto:10:10: PROTO_UNKNOWN_OPTION");
  assert.match(d.hint, "did you mean (codegen.api.http_group)?");
});

test("unknown built-in option", async () => {
  const d = await first("builtin_option.proto");
  assert.is(d.where, "desc/proto/builtin_option.proto:5:8: PROTO_UNKNOWN_OPTION");
  assert.match(d.hint, "go_package");
});

test("duplicate message", async () => {
  const d = await first("duplicate.proto");
  assert.is(d.where, "desc/proto/duplicate.proto:7:9: PROTO_DUPLICATE");
});

test("rpc taking an enum", async () => {
  const d = await first("not_message.proto");
  assert.is(d.where, "desc/proto/not_message.proto:12:10: PROTO_NOT_MESSAGE");
});

test("type from a file that is loaded but not imported", async () => {
  const d = await first("not_imported.proto", ["desc/proto/common/common.proto"]);
  assert.is(d.where, "desc/proto/not_imported.proto:6:3: PROTO_IMPORT_MISSING");
  assert.match(d.hint, 'import "common/common.proto"');
});

test("service option used on a method", async () => {
  const d = await first("option_target.proto");
  assert.is(d.where, "desc/proto/option_target.proto:11:12: PROTO_OPTION_TARGET");
});

test("http path variable that is not a request field", async () => {
  const d = await first("http_param.proto");
  assert.is(d.where, "desc/proto/http_param.proto:13:12: PROTO_HTTP_RULE");
  assert.match(d.message, "item_id");
});

test("option values of the wrong type, or set twice", async () => {
  const list = await rejection(["desc/proto/option_value.proto"]);
  assert.equal(
    list.map((d) => `${d.span?.line}:${d.span?.column}: ${d.code}`),
    ["8:58: PROTO_OPTION_VALUE", "9:66: PROTO_OPTION_VALUE"],
  );
});

test("a missing import that is used is an error, with the unknown type", async () => {
  const list = await rejection(["desc/proto/missing_import.proto"]);
  assert.equal(
    list.map((d) => `${d.span?.line}:${d.span?.column}: ${d.code}`),
    ["5:8: PROTO_IMPORT_NOT_FOUND", "8:3: PROTO_UNKNOWN_TYPE"],
  );
});

test("a missing import that nothing uses is a warning", async () => {
  const warnings: Diagnostic[] = [];
  const ir = await readProto(["desc/proto/unused_missing_import.proto"], {
    root,
    protoRoot: "desc/proto",
    onWarning: (w) => warnings.push(w),
  });
  assert.equal(
    warnings.map((w) => `${w.span?.file}:${w.span?.line}:${w.span?.column}: ${w.code}`),
    ["desc/proto/unused_missing_import.proto:5:8: PROTO_IMPORT_NOT_FOUND"],
  );
  assert.equal(ir.files[0]?.imports[0]?.source, "missing");
});

// ---- cases written on the fly ---------------------------------------------------------

async function project(files: Record<string, string>): Promise<string> {
  const dir = scratch("proto-errors");
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function onTheFly(files: Record<string, string>, inputs: string[]): Promise<string[]> {
  const dir = await project(files);
  try {
    return (await rejection(inputs, dir)).map((d) => `${d.span?.file}:${d.span?.line}:${d.span?.column}: ${d.code}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

test("protobufjs syntax errors get a column: proto3 has no `required`", async () => {
  const got = await onTheFly(
    { "desc/proto/a.proto": 'syntax = "proto3";\nmessage A {\n  required string a = 1;\n}\n' },
    ["desc/proto/a.proto"],
  );
  assert.equal(got, ["desc/proto/a.proto:3:3: PROTO_SYNTAX"]);
});

test("unknown syntax, unterminated comment", async () => {
  assert.equal(await onTheFly({ "a.proto": 'syntax = "proto4";\n' }, ["a.proto"]), ["a.proto:1:10: PROTO_SYNTAX"]);
  assert.equal(await onTheFly({ "a.proto": 'syntax = "proto3";\n\n  /* open\n' }, ["a.proto"]), [
    "a.proto:3:3: PROTO_SYNTAX",
  ]);
});

test("import paths with '..' and inputs outside the root", async () => {
  assert.equal(
    await onTheFly({ "desc/proto/a.proto": 'syntax = "proto3";\nimport "../b.proto";\n' }, ["desc/proto/a.proto"]),
    ["desc/proto/a.proto:2:8: PROTO_UNSAFE_PATH"],
  );
  const dir = await project({ "a.proto": 'syntax = "proto3";\n' });
  try {
    const list = await rejection(["../outside.proto"], dir);
    assert.equal(
      list.map((d) => d.code),
      ["PROTO_UNSAFE_PATH"],
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});

test("import cycle", async () => {
  const got = await onTheFly(
    {
      "desc/proto/a.proto": 'syntax = "proto3";\nimport "b.proto";\nmessage A {}\n',
      "desc/proto/b.proto": 'syntax = "proto3";\nimport "a.proto";\nmessage B {}\n',
    },
    ["desc/proto/a.proto"],
  );
  assert.equal(got, ["desc/proto/b.proto:2:8: PROTO_IMPORT_CYCLE"]);
});

test("an option declared in a file that is loaded but not imported", async () => {
  const ext =
    'syntax = "proto3";\npackage ext;\nimport "google/protobuf/descriptor.proto";\nmessage M { string middleware = 1; }\nextend google.protobuf.MethodOptions { M mw = 50001; }\n';
  const user =
    'syntax = "proto3";\npackage u;\nmessage R {}\nservice S {\n  rpc Do(R) returns (R) { option (ext.mw).middleware = "a"; }\n}\n';
  const got = await onTheFly({ "desc/proto/ext.proto": ext, "desc/proto/u.proto": user }, [
    "desc/proto/ext.proto",
    "desc/proto/u.proto",
  ]);
  assert.equal(got, ["desc/proto/u.proto:5:34: PROTO_IMPORT_MISSING"]);
});

test("proto3 enum starting at 1, field number 0, duplicate field number, scalar rpc types", async () => {
  const text =
    'syntax = "proto3";\nenum E { E1 = 1; }\nmessage A { string s = 0; }\nservice S { rpc X(string) returns (A); }\n';
  assert.equal(await onTheFly({ "a.proto": text }, ["a.proto"]), [
    "a.proto:2:15: PROTO_ENUM_ZERO",
    "a.proto:3:24: PROTO_FIELD_NUMBER",
    "a.proto:4:19: PROTO_NOT_MESSAGE",
  ]);
  const dup = 'syntax = "proto3";\nmessage A {\n  string a = 1;\n  string b = 1;\n}\n';
  assert.equal(await onTheFly({ "a.proto": dup }, ["a.proto"]), ["a.proto:4:10: PROTO_DUPLICATE"]);
});

test("a message declared in two files", async () => {
  const a = 'syntax = "proto3";\npackage p;\nmessage Same {}\n';
  const b = 'syntax = "proto3";\npackage p;\n\nmessage Same {}\n';
  assert.equal(await onTheFly({ "a.proto": a, "b.proto": b }, ["a.proto", "b.proto"]), [
    "b.proto:4:9: PROTO_DUPLICATE",
  ]);
});

test("repeated and oneof rules inside option values", async () => {
  const ext = 'syntax = "proto3";\npackage p;\nimport "google/api/annotations.proto";\nmessage R { string id = 1; }\n';
  const both = `${ext}service S {\n  rpc Do(R) returns (R) { option (google.api.http) = { get: "/a" post: "/b" }; }\n}\n`;
  assert.equal(await onTheFly({ "a.proto": both }, ["a.proto"]), ["a.proto:6:66: PROTO_OPTION_VALUE"]);
  const path = `${ext}service S {\n  rpc Do(R) returns (R) { option (google.api.http).additional_bindings.get = "/x"; }\n}\n`;
  assert.equal(await onTheFly({ "a.proto": path }, ["a.proto"]), ["a.proto:6:52: PROTO_OPTION_VALUE"]);
  const template = `${ext}service S {\n  rpc Do(R) returns (R) { option (google.api.http) = { get: "/a/{id" }; }\n}\n`;
  assert.equal(await onTheFly({ "a.proto": template }, ["a.proto"]), ["a.proto:6:34: PROTO_HTTP_RULE"]);
});

test.run();

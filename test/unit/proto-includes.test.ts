/**
 * The third-party include finder (engine/descriptors/proto/includes.ts) and the small parts
 * of the proto reader: path templates, go_package, names, the outline scanner.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseTemplate } from "../../engine/descriptors/proto/http.js";
import { findProtoIncludes, KNOWN_PROTO_SETS, ProtoIncludeFinder } from "../../engine/descriptors/proto/index.js";
import { jsonNameOf, splitNames } from "../../engine/descriptors/proto/names.js";
import { scanProto } from "../../engine/descriptors/proto/outline.js";
import { scratch } from "../support/paths.js";

/** Run with an empty Go module cache and no downloads: what a machine without the modules sees. */
async function withoutGoModules<T>(fn: () => Promise<T>): Promise<T> {
  const dir = scratch("proto-gomodcache");
  const saved = { GOMODCACHE: process.env["GOMODCACHE"], CODEGEN_PROTO_OFFLINE: process.env["CODEGEN_PROTO_OFFLINE"] };
  process.env["GOMODCACHE"] = dir;
  process.env["CODEGEN_PROTO_OFFLINE"] = "1";
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

test("findProtoIncludes: every known set is found, or listed as missing with an install hint", async () => {
  const result = await findProtoIncludes({ root: process.cwd() });
  for (const set of KNOWN_PROTO_SETS) {
    const found = result.dirs.find((d) => d.set === set.id);
    const missing = result.missing.find((m) => m.set === set.id);
    assert.ok(found || missing, `${set.id}: neither found nor missing`);
    if (found) assert.ok(existsSync(join(found.dir, set.marker.slice(found.strip.length))), `${set.id}: ${found.dir} lacks ${set.marker}`);
    if (missing) assert.ok(missing.hint.length > 0);
  }
  // The sets the reader needs for the fixtures are present on a machine that runs these tests.
  for (const id of ["google-protobuf", "google-api", "buf-validate"]) assert.ok(result.dirs.some((d) => d.set === id), `${id} not found: ${JSON.stringify(result.missing)}`);
});

test("without Go modules: buf/validate is missing with a `go mod download` hint; google/api falls back to a partial copy", async () => {
  await withoutGoModules(async () => {
    const result = await findProtoIncludes({ sets: ["buf-validate", "google/api/annotations.proto"] });
    assert.equal(result.missing.map((m) => m.set), ["buf-validate"]);
    assert.match(result.missing[0]?.hint ?? "", "go mod download github.com/bufbuild/protovalidate@");
    const api = result.dirs.find((d) => d.set === "google-api");
    if (api?.source.startsWith("protobufjs")) assert.is(api.partial, true);
    const forCompiler = await findProtoIncludes({ sets: ["google-api"], forCompiler: true });
    assert.ok(forCompiler.dirs.every((d) => !d.partial));
  });
});

test("CODEGEN_PROTO_PATH / extra folders come first", async () => {
  const dir = scratch("proto-extra");
  try {
    mkdirSync(join(dir, "buf/validate"), { recursive: true });
    writeFileSync(join(dir, "buf/validate/validate.proto"), 'syntax = "proto2";\npackage buf.validate;\n');
    const finder = new ProtoIncludeFinder({ extra: [dir] });
    assert.is((await finder.resolve("buf/validate/validate.proto"))?.file, join(dir, "buf/validate/validate.proto"));
    assert.is(await finder.resolve("not/known.proto"), null);
    const result = await findProtoIncludes({ extra: [dir], sets: ["buf-validate"] });
    assert.equal(result.dirs.map((d) => [d.dir, d.set]), [[dir, "extra"]]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("path templates: variables, patterns, verbs, errors", () => {
  assert.equal(parseTemplate("/v1/users/{id}"), { colonPath: "/v1/users/:id", pathParams: ["id"], pathPatterns: {}, verb: "" });
  assert.equal(parseTemplate("/v1/{name=shelves/*/books/*}:cancel"), { colonPath: "/v1/:name:cancel", pathParams: ["name"], pathPatterns: { name: "shelves/*/books/*" }, verb: "cancel" });
  assert.equal(parseTemplate("/v1/{user.id}/x/{item}").pathParams, ["user.id", "item"]);
  for (const bad of ["v1/x", "/a/{id", "/a/id}", "/a/{1x}", "/a/{id=}", "/a/{id}/{id}", "/a/b:"]) {
    assert.throws(() => parseTemplate(bad), undefined, bad);
  }
});

test("names: json names, middleware lists", () => {
  assert.is(jsonNameOf("page_size"), "pageSize");
  assert.is(jsonNameOf("goVersion"), "goVersion");
  assert.is(jsonNameOf("a__b_"), "aB");
  assert.equal(splitNames(" a, b ,,a,c "), ["a", "b", "c"]);
  assert.equal(splitNames(undefined), []);
});

test("outline: positions of declarations, options and option keys", () => {
  const src = [
    'syntax = "proto3";',
    "package demo.v1;",
    'import public "a/b.proto";',
    "message Outer {",
    "  message Inner { int32 x = 1; }",
    "  map<string, Inner> items = 1 [(x.y).z = 1];",
    '  oneof kind { string a = 2; }',
    "}",
    "service S {",
    '  rpc Do(stream Outer) returns (Outer) { option (h) = { get: "/x" additional_bindings { post: "/y" } }; };',
    "}",
  ].join("\n");
  const o = scanProto(src);
  assert.equal([o.package, o.syntax, o.imports[0]?.public, o.imports[0]?.pathPos], ["demo.v1", "proto3", true, { line: 3, column: 15 }]);
  const byName = Object.fromEntries(o.decls.map((d) => [d.fullName, d]));
  assert.equal(byName["demo.v1.Outer.Inner"]?.pos, { line: 5, column: 11 });
  assert.equal([byName["demo.v1.Outer.items"]?.keyType?.name, byName["demo.v1.Outer.items"]?.type?.name], ["string", "Inner"]);
  assert.equal(byName["demo.v1.Outer.a"]?.oneof, "kind");
  const rpc = byName["demo.v1.S.Do"];
  assert.equal([rpc?.input?.stream, rpc?.output?.stream, rpc?.pos], [true, false, { line: 10, column: 7 }]);
  const opt = rpc?.options[0];
  assert.equal(opt?.parts.map((p) => [p.name, p.extension]), [["h", true]]);
  assert.ok(opt?.value.kind === "message");
  if (opt?.value.kind === "message") {
    assert.equal(opt.value.entries.map((e) => [e.key, e.pos.column]), [["get", 57], ["additional_bindings", 67]]);
  }
  const fieldOpt = byName["demo.v1.Outer.items"]?.options[0];
  assert.equal(fieldOpt?.parts.map((p) => p.name), ["x.y", "z"]);
});

test.run();

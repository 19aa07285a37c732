/**
 * Third-party .proto imports (engine/descriptors/proto/includes.ts, sources.ts): the sets a pack
 * declares and each kind of source, the reader's own fallback for a pack that declares none,
 * offline runs and remembered command answers; then the small parts of the proto reader:
 * path templates, names, the outline scanner.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import type { ProtoImportSet, ProtoImportSource } from "../../engine/descriptors/index.js";
import { parseTemplate } from "../../engine/descriptors/proto/http.js";
import { findProtoIncludes, ProtoIncludeFinder, readProto } from "../../engine/descriptors/proto/index.js";
import { jsonNameOf } from "../../engine/descriptors/proto/names.js";
import { scanProto } from "../../engine/descriptors/proto/scanner.js";
import { cachedCommandOutput } from "../../engine/exec/cached-command-output.js";
import { builtinProtoImports } from "../support/proto-imports.js";
import { scratch } from "../support/paths.js";

/** Run with some environment variables set (undefined: removed), restoring them afterwards. */
async function withEnv<T>(vars: Record<string, string | undefined>, fn: () => Promise<T>): Promise<T> {
  const saved = Object.fromEntries(Object.keys(vars).map((k) => [k, process.env[k]]));
  const apply = (values: Record<string, string | undefined>) => {
    for (const [k, v] of Object.entries(values)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  };
  apply(vars);
  try {
    return await fn();
  } finally {
    apply(saved);
  }
}

function write(path: string, text: string, mode?: number): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
  if (mode !== undefined) chmodSync(path, mode);
}

/** A set `acme/` whose marker is acme/money.proto, with the given sources. */
function acme(sources: ProtoImportSource[]): ProtoImportSet {
  return {
    id: "acme",
    title: "acme types",
    prefix: "acme/",
    strip: "",
    marker: "acme/money.proto",
    hint: "install acme",
    sources,
  };
}

/** A folder holding the acme set at `<dir>/acme/money.proto`. */
function acmeFolder(dir: string): string {
  write(join(dir, "acme/money.proto"), 'syntax = "proto3";\npackage acme;\nmessage Money { int64 units = 1; }\n');
  return dir;
}

/**
 * A program on a scratch PATH that counts its runs in `<bin>/runs` and prints `answer`
 * (a folder, or JSON naming it).
 */
function fakeTool(bin: string, name: string, answer: string): { runs: () => number } {
  write(join(bin, name), `#!/bin/sh\necho run >> "${join(bin, "runs")}"\ncat <<'EOF'\n${answer}\nEOF\n`, 0o755);
  return {
    runs: () =>
      existsSync(join(bin, "runs")) ? readFileSync(join(bin, "runs"), "utf8").split("\n").filter(Boolean).length : 0,
  };
}

const command = (
  run: string[],
  more: Partial<Extract<ProtoImportSource, { kind: "command" }>> = {},
): ProtoImportSource => ({
  kind: "command",
  run,
  json: null,
  sub: "",
  env: {},
  downloads: false,
  partial: false,
  ...more,
});

test("the built-in pack's sets: each is found, or listed as missing with its hint", async () => {
  const imports = await builtinProtoImports();
  const result = await findProtoIncludes({ root: process.cwd(), imports });
  assert.ok(imports.sets.length >= 3);
  for (const set of imports.sets) {
    const found = result.dirs.find((d) => d.set === set.id);
    const missing = result.missing.find((m) => m.set === set.id);
    assert.ok(found || missing, `${set.id}: neither found nor missing`);
    if (found)
      assert.ok(
        existsSync(join(found.dir, set.marker.slice(found.strip.length))),
        `${set.id}: ${found.dir} lacks ${set.marker}`,
      );
    if (missing) assert.match(missing.hint, "CODEGEN_PROTO_PATH");
  }
  // The sets the reader needs for the fixtures are present on a machine that runs these tests.
  for (const id of ["google-protobuf", "google-api", "buf-validate"])
    assert.ok(
      result.dirs.some((d) => d.set === id),
      `${id} not found: ${JSON.stringify(result.missing)}`,
    );
  // Compiler folders come in the declared order (the compiler's own well-known types first).
  const order = result.dirs.map((d) => imports.sets.findIndex((s) => s.id === d.set));
  assert.equal(
    order,
    [...order].sort((a, b) => a - b),
  );
});

test("offline, without the Go modules: buf/validate is missing with the pack's hint; google/api comes from the reader's reduced copy, never for a compiler", async () => {
  const empty = scratch("proto-offline");
  await withEnv(
    {
      GOMODCACHE: join(empty, "mod"),
      HOME: empty,
      CODEGEN_CACHE_DIR: join(empty, "cache"),
      CODEGEN_PROTO_OFFLINE: "1",
    },
    async () => {
      const imports = await builtinProtoImports();
      const result = await findProtoIncludes({ imports, only: ["buf-validate", "google/api/annotations.proto"] });
      assert.ok(
        result.missing.some((m) => m.set === "buf-validate"),
        JSON.stringify(result),
      );
      assert.match(
        result.missing.find((m) => m.set === "buf-validate")?.hint ?? "",
        "go mod download github.com/bufbuild/protovalidate@",
      );
      const api = await new ProtoIncludeFinder({ imports }).resolve("google/api/annotations.proto");
      if (result.missing.some((m) => m.set === "google-api"))
        assert.equal([api?.include.source, api?.include.partial], ["protobufjs (reduced copy)", true]);
      const forCompiler = await findProtoIncludes({ imports, only: ["google-api"], forCompiler: true });
      assert.ok(forCompiler.dirs.every((d) => !d.partial));
    },
  );
});

test("a pack that declares no sets still reads well-known imports (the reader's own copies)", async () => {
  const dir = scratch("proto-no-sets");
  write(
    join(dir, "desc/proto/a.proto"),
    'syntax = "proto3";\npackage a;\nimport "google/protobuf/timestamp.proto";\nimport "google/protobuf/empty.proto";\nmessage R { google.protobuf.Timestamp at = 1; }\nservice S { rpc Do(R) returns (google.protobuf.Empty); }\n',
  );
  const ir = await readProto(["desc/proto/a.proto"], { root: dir });
  assert.equal(ir.services[0]?.methods[0]?.outputType.fullName, "google.protobuf.Empty");
  assert.equal((await findProtoIncludes({ root: dir })).dirs, []);
  const descriptor = await new ProtoIncludeFinder({ root: dir }).resolve("google/protobuf/descriptor.proto");
  assert.equal([descriptor?.include.set, descriptor?.include.partial], ["reader", true]);
});

test("sources: ${VAR} and * in a folder (highest version first), beside a program on PATH, an npm package", async () => {
  const dir = scratch("proto-sources");
  acmeFolder(join(dir, "mods/acme@v1.9.0"));
  acmeFolder(join(dir, "mods/acme@v1.10.0"));
  acmeFolder(join(dir, "tool/include"));
  write(join(dir, "tool/bin/acmec"), "#!/bin/sh\n", 0o755);
  await withEnv(
    {
      ACME_HOME: join(dir, "mods"),
      ACME_UNSET: undefined,
      PATH: `${join(dir, "tool/bin")}${delimiter}${process.env["PATH"] ?? ""}`,
    },
    async () => {
      const locate = async (source: ProtoImportSource) =>
        (await findProtoIncludes({ imports: { sets: [acme([source])] } })).dirs[0]?.dir;
      assert.is(
        await locate({ kind: "dir", path: "${ACME_HOME}/acme@v*", partial: false }),
        join(dir, "mods/acme@v1.10.0"),
      );
      assert.is(await locate({ kind: "dir", path: "${ACME_UNSET}/acme@v1.9.0", partial: false }), undefined);
      assert.is(
        await locate({ kind: "tool", program: "acmec", sub: "../include", partial: false }),
        join(dir, "tool/include"),
      );
      // protobufjs ships google/protobuf/*.proto at its root: an npm source with a marker of that set.
      const wkt: ProtoImportSet = {
        id: "wkt",
        title: "well-known",
        prefix: "google/protobuf/",
        strip: "",
        marker: "google/protobuf/descriptor.proto",
        hint: "",
        sources: [{ kind: "npm", package: "protobufjs", sub: "", partial: true }],
      };
      const found = await findProtoIncludes({ imports: { sets: [wkt] } });
      assert.equal([found.dirs[0]?.source, found.dirs[0]?.partial], ["npm protobufjs", true]);
      assert.equal(
        (await findProtoIncludes({ imports: { sets: [wkt] }, forCompiler: true })).missing.map((m) => m.set),
        ["wkt"],
      );
    },
  );
});

test("a command source: its JSON names the folder; commands that download never run offline; answers are remembered", async () => {
  const dir = scratch("proto-command");
  const folder = acmeFolder(join(dir, "module"));
  const bin = join(dir, "bin");
  const tool = fakeTool(bin, "where-acme", JSON.stringify({ Dir: dirname(folder), Other: 1 }));
  await withEnv(
    {
      CODEGEN_CACHE_DIR: join(dir, "cache"),
      CODEGEN_PROTO_OFFLINE: undefined,
      PATH: `${bin}${delimiter}${process.env["PATH"] ?? ""}`,
    },
    async () => {
      const source = command(["where-acme", "--json"], { json: "Dir", sub: "module", downloads: true });
      const find = (offline: boolean) =>
        findProtoIncludes({ imports: { sets: [acme([source])], run: cachedCommandOutput, offline } });
      assert.equal(
        (await find(true)).missing.map((m) => [m.set, m.hint]),
        [["acme", "install acme, or add a folder holding it to CODEGEN_PROTO_PATH"]],
      );
      assert.is(tool.runs(), 0, "offline: a downloading command does not run");
      assert.equal(
        (await find(false)).dirs.map((d) => [d.dir, d.source]),
        [[folder, "where-acme --json"]],
      );
      assert.is(tool.runs(), 1);
      assert.equal(
        (await find(false)).dirs.map((d) => d.dir),
        [folder],
      );
      assert.is(tool.runs(), 1, "a second lookup reads the remembered answer");
      // The remembered folder has gone: the command is asked again.
      rmSync(folder, { recursive: true });
      assert.equal(
        (await find(false)).missing.map((m) => m.set),
        ["acme"],
      );
      assert.is(tool.runs(), 2);
      // Without a runner (nothing may run) command sources are skipped.
      acmeFolder(folder);
      assert.equal(
        (await findProtoIncludes({ imports: { sets: [acme([source])] } })).missing.map((m) => m.set),
        ["acme"],
      );
      assert.is(tool.runs(), 2);
    },
  );
});

test("CODEGEN_PROTO_PATH / extra folders come first", async () => {
  const dir = scratch("proto-extra");
  try {
    mkdirSync(join(dir, "buf/validate"), { recursive: true });
    writeFileSync(join(dir, "buf/validate/validate.proto"), 'syntax = "proto2";\npackage buf.validate;\n');
    const imports = await builtinProtoImports();
    const finder = new ProtoIncludeFinder({ extra: [dir], imports });
    assert.is((await finder.resolve("buf/validate/validate.proto"))?.file, join(dir, "buf/validate/validate.proto"));
    assert.is(await finder.resolve("not/known.proto"), null);
    const result = await findProtoIncludes({ extra: [dir], imports, only: ["buf-validate"] });
    assert.equal(
      result.dirs.map((d) => [d.dir, d.set]),
      [[dir, "extra"]],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test("path templates: variables, patterns, verbs, errors", () => {
  assert.equal(parseTemplate("/v1/users/{id}"), {
    colonPath: "/v1/users/:id",
    pathParams: ["id"],
    pathPatterns: {},
    verb: "",
  });
  assert.equal(parseTemplate("/v1/{name=shelves/*/books/*}:cancel"), {
    colonPath: "/v1/:name:cancel",
    pathParams: ["name"],
    pathPatterns: { name: "shelves/*/books/*" },
    verb: "cancel",
  });
  assert.equal(parseTemplate("/v1/{user.id}/x/{item}").pathParams, ["user.id", "item"]);
  for (const bad of ["v1/x", "/a/{id", "/a/id}", "/a/{1x}", "/a/{id=}", "/a/{id}/{id}", "/a/b:"]) {
    assert.throws(() => parseTemplate(bad), undefined, bad);
  }
});

test("names: json names", () => {
  assert.is(jsonNameOf("page_size"), "pageSize");
  assert.is(jsonNameOf("goVersion"), "goVersion");
  assert.is(jsonNameOf("a__b_"), "aB");
});

test("outline: positions of declarations, options and option keys", () => {
  const src = [
    'syntax = "proto3";',
    "package demo.v1;",
    'import public "a/b.proto";',
    "message Outer {",
    "  message Inner { int32 x = 1; }",
    "  map<string, Inner> items = 1 [(x.y).z = 1];",
    "  oneof kind { string a = 2; }",
    "}",
    "service S {",
    '  rpc Do(stream Outer) returns (Outer) { option (h) = { get: "/x" additional_bindings { post: "/y" } }; };',
    "}",
  ].join("\n");
  const o = scanProto(src);
  assert.equal(
    [o.package, o.syntax, o.imports[0]?.public, o.imports[0]?.pathPos],
    ["demo.v1", "proto3", true, { line: 3, column: 15 }],
  );
  const byName = Object.fromEntries(o.decls.map((d) => [d.fullName, d]));
  assert.equal(byName["demo.v1.Outer.Inner"]?.pos, { line: 5, column: 11 });
  assert.equal(
    [byName["demo.v1.Outer.items"]?.keyType?.name, byName["demo.v1.Outer.items"]?.type?.name],
    ["string", "Inner"],
  );
  assert.equal(byName["demo.v1.Outer.a"]?.oneof, "kind");
  const rpc = byName["demo.v1.S.Do"];
  assert.equal([rpc?.input?.stream, rpc?.output?.stream, rpc?.pos], [true, false, { line: 10, column: 7 }]);
  const opt = rpc?.options[0];
  assert.equal(
    opt?.parts.map((p) => [p.name, p.extension]),
    [["h", true]],
  );
  assert.ok(opt?.value.kind === "message");
  if (opt?.value.kind === "message") {
    assert.equal(
      opt.value.entries.map((e) => [e.key, e.pos.column]),
      [
        ["get", 57],
        ["additional_bindings", 67],
      ],
    );
  }
  const fieldOpt = byName["demo.v1.Outer.items"]?.options[0];
  assert.equal(
    fieldOpt?.parts.map((p) => p.name),
    ["x.y", "z"],
  );
});

test.run();

/**
 * The go-zero pack's checks over IR the readers give: model names over many tables (each clash
 * reported once, at the later table, naming the first earlier table it clashes with and the
 * first name they share), and middleware names of the codegen.api proto options (each bad one
 * at the value of the option naming it, in the user's .proto file).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runChecks } from "../../engine/checks/index.js";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { formatDiagnostic } from "../../engine/diagnostics/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { bindFunctions } from "../../engine/plan/index.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("go-zero pack checks");

test("SQL_NAME_CLASH over a dozen tables", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const names = ["user", "orders", "user_model", "Order", "order", "users", "db", "d_b", "query", "query_row", "userModel", "x"];
  const ir = { sql: { tables: names.map((name, i) => ({ name, pos: { file: "desc/sql/s.sql", line: i + 1, column: 1 } })) } };
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
    cpSync(join(repoRoot, "template-packs/go-zero/static/proto/codegen"), join(dir, "desc/proto/codegen"), { recursive: true });
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

test.run();

/**
 * Attack class: descriptor text becomes code. Docs, comments, defaults, tags, names and enum
 * values of an .api and a SQL schema carry newline, quote, backquote, `*\/`, backslash and NUL
 * around a Go statement; the generated service must pass gofmt, go vet and go build, hold no
 * injected statement (checked on the Go syntax tree, not by grep), keep every payload as text,
 * and start without running any of it.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { checkGoProject, freePort, run, startService } from "../support/go.js";
import { fixtures, scratch } from "../support/paths.js";
import {
  apiFields,
  badMiddlewareProto,
  controlNames,
  hostileApi,
  hostileProto,
  hostileSql,
  rawControl,
  sqlFields,
} from "./descriptor-text.payloads.js";

const test = suite("attack: descriptor text");
const astcheckSrc = join(fixtures, "attacks/descriptor-text/astcheck");

/** Every .go file's text under dir, joined (comments and literals included). */
function goText(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".go"))
    .map((e) => readFileSync(join(e.parentPath, e.name), "utf8"))
    .join("\n");
}

/** Uses of `println` in the Go syntax of the project (a payload that became code). */
function injected(dir: string): string[] {
  const bin = join(scratch("astcheck"), "astcheck");
  run("go", ["build", "-o", bin, "."], astcheckSrc);
  return run(bin, [dir, "println"], dir)
    .split("\n")
    .filter((l) => l.trim() !== "");
}

test("hostile .api and SQL text stays text: the service builds, holds no injected call, and starts clean", async () => {
  const dir = writeTree(scratch("hostile-text"), {
    ".codegen.yaml": "name: hostile\nmodule: example.com/hostile\nframe: api\n",
    "desc/api/hostile.api": hostileApi,
    "desc/sql/hostile.sql": hostileSql,
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
  assert.is(r.code, 0, r.stderr);
  checkGoProject(dir);
  assert.equal(injected(dir), []);
  const text = goText(dir);
  for (const field of [...apiFields, ...sqlFields].filter((f) => !f.startsWith("info."))) {
    assert.ok(text.includes(`PWNED ${field}`), `the text of ${field} is kept (as a comment or string)`);
  }
  const port = await freePort();
  const db = join(scratch("hostile-db"), "h.db");
  writeTree(dir, {
    "etc/test.yaml": `Name: hostile\nHost: 127.0.0.1\nPort: ${port}\nLog:\n  Mode: console\n  Level: error\nDatabase:\n  Driver: sqlite\n  DataSource: "file:${db}"\n`,
  });
  const svc = await startService(dir, "etc/test.yaml", port);
  try {
    const res = await fetch(`${svc.url}/notes`);
    assert.is(res.status, 200);
  } finally {
    await svc.stop();
  }
  assert.not.match(svc.output(), /PWNED/);
});

test("the reported payloads (a SQL DEFAULT and an @doc ending a line and opening a statement) stay comments", () => {
  const dir = writeTree(scratch("reported-text"), {
    ".codegen.yaml": "name: reported\nmodule: example.com/reported\nframe: api\n",
    "desc/api/notes.api":
      'syntax = "v1"\n\ntype Reply {\n\tName string `json:"name"`\n}\n\nservice notes {\n\t@doc "x\\nfunc init(){println(\\"X\\")}\\n//"\n\t@handler ping\n\tget /ping returns (Reply)\n}\n',
    "desc/sql/users.sql":
      "CREATE TABLE `users` (\n  `id` bigint NOT NULL AUTO_INCREMENT,\n  `name` varchar(20) NOT NULL DEFAULT 'a\nprintln(\"X\")\n//',\n  PRIMARY KEY (`id`)\n);\n",
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
  assert.is(r.code, 0, r.stderr);
  assert.equal(injected(dir), []);
  checkGoProject(dir);
});

test("hostile .proto text stays text: the gateway builds and holds no injected call", () => {
  const dir = writeTree(scratch("hostile-proto"), {
    ".codegen.yaml": "name: hostile\nmodule: example.com/hostile\nframe: gateway\n",
    "desc/proto/hostile/v1/hostile.proto": hostileProto,
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
  assert.is(r.code, 0, r.stderr);
  assert.equal(injected(dir), []);
  checkGoProject(dir);
});

test("a third-party file's go_package reaches the Go imports as a quoted string, not as code", () => {
  const include = writeTree(scratch("hostile-include"), {
    "acme/money.proto":
      'syntax = "proto3";\npackage acme;\noption go_package = "example.com/acme\\"\\n_ \\"evil/pkg";\nmessage Money { int64 cents = 1; }\n',
  });
  const dir = writeTree(scratch("hostile-go-package"), {
    ".codegen.yaml": "name: shop\nmodule: example.com/shop\nframe: rpc\n",
    "desc/proto/shop.proto":
      'syntax = "proto3";\npackage shop;\noption go_package = "./pb/shop";\nimport "acme/money.proto";\nservice Shop { rpc Price(acme.Money) returns (acme.Money); }\n',
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache"), CODEGEN_PROTO_PATH: include });
  assert.is(r.code, 0, r.stderr);
  const server = readFileSync(join(dir, "internal/server/shop/shopserver.go"), "utf8");
  assert.match(server, /^\t(?:\S+ )?"example\.com\/acme\\" _ \\"evil\/pkg"$/m);
  assert.not.match(goText(join(dir, "internal")), /^\s*_ "evil\/pkg"/m);
});

test("a proto middleware name that is not an identifier is refused at its option, nothing written", () => {
  const dir = writeTree(scratch("hostile-middleware"), {
    ".codegen.yaml": "name: hostile\nmodule: example.com/hostile\nframe: rpc\n",
    "desc/proto/hostile/v1/hostile.proto": badMiddlewareProto,
    "desc/proto/codegen/api/zrpc.proto": readFileSync(
      join(fixtures, "proto/project/desc/proto/codegen/api/zrpc.proto"),
      "utf8",
    ),
  });
  const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /desc\/proto\/hostile\/v1\/hostile\.proto:10:\d+: PROTO_MIDDLEWARE_NAME middleware "auth\\"}; func init/,
  );
  assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
});

for (const [sql, what] of controlNames) {
  test(`a SQL ${what} with a control character is refused at its table, nothing written`, () => {
    const dir = writeTree(scratch("control-name"), {
      ".codegen.yaml": "name: hostile\nmodule: example.com/hostile\nframe: api\n",
      "desc/sql/schema.sql": sql,
    });
    const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`desc/sql/schema\\.sql:1:\\d+: SQL_NAME_CONTROL ${what}`));
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
  });
}

for (const [path, text, code] of rawControl) {
  test(`a raw control character in ${path} is refused at its position, nothing written`, () => {
    const frame = path.endsWith(".api") ? "api" : "rpc";
    const dir = writeTree(scratch("raw-control"), {
      ".codegen.yaml": `name: hostile\nmodule: example.com/hostile\nframe: ${frame}\n`,
      [path]: text,
    });
    const r = codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("cache") });
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, `${path}:3:5: ${code} control character`);
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
  });
}

test.run();

/**
 * Plugins end to end: a host api project, a plugin with its own module (pay) and one in the
 * host's module (admin, with a JWT group); `serverless build` makes one binary serve all three,
 * `serverless delete` unloads them again, and the plugins' folders and the user's edits stay.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { checkGoProject, freePort, run, startService, type Service } from "../support/go.js";
import { signJwt } from "../support/jwt.js";
import { scratch } from "../support/paths.js";

const test = suite("plugins: new --serverless, serverless build and delete");
const work = scratch("e2e-serverless");
const host = join(work, "host");
const payLogic = join(host, "plugins/pay/internal/logic/pinglogic.go");
let config = "";
let service: Service | null = null;

const adminApi = `
@server (
	prefix: /api/v1/admin
	jwt:    Auth
)
service admin {
	@doc "Needs a token"
	@handler secret
	get /secret returns (PingResponse)
}
`;

async function serve(): Promise<Service> {
  await service?.stop();
  service = await startService(
    host,
    config,
    Number(/Port: (\d+)/.exec(readFileSync(join(host, config), "utf8"))?.[1]),
    "/api/v1/ping",
  );
  return service;
}

async function status(path: string, token?: string): Promise<number> {
  const r = await fetch(service!.url + path, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  await r.arrayBuffer();
  return r.status;
}

test.before(async () => {
  codegenOk(["new", "host", "--module", "example.com/host"], work);
  const port = await freePort();
  config = "etc/test.yaml";
  writeFileSync(
    join(host, config),
    readFileSync(join(host, "etc/etc.yaml"), "utf8").replace("Port: 8001", `Port: ${port}`),
  );
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("new --serverless refuses outside a host, and for a frame plugins do not have", () => {
  const outside = codegen(["new", "lonely", "--serverless"], work);
  assert.is(outside.code, 1);
  assert.match(outside.stderr, /SERVERLESS_NO_HOST/);
  assert.not.ok(existsSync(join(work, "lonely")));
  const rpc = codegen(["new", "grpcplug", "--serverless", "--frame", "rpc"], host);
  assert.is(rpc.code, 1);
  assert.match(rpc.stderr, /PLUGIN_FRAME .*frame rpc/);
  assert.not.ok(existsSync(join(host, "plugins/grpcplug")));
});

test("new --serverless creates plugins as projects of their own; gen in the host leaves them alone", () => {
  const before = snapshot(host);
  codegenOk(["new", "pay", "--serverless"], host);
  codegenOk(["new", "admin", "--serverless", "--mono"], host);
  assert.match(readFileSync(join(host, "plugins/pay/go.mod"), "utf8"), /^module example\.com\/host\/plugins\/pay$/m);
  assert.not.ok(existsSync(join(host, "plugins/admin/go.mod")), "a mono plugin uses the host's module");
  assert.match(
    readFileSync(join(host, "plugins/admin/.codegen.yaml"), "utf8"),
    /serverless:\n {2}plugin: true\n {2}mono: true/,
  );
  // The host itself did not change.
  const outside = Object.keys(snapshot(host)).filter((f) => !f.startsWith("plugins/"));
  assert.equal(outside.sort(), Object.keys(before).sort());

  writeFileSync(
    join(host, "plugins/admin/desc/api/admin.api"),
    readFileSync(join(host, "plugins/admin/desc/api/admin.api"), "utf8") + adminApi,
  );
  codegenOk(["gen"], join(host, "plugins/admin"));
  writeFileSync(payLogic, readFileSync(payLogic, "utf8").replace(/Message: "[^"]*"/, 'Message: "pay: edited by hand"'));
  assert.match(readFileSync(payLogic, "utf8"), /edited by hand/);

  const plugins = snapshot(join(host, "plugins"));
  assert.match(codegenOk(["gen"], host).stdout, /wrote 0 files/);
  assert.equal(snapshot(join(host, "plugins")), plugins, "gen in the host wrote nothing inside plugins/");
});

test("serverless build: one binary serves the host's and both plugins' routes", async () => {
  const out = codegenOk(["serverless", "build"], host);
  assert.match(out.stdout, /loaded 2 plugins: admin, pay/);
  assert.match(readFileSync(join(host, ".codegen.yaml"), "utf8"), /serverless:\n {2}plugins: \[ admin, pay \]/);
  assert.match(
    readFileSync(join(host, "go.mod"), "utf8"),
    /replace example\.com\/host\/plugins\/pay => \.\/plugins\/pay/,
  );
  checkGoProject(host);
  await serve();
  assert.is(await status("/api/v1/ping"), 200);
  assert.is(await status("/api/v1/admin/ping"), 200);
  const pay = await fetch(service!.url + "/api/v1/pay/ping");
  assert.is(pay.status, 200);
  assert.match(await pay.text(), /pay: edited by hand/);
  assert.is(await status("/api/v1/admin/secret"), 401, "the JWT group refuses a request without a token");
  const secret = /AccessSecret: (\S+)/.exec(readFileSync(join(host, "plugins/admin/etc/etc.yaml"), "utf8"))?.[1] ?? "";
  assert.is(
    await status("/api/v1/admin/secret", signJwt({ sub: "u1" }, secret)),
    200,
    "the plugin's own secret signs its tokens",
  );
  const doc = (await (await fetch(service!.url + "/swagger/host.swagger.json")).json()) as {
    paths: Record<string, unknown>;
  };
  for (const p of ["/api/v1/ping", "/api/v1/pay/ping", "/api/v1/admin/secret"])
    assert.ok(p in doc.paths, `/swagger lists ${p}`);
});

test("serverless build twice changes nothing", () => {
  const before = snapshot(host);
  codegenOk(["serverless", "build"], host);
  assert.equal(snapshot(host), before);
});

test("serverless delete --plugin admin: the host builds, admin answers 404, pay still 200", async () => {
  const unknown = codegen(["serverless", "delete", "--plugin", "nope"], host);
  assert.is(unknown.code, 1);
  assert.match(unknown.stderr, /PLUGIN_NOT_FOUND no plugin "nope" in plugins\/ \(plugins: admin, pay\)/);
  codegenOk(["serverless", "delete", "--plugin", "admin"], host);
  run("go", ["vet", "./..."], host);
  await serve();
  assert.is(await status("/api/v1/admin/ping"), 404);
  assert.is(await status("/api/v1/pay/ping"), 200);
  assert.is(await status("/api/v1/ping"), 200);
});

test("serverless delete: only the host's routes remain; plugin folders and edits stay", async () => {
  codegenOk(["serverless", "delete"], host);
  assert.not.match(readFileSync(join(host, ".codegen.yaml"), "utf8"), /serverless/);
  assert.not.match(readFileSync(join(host, "go.mod"), "utf8"), /plugins\/pay/);
  assert.not.ok(existsSync(join(host, "internal/plugins")), "the registration file is gone");
  checkGoProject(host);
  await serve();
  assert.is(await status("/api/v1/ping"), 200);
  assert.is(await status("/api/v1/pay/ping"), 404);
  assert.match(readFileSync(payLogic, "utf8"), /edited by hand/);
  assert.ok(existsSync(join(host, "plugins/admin/internal/logic/secretlogic.go")));
});

test.run();

/**
 * The api frame end to end: create a project, generate from a descriptor set that uses every
 * feature, add user code, regenerate, build with the Go toolchain, start it and send requests.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, writeFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { changedFiles, copyInto, snapshot } from "../support/files.js";
import { checkGoProject, freePort, startService, type Service } from "../support/go.js";
import { signJwt } from "../support/jwt.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("api service (generate, build, run)");
const work = scratch("e2e-api");
const dir = join(work, "shop");
let service: Service;
let snapshotAfterEdits: Record<string, string>;

test.before(async () => {
  codegenOk(["new", "shop", "--frame", "api", "--module", "example.com/shop"], work);
  // Replace the sample descriptor with the fixture, as a user would; the sample's logic file
  // is user code, so gen keeps it and the user deletes it.
  rmSync(join(dir, "desc/api"), { recursive: true });
  rmSync(join(dir, "internal/logic/hellologic.go"));
  copyInto(join(fixtures, "e2e/shop/desc"), join(dir, "desc"));
  codegenOk(["gen"], dir);
  // The user edits logic, a middleware and a kept handler.
  copyInto(join(fixtures, "e2e/shop/overlay"), dir);
  const port = await freePort();
  writeFileSync(
    join(dir, "etc/test.yaml"),
    readFileSync(join(dir, "etc/etc.yaml"), "utf8").replace("Port: 8001", `Port: ${port}`),
  );
  snapshotAfterEdits = snapshot(dir);
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("gen after user edits keeps them and writes nothing", () => {
  const out = codegenOk(["gen"], dir).stdout;
  assert.match(out, /wrote 0 files: 0 created, 0 updated/);
  assert.equal(changedFiles(snapshotAfterEdits, snapshot(dir)), [], "no file changed, appeared or vanished");
});

test("the layout follows the descriptors", () => {
  for (const f of [
    "internal/handler/admin/tools/whoamihandler.go",
    "internal/logic/admin/tools/whoamilogic.go",
    "internal/handler/compact/compact.go",
    "internal/types/types.go",
    "internal/types/user/types.go",
    "internal/middleware/tracemiddleware.go",
    "desc/swagger/shop.swagger.json",
  ])
    assert.ok(existsSync(join(dir, f)), f);
  assert.not.ok(
    existsSync(join(dir, "internal/handler/compact/listallhandler.go")),
    "compact groups have one handler file",
  );
  assert.match(readFileSync(join(dir, "internal/handler/admin/tools/whoamihandler.go"), "utf8"), /^package tools$/m);
  assert.match(readFileSync(join(dir, "internal/types/user/types.go"), "utf8"), /type CreateItemRequest struct/);
});

test("the project passes gofmt, go vet and go build", async () => {
  checkGoProject(dir);
  service = await startService(
    dir,
    "etc/test.yaml",
    Number(/Port: (\d+)/.exec(readFileSync(join(dir, "etc/test.yaml"), "utf8"))![1]),
  );
});

const get = async (path: string, init?: RequestInit) => {
  const r = await fetch(service.url + path, init);
  return { status: r.status, headers: r.headers, text: await r.text() };
};
const post = (path: string, body: unknown) =>
  get(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

test("GET with form fields: required, optional and default", async () => {
  const ok = await get("/api/v1/items?name=lamp");
  assert.is(ok.status, 200, ok.text);
  assert.equal(JSON.parse(ok.text), { name: "lamp", page: 0, limit: 10 });
  const paged = await get("/api/v1/items?name=lamp&page=3&limit=5");
  assert.equal(JSON.parse(paged.text), { name: "lamp", page: 3, limit: 5 });
  const missing = await get("/api/v1/items");
  assert.is(missing.status, 400);
  assert.match(missing.text, /name/);
});

test("error answers are JSON with a code and a message", async () => {
  const missing = await get("/api/v1/items");
  assert.is(missing.status, 400);
  assert.match(missing.headers.get("content-type") ?? "", /^application\/json/);
  assert.equal(JSON.parse(missing.text), { code: 400, message: 'field "name" failed validation "required"' });
  const short = await post("/api/v1/items", { title: "ab", email: "a@b.co" });
  assert.equal(JSON.parse(short.text), { code: 400, message: 'field "title" failed validation "min=3"' });
});

test("generated logic that nobody edited answers an empty response, not null", async () => {
  const r = await get("/stub");
  assert.is(r.status, 200, r.text);
  assert.equal(JSON.parse(r.text), { id: 0, title: "", meta: { verbose: false } });
});

const bin = () => join(dir, "bin", "service");
const configPort = () => Number(/Port: (\d+)/.exec(readFileSync(join(dir, "etc/test.yaml"), "utf8"))![1]);

test("server --port N answers on N, and PORT moves it when --port is not given", async () => {
  for (const opts of [{ args: ["--port", String(await freePort())] }, { env: { PORT: String(await freePort()) } }]) {
    const port = Number(opts.args?.[1] ?? opts.env?.PORT);
    assert.is.not(port, configPort());
    const other = await startService(dir, "etc/test.yaml", port, "/ping", opts);
    try {
      const r = await fetch(`${other.url}/ping`);
      assert.is(r.status, 200, JSON.stringify(opts));
    } finally {
      await other.stop();
    }
  }
});

test("a port in use is a one-line error and exit 1", () => {
  // The service started above holds the config file's port.
  const r = spawnSync(bin(), ["server", "-f", "etc/test.yaml"], {
    cwd: dir,
    encoding: "utf8",
    timeout: 30_000,
    env: { ...process.env, PORT: "" },
  });
  assert.is(r.status, 1, r.stdout + r.stderr);
  const lines = (r.stdout + r.stderr).trim().split("\n");
  assert.is(lines.length, 1, r.stdout + r.stderr);
  assert.match(lines[0]!, new RegExp(`:${configPort()}.*address already in use.*--port`));
});

test("POST binds the JSON body and enforces validate tags", async () => {
  const ok = await post("/api/v1/items", { title: "desk", email: "a@b.co" });
  assert.is(ok.status, 200, ok.text);
  assert.equal(JSON.parse(ok.text), { id: 42, title: "desk", meta: { verbose: false } });
  const short = await post("/api/v1/items", { title: "ab", email: "a@b.co" });
  assert.is(short.status, 400);
  assert.match((JSON.parse(short.text) as { message: string }).message, /"title" failed validation "min=3"/);
  const email = await post("/api/v1/items", { title: "desk", email: "nope" });
  assert.is(email.status, 400);
  assert.match((JSON.parse(email.text) as { message: string }).message, /"email"/);
});

test("a body that does not say it is JSON is 415 naming the Content-Type it needs, as in the gateway frame", async () => {
  const body = JSON.stringify({ title: "desk", email: "a@b.co" });
  for (const type of ["application/x-www-form-urlencoded", "text/plain;charset=UTF-8"]) {
    const r = await get("/api/v1/items", { method: "POST", headers: { "content-type": type }, body });
    assert.is(r.status, 415, `${type}: ${r.text}`);
    assert.equal(JSON.parse(r.text), {
      code: 415,
      message: "a request body must be JSON, sent with Content-Type: application/json",
    });
  }
  const bare = await get("/api/v1/items", { method: "POST", body: new Blob([body]) });
  assert.is(bare.status, 415, bare.text);
  // a form-only request still reads its query
  assert.is((await get("/api/v1/items?name=lamp")).status, 200);
});

test("path fields come from /:id segments (through an embedded type)", async () => {
  const r = await get("/api/v1/items/7?verbose=true");
  assert.is(r.status, 200, r.text);
  assert.equal(JSON.parse(r.text), { id: 7, title: "item", meta: { verbose: true } });
  assert.is((await get("/api/v1/items/notanumber")).status, 400);
});

test("jwt groups reject missing and bad tokens and accept a signed one", async () => {
  const secret = /Auth:\n\s+AccessSecret: (\S+)/.exec(readFileSync(join(dir, "etc/test.yaml"), "utf8"))![1]!;
  assert.is((await get("/api/v1/admin/whoami")).status, 401);
  const bad = signJwt({ uid: "u1" }, "not-the-secret");
  assert.is((await get("/api/v1/admin/whoami", { headers: { authorization: `Bearer ${bad}` } })).status, 401);
  const good = await get("/api/v1/admin/whoami", {
    headers: { authorization: `Bearer ${signJwt({ uid: "u1" }, secret)}` },
  });
  assert.is(good.status, 200, good.text);
  assert.equal(JSON.parse(good.text), { uid: "u1" });
  assert.is((await get("/ping")).status, 200, "groups without jwt stay open");
});

test("middleware runs on its group only", async () => {
  const traced = await get("/api/v1/echo?name=z");
  assert.is(traced.status, 200, traced.text);
  assert.is(traced.headers.get("x-trace"), "on");
  assert.is((await get("/ping")).headers.get("x-trace"), null);
});

test("compact, rewrite_handler: false and go_package routes answer", async () => {
  assert.equal(JSON.parse((await get("/api/v2/all")).text), [
    { id: 1, title: "a", meta: { verbose: false } },
    { id: 2, title: "b", meta: { verbose: false } },
  ]);
  assert.equal(JSON.parse((await get("/api/v2/count")).text), { total: 2 });
  const kept = await get("/api/v3/keep");
  assert.is(kept.headers.get("x-kept"), "yes", "the edited handler is the one running");
  const user = await post("/api/v1/users", { name: "ann" });
  assert.is(user.status, 200, user.text);
  assert.equal(JSON.parse(user.text), { name: "user:ann" });
});

test("/swagger serves the UI from the binary and lists every route", async () => {
  const page = await get("/swagger");
  assert.is(page.status, 200);
  assert.match(page.text, /swagger-ui/i);
  const assets = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  assert.ok(assets.length > 0);
  for (const a of assets) {
    assert.not.match(a, /^(https?:)?\/\//, `asset ${a} must not come from a CDN`);
    const url = a.startsWith("/") ? a : `/swagger/${a.replace(/^\.\//, "")}`;
    assert.is((await get(url)).status, 200, url);
  }
  const doc = JSON.parse((await get("/swagger/shop.swagger.json")).text) as {
    paths: Record<string, Record<string, unknown>>;
  };
  const ops = Object.entries(doc.paths)
    .flatMap(([p, m]) => Object.keys(m).map((k) => `${k} ${p}`))
    .sort();
  assert.equal(ops, [
    "get /api/v1/admin/whoami",
    "get /api/v1/echo",
    "get /api/v1/items",
    "get /api/v1/items/{id}",
    "get /api/v2/all",
    "get /api/v2/count",
    "get /api/v3/keep",
    "get /ping",
    "get /stub",
    "post /api/v1/items",
    "post /api/v1/users",
  ]);
});

test("the OpenAPI document keeps defaults, int64 and the info the .api gives", async () => {
  interface Param {
    name: string;
    required: boolean;
    schema: Record<string, unknown>;
  }
  const doc = JSON.parse((await get("/swagger/shop.swagger.json")).text) as {
    info: Record<string, string>;
    paths: Record<string, Record<string, { parameters?: Param[] }>>;
  };
  assert.is(doc.info["title"], "shop");
  assert.is(doc.info["description"], "end-to-end fixture: every api feature the tests send requests to");
  const params = doc.paths["/api/v1/items"]!["get"]!.parameters!;
  const limit = params.find((p) => p.name === "limit")!;
  assert.is(limit.required, false, "a field with a default may be left out");
  assert.equal(limit.schema, { type: "integer", format: "int64", default: 10 });
  assert.equal(params.find((p) => p.name === "name")!.required, true);
});

test("requests under /swagger cannot leave the embedded folder", async () => {
  for (const p of [
    "/swagger/..%2f..%2fetc%2fetc.yaml",
    "/swagger/../etc/etc.yaml",
    "/swagger/%2e%2e/go.mod",
    "/swagger/embed.go",
  ]) {
    const r = await get(p);
    assert.not.match(r.text, /AccessSecret|module example/, p);
    assert.ok(r.status === 404 || r.status === 400 || r.status === 301, `${p} gave ${r.status}`);
  }
});

test.run();

/** The README's main job: `codegen new demo` gives a service that builds and answers at once. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { checkGoProject, freePort, startService, type Service } from "../support/go.js";
import { scratch } from "../support/paths.js";

const test = suite("codegen new (api frame)");
const work = scratch("new");
const dir = join(work, "demo");
let service: Service | undefined;

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

test("new creates a project whose second gen writes nothing", () => {
  const out = codegenOk(["new", "demo"], work).stdout;
  assert.match(
    out,
    /created demo \(frame api, module demo\)\nnext:\n  cd demo && go mod tidy && go run main.go server\n/,
  );
  assert.match(readFileSync(join(dir, ".codegen.yaml"), "utf8"), /frame: api/);
  assert.match(codegenOk(["gen"], dir).stdout, /wrote 0 files/);
});

test("--output chooses the folder and --module the module path", () => {
  const r = codegenOk(["new", "other", "--output", "services/other-svc", "--module", "example.com/team/other"], work);
  assert.match(r.stdout, /created services\/other-svc \(frame api, module example\.com\/team\/other\)/);
  assert.match(readFileSync(join(work, "services/other-svc/go.mod"), "utf8"), /^module example\.com\/team\/other$/m);
  assert.match(readFileSync(join(work, "services/other-svc/.codegen.yaml"), "utf8"), /^name: other$/m);
  rmSync(join(work, "services"), { recursive: true });
});

test("new refuses a folder that is not empty, and bad names", () => {
  const again = codegen(["new", "demo"], work);
  assert.is(again.code, 1);
  assert.match(again.stderr, /PROJECT_EXISTS demo already exists/);
  assert.is(codegen(["new", "../escape"], work).code, 2);
  const unnamed = codegen(["new"], work);
  assert.is(unnamed.code, 2, "without a terminal there is nobody to ask");
  assert.match(unnamed.stderr, /needs a project name/);
  assert.is(codegen(["new", "x", "--frame", "nope"], work).code, 2);
});

test("the sample service builds, runs on its defaults and answers", async () => {
  checkGoProject(dir);
  const etc = readFileSync(join(dir, "etc/etc.yaml"), "utf8");
  assert.match(etc, /Port: 8001/);
  const port = await freePort();
  writeFileSync(join(dir, "etc/test.yaml"), etc.replace("Port: 8001", `Port: ${port}`));
  service = await startService(dir, "etc/test.yaml", port);
  assert.equal(await (await fetch(`${service.url}/api/v1/ping`)).json(), { message: "pong" });
  assert.equal(await (await fetch(`${service.url}/api/v1/hello?name=Ann`)).json(), { greeting: "Hello, Ann!" });
  assert.is((await fetch(`${service.url}/api/v1/hello?name=A`)).status, 400);
  assert.is((await fetch(`${service.url}/swagger`)).status, 200);
});

test.run();

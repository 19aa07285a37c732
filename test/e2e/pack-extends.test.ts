/**
 * A team pack that extends the built-in one: one added rule and one replaced template, no engine
 * change, no --trust (the only steps are the built-in pack's). The result builds and its
 * generated tests run.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { checkGoProject, run } from "../support/go.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("a pack extending go-zero");
const work = scratch("team-pack");
const dir = join(work, "svc");
test.after(() => rmSync(work, { recursive: true, force: true }));

test("adds a file per route and replaces one template; the project builds and tests", () => {
  const r = codegen(["new", "svc", "--module", "example.com/svc", "--pack", join(fixtures, "packs/team")], work);
  assert.is(r.code, 0, r.stderr);
  assert.match(
    readFileSync(join(dir, "cmd/root.go"), "utf8"),
    /Team template: every service of ours starts the same way/,
  );
  assert.ok(existsSync(join(dir, "internal/handler/ping_test.go")));
  assert.ok(existsSync(join(dir, "internal/handler/hello_test.go")));
  assert.ok(existsSync(join(dir, "internal/handler/routes.go")), "inherited rules still run");
  assert.match(
    readFileSync(join(dir, ".codegen.yaml"), "utf8"),
    /^pack: \.\.\/.*packs\/team$/m,
    "the project remembers its pack",
  );
  assert.match(codegenOk(["gen"], dir).stdout, /wrote 0 files/);
  checkGoProject(dir);
  const out = run("go", ["test", "-v", "./internal/handler/..."], dir);
  assert.match(out, /--- PASS: TestPing/);
  assert.match(out, /GET \/api\/v1\/hello/);
});

test.run();

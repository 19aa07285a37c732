/**
 * The config key client.typescript.output: declared by the go-zero pack (its layer, its
 * environment variable), refused when it leads outside the project, and followed through the
 * ledger when it moves.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("typescript client config");
const cache = scratch("tsclient-cache");

function project(output: string | null): string {
  const dir = scratch("tsclient");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
  const client = output === null ? "" : `client:\n  typescript:\n    output: ${output}\n`;
  writeFileSync(join(dir, ".codegen.yaml"), `name: demo\nmodule: example.com/demo\nframe: api\n${client}`);
  return dir;
}

const gen = (dir: string, env: Record<string, string> = {}) =>
  codegen(["gen"], dir, { CODEGEN_CACHE_DIR: cache, ...env });

test("the key is the pack's: empty by default, shown with its layer, set from the environment too", () => {
  const dir = project(null);
  const config = codegen(["config"], dir, { CODEGEN_CACHE_DIR: cache });
  assert.is(config.code, 0, config.stderr);
  assert.match(config.stdout, /^client\.typescript\.output = ""\s+\(pack; env CODEGEN_CLIENT_TYPESCRIPT_OUTPUT\)$/m);
  const plain = gen(dir);
  assert.is(plain.code, 0, plain.stderr);
  assert.not.ok(
    readdirSync(dir, { recursive: true }).some((f) => String(f).endsWith(".ts")),
    "no client unless asked for",
  );
  const fromEnv = gen(dir, { CODEGEN_CLIENT_TYPESCRIPT_OUTPUT: "web/api" });
  assert.is(fromEnv.code, 0, fromEnv.stderr);
  assert.match(readFileSync(join(dir, "web/api/index.ts"), "utf8"), /getThing\(request: Req\): Promise<Resp>;/);
});

test("a folder outside the project is CONFIG_INVALID at the key, and nothing is written", () => {
  for (const output of ["../web", "/tmp/web", "web/../../x", "C:web"]) {
    const dir = project(JSON.stringify(output));
    const r = gen(dir);
    assert.is(r.code, 1, `${output}: ${r.stdout}${r.stderr}`);
    assert.match(
      r.stderr,
      /^\.codegen\.yaml:6:13: CONFIG_INVALID client\.typescript\.output must be a folder inside the project: a relative path without "\.\."/m,
      output,
    );
    assert.equal(Object.keys(snapshot(dir)).sort(), [".codegen.yaml", "desc/api/demo.api"], output);
  }
});

test("a folder that is a link leading outside the project is refused when writing", () => {
  const dir = project("web");
  const outside = scratch("tsclient-outside");
  symlinkSync(outside, join(dir, "web"));
  const r = gen(dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /web\/index\.ts/);
  assert.equal(readdirSync(outside), [], "nothing written through the link");
  assert.not.ok(existsSync(join(dir, "internal")), "nothing written at all");
});

test("moving the folder moves the file through the ledger", () => {
  const dir = project("web");
  assert.is(gen(dir).code, 0);
  assert.ok(existsSync(join(dir, "web/index.ts")));
  writeFileSync(
    join(dir, ".codegen.yaml"),
    readFileSync(join(dir, ".codegen.yaml"), "utf8").replace("output: web", "output: front/src/api"),
  );
  const moved = gen(dir);
  assert.is(moved.code, 0, moved.stderr);
  assert.match(moved.stdout, /1 created, 0 updated, \d+ unchanged, \d+ kept, 1 removed/);
  assert.ok(existsSync(join(dir, "front/src/api/index.ts")));
  assert.not.ok(existsSync(join(dir, "web/index.ts")));
});

test.run();

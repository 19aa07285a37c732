// A pack's `{{ 32 | secret }}`: filled with random bytes when a merge file's key is added or a
// once file is written, kept after; refused in a file the writer rewrites (a managed file).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { packAndProject, smallApi } from "../support/project.js";

const test = suite("the secret filter");

function packWith(mode: string): { dir: string; env: Record<string, string> } {
  // Real random values: test/run.js seeds them for the tests that compare two gens' trees.
  const made = packAndProject(
    "secrets",
    {
      "rules/files.yaml": `- name: settings\n  path: settings.yaml\n  template: settings.yaml.liquid\n  mode: ${mode}\n`,
      "templates/settings.yaml.liquid": "{% for r in ir.api.routes %}{{ r.handler }}: {{ 32 | secret }}\n{% endfor %}",
    },
    { "desc/api/demo.api": smallApi },
  );
  return { dir: made.dir, env: { ...made.env, CODEGEN_TEST_SECRET_SEED: "" } };
}

test("merge: each added key gets its own value; later gens keep them and add only new keys", () => {
  const { dir, env } = packWith("merge");
  const first = codegen(["gen"], dir, env);
  assert.is(first.code, 0, first.stderr);
  const written = readFileSync(join(dir, "settings.yaml"), "utf8");
  const values = [...written.matchAll(/: (\S+)/g)].map((m) => m[1]!);
  assert.is(values.length, 2);
  for (const v of values) assert.match(v, /^[A-Za-z0-9_-]{43}$/);
  assert.is.not(values[0], values[1]);
  assert.is(codegen(["gen", "--force"], dir, env).code, 0);
  assert.is(readFileSync(join(dir, "settings.yaml"), "utf8"), written, "kept");
  writeFileSync(
    join(dir, "desc/api/demo.api"),
    smallApi.replace("@handler listThings", "@handler listThings\n\tget /more returns (Resp)\n\n\t@handler moreThings"),
  );
  assert.is(codegen(["gen"], dir, env).code, 0);
  const after = readFileSync(join(dir, "settings.yaml"), "utf8");
  assert.ok(after.startsWith(written), after);
  assert.match(after.slice(written.length), /^\w+: [A-Za-z0-9_-]{43}\n$/);
});

test("once: values chosen when the file is written; later gens keep the file (they compare what the rule renders)", () => {
  const { dir, env } = packWith("once");
  assert.is(codegen(["gen"], dir, env).code, 0);
  const written = readFileSync(join(dir, "settings.yaml"), "utf8");
  const values = [...written.matchAll(/: (\S+)/g)].map((m) => m[1]!);
  assert.is(values.length, 2);
  for (const v of values) assert.match(v, /^[A-Za-z0-9_-]{43}$/);
  const again = codegen(["gen"], dir, env);
  assert.is(again.code, 0, again.stderr);
  assert.match(again.stdout, /0 created, 0 updated/);
  assert.is(readFileSync(join(dir, "settings.yaml"), "utf8"), written, "kept");
  assert.is(codegen(["gen", "--check"], dir, env).code, 0, "up to date");
});

test("managed: refused, nothing written", () => {
  const { dir, env } = packWith("managed");
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /PACK_RULE_INVALID rule "settings" renders a secret into settings\.yaml, a managed file; nothing was written/,
  );
  assert.not.ok(existsSync(join(dir, "settings.yaml")));
});

test.run();

/**
 * What `serverless` must never do: run a foreign pack's plugin commands without trust, follow
 * a plugin name from the config outside the plugins folder, or write its plugin list through a
 * config file that links out of the project.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("serverless guards");

/** A host api project on a folder pack that extends go-zero with one plugin command of its own. */
function hostWithTeamPack(): string {
  const dir = scratch("serverless-guards");
  mkdirSync(join(dir, "team-pack"));
  writeFileSync(
    join(dir, "team-pack/pack.yaml"),
    'name: team\nextends: go-zero\nplugins:\n  build:\n    - run: [touch, "{{ project.name }}.loaded"]\n      each: false\n',
  );
  mkdirSync(join(dir, "host"));
  writeFileSync(
    join(dir, "host/.codegen.yaml"),
    "name: host\nmodule: example.com/host\nframe: api\npack: ../team-pack\n",
  );
  return join(dir, "host");
}

test("a foreign pack's plugin commands need trust; the refusal lists them and nothing runs or changes", () => {
  const host = hostWithTeamPack();
  const before = snapshot(host);
  const r = codegen(["serverless", "build"], host, { XDG_CONFIG_HOME: join(host, "..", "no-user-config") });
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /COMMANDS_NOT_ALLOWED codegen serverless build would run commands you have not allowed for .*host; nothing was written:\n {2}plugin build \(pack \.\.\/team-pack\): touch \{\{ project\.name \}\}\.loaded/,
  );
  assert.equal(snapshot(host), before);
  assert.not.ok(existsSync(join(host, "host.loaded")));

  codegenOk(["serverless", "build", "--trust"], host, { XDG_CONFIG_HOME: join(host, "..", "no-user-config") });
  assert.ok(existsSync(join(host, "host.loaded")), "with --trust the command ran");
});

test("a plugin name in the config that would leave the plugins folder is refused before anything is read", () => {
  const dir = scratch("serverless-names");
  mkdirSync(join(dir, "outside"), { recursive: true });
  writeFileSync(join(dir, "outside/.codegen.yaml"), "name: outside\nmodule: x\nframe: api\n");
  mkdirSync(join(dir, "host/plugins"), { recursive: true });
  writeFileSync(
    join(dir, "host/.codegen.yaml"),
    'name: host\nmodule: example.com/host\nframe: api\nserverless:\n  plugins: ["../../outside"]\n',
  );
  const r = codegen(["gen"], join(dir, "host"));
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /CONFIG_INVALID serverless\.plugins holds "\.\.\/\.\.\/outside", which is not a plugin name/);
  assert.not.ok(existsSync(join(dir, "host/.codegen/ledger.json")), "nothing was written");
});

test("a host whose .codegen.yaml links out of the project is refused; the linked file and the host stay as they were", () => {
  const dir = scratch("serverless-link");
  const target = join(dir, "elsewhere.yaml");
  const text = "name: host\nmodule: example.com/host\nframe: api\n";
  writeFileSync(target, text);
  mkdirSync(join(dir, "host/plugins/p1"), { recursive: true });
  writeFileSync(
    join(dir, "host/plugins/p1/.codegen.yaml"),
    "name: p1\nmodule: example.com/p1\nframe: api\nserverless:\n  plugin: true\n",
  );
  symlinkSync(target, join(dir, "host/.codegen.yaml"));
  const before = snapshot(join(dir, "host"));
  const r = codegen(["serverless", "build"], join(dir, "host"));
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /UNSAFE_PATH .*host\/\.codegen\.yaml is a symbolic link; serverless writes the plugin list only into a config file of the project itself/,
  );
  assert.is(readFileSync(target, "utf8"), text, "the linked file is unchanged");
  assert.ok(lstatSync(join(dir, "host/.codegen.yaml")).isSymbolicLink());
  assert.equal(snapshot(join(dir, "host")), before);
});

test.run();

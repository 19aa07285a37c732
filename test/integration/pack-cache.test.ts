/**
 * A loaded pack is remembered between runs, and an edit to any of its files is seen by the next
 * gen: a rule's path, a new rule file, the manifest's marker.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, existsSync, readdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { smallApi } from "../support/project.js";
import { fixtures, scratch } from "../support/paths.js";
import { cachedPack, packKey } from "../../engine/packs/loaded-cache.js";
import { identifyAs, seedDir } from "../../engine/cache/index.js";

const test = suite("loaded pack cache");

test("edits to a pack's rules and manifest reach the next gen", () => {
  const pack = join(scratch("pack"), "mini");
  cpSync(join(fixtures, "packs", "mini"), pack, { recursive: true });
  // Files changed within two seconds of a load are not trusted; these are an hour old, so the pack is kept.
  const age = (f: string, seconds: number): void =>
    utimesSync(f, new Date(Date.now() - seconds * 1000), new Date(Date.now() - seconds * 1000));
  for (const e of readdirSync(pack, { recursive: true, withFileTypes: true }))
    if (e.isFile()) age(join(e.parentPath, e.name), 3600);
  const dir = writeTree(scratch("proj"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n`,
    "desc/api/demo.api": smallApi,
  });
  const env = { CODEGEN_CACHE_DIR: scratch("cache") };
  codegenOk(["gen"], dir, env);
  assert.ok(existsSync(join(dir, "routes.txt")));

  // The same size, another modification time (still old enough to keep the new pack).
  const rules = join(pack, "rules", "files.yaml");
  writeFileSync(rules, readFileSync(rules, "utf8").replace('path: "routes.txt"', 'path: "routez.txt"'));
  age(rules, 1800);
  codegenOk(["gen"], dir, env);
  assert.ok(existsSync(join(dir, "routez.txt")), "the rule's new path was not used");
  assert.not.ok(existsSync(join(dir, "routes.txt")));
  writeFileSync(rules, readFileSync(rules, "utf8").replace('path: "routez.txt"', 'path: "routey.txt"'));
  age(rules, 900);
  codegenOk(["gen"], dir, env);
  assert.ok(existsSync(join(dir, "routey.txt")), "a kept pack was used after its rules changed");

  writeFileSync(
    join(pack, "rules", "more.yaml"),
    '- name: extra\n  path: "extra.txt"\n  template: routes.txt.liquid\n',
  );
  codegenOk(["gen"], dir, env);
  assert.ok(existsSync(join(dir, "extra.txt")), "a new rule file was not read");

  const manifest = join(pack, "pack.yaml");
  writeFileSync(manifest, readFileSync(manifest, "utf8") + "\nfrobnicate: true\n");
  const r = codegen(["gen", "--dry-run"], dir, env);
  assert.is.not(r.code, 0);
  assert.match(r.stderr, /frobnicate/);
});

test("a built-in pack has one entry for every project; another pack's entry is its project's", () => {
  const builtin = packKey("go-zero", "/one/project", true);
  assert.is(packKey("go-zero", "/another/project", true), builtin);
  assert.is.not(packKey("go-zero", "/another/project", false), packKey("go-zero", "/one/project", false));
  assert.is.not(packKey("mini", "/one/project", true), builtin);
});

test("the build seeds the built-in pack: an empty cache has it, and a gen writes nothing into the seed", () => {
  const cache = scratch("seed-cache");
  const seedFiles = (): string[] => readdirSync(seedDir, { recursive: true }).map(String).sort();
  const before = seedFiles();
  process.env["CODEGEN_CACHE_DIR"] = cache;
  try {
    assert.ok(cachedPack(packKey("go-zero", "", true)), "the seed has no entry for go-zero");
  } finally {
    delete process.env["CODEGEN_CACHE_DIR"];
  }
  // The CLI runs the bundle, whose identity differs from these compiled files': seeded too.
  const running = identifyAs("bundle");
  const bundleKey = packKey("go-zero", "", true);
  identifyAs(running);
  const at = (base: string): string => join(base, bundleKey.slice(0, 2), bundleKey);
  assert.ok(existsSync(at(seedDir)), "the seed has no entry for go-zero as the bundle loads it");
  const dir = writeTree(scratch("seed-proj"), {
    ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: api\n",
    "desc/api/demo.api": smallApi,
  });
  codegenOk(["gen"], dir, { CODEGEN_CACHE_DIR: cache });
  assert.equal(seedFiles(), before);
  assert.not.ok(
    existsSync(at(join(cache, "memo"))),
    "a gen with an empty cache loaded go-zero again instead of taking it from the seed",
  );
  // The config schema go-zero extends came compiled from the seed: none was compiled into the cache.
  assert.ok(
    before.some((f) => f.startsWith("validators/")),
    "the seed has no compiled config schema",
  );
  assert.not.ok(existsSync(join(cache, "validators")), "a gen with an empty cache compiled the config schema again");
});

test.run();

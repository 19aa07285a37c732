/**
 * The libraries whose semantics the engine mirrors are pinned to one exact version: the fast
 * evaluator mirrors jsonata, compiled Liquid mirrors liquidjs (and reads its internals). A range would let an install pick
 * a release the fuzz and differential suites never compared; the lockfile and the installed copy
 * must be that version too.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { libraryVersion } from "../../engine/cache/engine-identity.js";
import { repoRoot } from "../support/paths.js";

const test = suite("mirrored libraries are pinned");
const MIRRORED = ["jsonata", "liquidjs"];
const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const lock = JSON.parse(readFileSync(join(repoRoot, "package-lock.json"), "utf8")) as {
  packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
};

/** An exact version: no range operator, wildcard, tag or URL. */
const exact = (spec: string): boolean => /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?$/.test(spec);

test("the check knows a range from a pin", () => {
  for (const pin of ["2.2.2", "10.30.1", "17.5.0", "1.0.0-rc.1"]) assert.ok(exact(pin), pin);
  for (const range of [
    "^2.2.2",
    "~10.30.1",
    ">=17.5.0",
    "17.x",
    "*",
    "latest",
    "17.5",
    "17.5.0 || 18.0.0",
    "github:liquidjs/liquidjs",
  ])
    assert.not.ok(exact(range), range);
});

for (const lib of MIRRORED) {
  test(`${lib} is a dependency at an exact version`, () => {
    const spec = manifest.dependencies[lib];
    assert.ok(spec, `${lib} is not in package.json's dependencies`);
    assert.ok(exact(spec), `package.json asks for ${lib} "${spec}": pin the exact version the fuzz suites passed on`);
  });

  test(`the lockfile and node_modules hold ${lib} at that version`, () => {
    const spec = manifest.dependencies[lib];
    assert.is(lock.packages[""]?.dependencies?.[lib], spec, "package-lock.json's copy of the manifest");
    assert.is(lock.packages[`node_modules/${lib}`]?.version, spec, "the locked version");
    assert.is(libraryVersion(lib), spec, "the installed version");
  });
}

test.run();

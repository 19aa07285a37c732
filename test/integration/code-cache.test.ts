/**
 * The CLI's bundle is compiled from V8's code cache that the build makes (bin/bundle-loader.js,
 * scripts/train-code-cache.mjs). The build's cache must be taken; one made for another bundle
 * must not be offered to V8, which checks only the source's length; a damaged one is refused by
 * V8. In every case the CLI runs.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { repoRoot } from "../support/paths.js";

const test = suite("code cache: the bundle compiled from the build's cache");

const bundle = join(repoRoot, "dist/bundle/main.cjs");
const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/**
 * Load a bundle in a child (V8 checks a cache against the flags of the process, which must be the
 * CLI's, not the test runner's), optionally write its cache first, and run `--version`.
 */
function load(file: string, cache: string | null, write = false): { cache: string; stdout: string } {
  const loader = pathToFileURL(join(repoRoot, "bin/bundle-loader.js")).href;
  const script = `const m = await import(${JSON.stringify(loader)}); m.tuneHeap();
const r = m.loadBundle(${JSON.stringify(file)}, ${JSON.stringify(write ? null : cache)});
${write ? `m.writeCodeCache(${JSON.stringify(cache)}, ${JSON.stringify(file)}, r.script);` : ""}
process.stderr.write("cache:" + r.cache + "\\n");
process.exitCode = await r.exports.main(["--version"]);`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  return { cache: /cache:(\S+)/.exec(r.stderr)?.[1] ?? "", stdout: r.stdout };
}

/** A copy of the bundle inside the installation (it finds codegen's files from where it is), removed after. */
function copyOfBundle(): { dir: string; file: string; cache: string } {
  const dir = join(repoRoot, "dist", `code-cache-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "main.cjs");
  copyFileSync(bundle, file);
  return { dir, file, cache: join(dir, "main.code-cache") };
}

test("the build's cache is taken, and the CLI runs from it", () => {
  const r = load(bundle, join(repoRoot, "dist/bundle/main.code-cache"));
  assert.is(r.cache, "accepted");
  assert.match(r.stdout, version);
});

test("a copy of the bundle with the build's cache takes it (npm gives installed files one fixed time)", () => {
  const copy = copyOfBundle();
  try {
    copyFileSync(join(repoRoot, "dist/bundle/main.code-cache"), copy.cache);
    utimesSync(copy.file, new Date("1985-10-26T08:15:00Z"), new Date("1985-10-26T08:15:00Z"));
    assert.is(load(copy.file, copy.cache).cache, "accepted");
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
  }
});

test("a cache is offered only to the bundle it was made from: same length, other text is stale", () => {
  const copy = copyOfBundle();
  try {
    load(copy.file, copy.cache, true);
    assert.is(load(copy.file, copy.cache).cache, "accepted");
    // One character of a comment changed: the same length, so V8 alone would take the cache.
    const text = readFileSync(copy.file, "utf8");
    const at = text.indexOf("// dist/engine/");
    assert.ok(at > 0, "the bundle names its sources in comments");
    writeFileSync(copy.file, text.slice(0, at + 3) + "E" + text.slice(at + 4));
    const r = load(copy.file, copy.cache);
    assert.is(r.cache, "stale");
    assert.match(r.stdout, version);
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
  }
});

test("a damaged cache is refused by V8 and the bundle is compiled as usual", () => {
  const copy = copyOfBundle();
  try {
    load(copy.file, copy.cache, true);
    const bytes = readFileSync(copy.cache);
    const header = bytes.indexOf(0x0a) + 1;
    bytes.fill(0x5a, header + 16, header + 4096);
    writeFileSync(copy.cache, bytes);
    const r = load(copy.file, copy.cache);
    assert.is(r.cache, "rejected");
    assert.match(r.stdout, version);
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
  }
});

test("without a cache the bundle is compiled as usual", () => {
  const r = load(bundle, join(repoRoot, "dist/bundle/no-such.code-cache"));
  assert.is(r.cache, "absent");
  assert.match(r.stdout, version);
});

test.run();

/**
 * The CLI's bundle is compiled from V8's code cache that the build makes (bin/bundle-loader.js,
 * scripts/train-code-cache.mjs). The build's cache must be taken. V8 checks a cache's version
 * and flags, but of the source only its length, of the path nothing (stack traces would name
 * the path the cache was made at) and of the data nothing (damaged bytes crash it): a cache
 * made for another bundle or path, or damaged, must not be offered to V8 at all. In every case
 * the CLI runs.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { smallApi } from "../support/project.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("code cache: the bundle compiled from the build's cache");

const bundle = join(repoRoot, "dist/bundle/main.cjs");
const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/**
 * Load a bundle in a child (V8 checks a cache against the flags of the process, which must be the
 * CLI's, not the test runner's), optionally write its cache first, and run `--version`; `crash`
 * makes the bundle's main throw, to see which file its stack names.
 */
function load(file: string, cache: string | null, options: { write?: boolean; flags?: string[]; crash?: boolean } = {}): { cache: string; stdout: string; stack: string } {
  const loader = pathToFileURL(join(repoRoot, "bin/bundle-loader.js")).href;
  const script = `const m = await import(${JSON.stringify(loader)}); m.tuneHeap();
const r = m.loadBundle(${JSON.stringify(file)}, ${JSON.stringify(options.write ? null : cache)});
${options.write ? `m.writeCodeCache(${JSON.stringify(cache)}, ${JSON.stringify(file)}, r.script);` : ""}
process.stderr.write("cache:" + r.cache + "\\n");
${options.crash ? `try { await r.exports.main(null); } catch (e) { process.stderr.write("stack:" + e.stack + "\\n"); }` : ""}
process.exitCode = await r.exports.main(["--version"]);`;
  const r = spawnSync(process.execPath, [...(options.flags ?? []), "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.is(r.status, 0, r.stderr);
  return { cache: /cache:(\S+)/.exec(r.stderr)?.[1] ?? "", stdout: r.stdout, stack: /stack:([^]*)/.exec(r.stderr)?.[1] ?? "" };
}

/** A copy of the bundle inside the installation (it finds codegen's files from where it is), removed after. */
function copyOfBundle(): { dir: string; file: string; cache: string } {
  const dir = join(repoRoot, "dist", `code-cache-test-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, "main.cjs");
  copyFileSync(bundle, file);
  return { dir, file, cache: join(dir, "main.code-cache") };
}

function withCopy(body: (copy: ReturnType<typeof copyOfBundle>) => void): void {
  const copy = copyOfBundle();
  try {
    body(copy);
  } finally {
    rmSync(copy.dir, { recursive: true, force: true });
  }
}

test("the build's cache is taken, and the CLI runs from it", () => {
  const r = load(bundle, join(repoRoot, "dist/bundle/main.code-cache"));
  assert.is(r.cache, "accepted");
  assert.match(r.stdout, version);
});

test("a cache made at another path is not offered: stack traces name the bundle where it is", () =>
  withCopy((copy) => {
    copyFileSync(join(repoRoot, "dist/bundle/main.code-cache"), copy.cache);
    const r = load(copy.file, copy.cache, { crash: true });
    assert.is(r.cache, "stale");
    assert.match(r.stdout, version);
    assert.match(r.stack, copy.file);
    assert.not.match(r.stack, bundle);
  }));

test("a cache is kept by the bundle's text, not its modification time (npm gives installed files one fixed time)", () =>
  withCopy((copy) => {
    load(copy.file, copy.cache, { write: true });
    utimesSync(copy.file, new Date("1985-10-26T08:15:00Z"), new Date("1985-10-26T08:15:00Z"));
    const r = load(copy.file, copy.cache, { crash: true });
    assert.is(r.cache, "accepted");
    assert.match(r.stack, copy.file);
  }));

test("a cache is offered only to the bundle it was made from: same length, other text is stale", () =>
  withCopy((copy) => {
    load(copy.file, copy.cache, { write: true });
    assert.is(load(copy.file, copy.cache).cache, "accepted");
    // One character of a comment changed: the same length, so V8 alone would take the cache.
    const text = readFileSync(copy.file, "utf8");
    const at = text.indexOf("// dist/engine/");
    assert.ok(at > 0, "the bundle names its sources in comments");
    writeFileSync(copy.file, text.slice(0, at + 3) + "E" + text.slice(at + 4));
    const r = load(copy.file, copy.cache);
    assert.is(r.cache, "stale");
    assert.match(r.stdout, version);
  }));

test("a cache with damaged data is not offered (V8 would crash on it)", () =>
  withCopy((copy) => {
    load(copy.file, copy.cache, { write: true });
    const bytes = readFileSync(copy.cache);
    const middle = Math.floor(bytes.length / 2);
    bytes.fill(0x5a, middle, middle + 64);
    writeFileSync(copy.cache, bytes);
    const r = load(copy.file, copy.cache);
    assert.is(r.cache, "stale");
    assert.match(r.stdout, version);
  }));

test("a cache made with other V8 flags is refused by V8 and the bundle is compiled as usual", () =>
  withCopy((copy) => {
    load(copy.file, copy.cache, { write: true, flags: ["--no-lazy-feedback-allocation"] });
    const r = load(copy.file, copy.cache);
    assert.is(r.cache, "rejected");
    assert.match(r.stdout, version);
  }));

test("the CLI compiles its bundle from the build's cache (--verbose says so)", () => {
  const dir = writeTree(scratch("code-cache-cli"), { ".codegen.yaml": "name: demo\nmodule: example.com/demo\nframe: api\n", "desc/api/demo.api": smallApi });
  const r = codegen(["gen", "--verbose"], dir, { CODEGEN_CACHE_DIR: scratch("code-cache-cli-cache") });
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^load codegen \(code cache accepted\): \d+ ms \(\d+ MB\)$/m);
});

test("without a cache the bundle is compiled as usual", () => {
  const r = load(bundle, join(repoRoot, "dist/bundle/no-such.code-cache"));
  assert.is(r.cache, "absent");
  assert.match(r.stdout, version);
});

test.run();

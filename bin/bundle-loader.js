// Loads the CLI's bundle (dist/bundle/main.cjs, one CommonJS file built by scripts/bundle.mjs)
// with V8's code cache for it (dist/bundle/main.code-cache, made at build time by
// scripts/train-code-cache.mjs): V8 then takes the compiled bytecode of the bundle and of every
// function a training run called instead of parsing and compiling them again (about 40 ms of a
// gen). V8 checks a cache against its own version and flags and compiles afresh when it does not
// fit, but of the source it checks only the length: the cache also records the digest of the
// bundle it was made from (1–2 ms to compute; the size and modification time would not do, since
// npm gives every file of a package one fixed time) and is offered to no other bundle. A missing
// or unfit cache costs time, never correctness.
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { setFlagsFromString } from "node:v8";
import vm from "node:vm";

/**
 * V8 doubles the young generation whenever it fills, up to 32 MB for a 500-route gen's burst of
 * short-lived strings; kept at its first size it holds peak memory near 100 MB instead of 124 MB,
 * at no cost in time (measured in alternation on Node 20). Unlike the size limits, this flag is
 * read at each collection, so setting it here takes effect. Only on the Node it was measured on: a
 * V8 without the flag would print an error on every run. Set before anything is compiled: V8
 * takes a code cache only with the flags it was made with.
 */
export function tuneHeap() {
  if (process.versions.node.split(".")[0] === "20") setFlagsFromString("--semi-space-growth-factor=1");
}

/** The first line of a cache file: which bundle it was made from. */
function stampOf(bytes) {
  return `codegen-code-cache ${createHash("sha256").update(bytes).digest("hex")}\n`;
}

/** The cached data for this bundle, or why there is none. */
function readCache(cacheFile, bundle) {
  let bytes;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return { state: "absent" }; // not made (a build whose training failed): compiled as usual
  }
  const stamp = Buffer.from(stampOf(bundle));
  if (bytes.length <= stamp.length || !bytes.subarray(0, stamp.length).equals(stamp)) return { state: "stale" };
  return { state: "offered", data: bytes.subarray(stamp.length) };
}

/**
 * The bundle's exports, the compiled script, and what became of the cache: accepted, rejected
 * (by V8), stale (made for another bundle), absent, or null when none was asked for.
 */
export function loadBundle(file, cacheFile) {
  const bytes = readFileSync(file);
  const source = bytes.toString("utf8");
  const cache = cacheFile ? readCache(cacheFile, bytes) : { state: null };
  // Node's own CommonJS wrapper, plus the one thing a vm script cannot do itself: import() (the
  // bundle's dynamic imports of external packages are routed here by scripts/bundle.mjs).
  const wrapped = `(function (exports, require, module, __filename, __dirname, __codegen_import) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData: cache.data });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), (specifier) => import(specifier));
  const state = cache.state === "offered" ? (script.cachedDataRejected ? "rejected" : "accepted") : cache.state;
  return { exports: module.exports, script, cache: state };
}

/** Write the code cache of a loaded bundle: everything compiled so far, marked with the bundle's digest. */
export function writeCodeCache(cacheFile, file, script) {
  writeFileSync(cacheFile, Buffer.concat([Buffer.from(stampOf(readFileSync(file))), script.createCachedData()]));
}

// Loads the CLI's bundle (dist/bundle/main.cjs, one CommonJS file built by scripts/bundle.mjs)
// with V8's code cache for it (dist/bundle/main.code-cache, made at build time by
// scripts/train-code-cache.mjs): V8 then takes the compiled bytecode of the bundle and of every
// function a training run called instead of parsing and compiling them again (30–60 ms of a
// gen). V8 checks a cache against its own version and flags and compiles afresh when it does not
// fit, but of the source it checks only the length, of the file name nothing (it keeps the one
// the cache was made with, for stack traces), and of the data itself nothing either (damaged
// bytes crash it). So the cache's first line records the bundle's path and digest and the digest
// of the data (2–3 ms to check; a modification time would not do, since npm gives every installed
// file one fixed time), and a cache is offered to V8 only when all three match. A missing or
// unfit cache costs time, never correctness.
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

const digest = (bytes) => createHash("sha256").update(bytes).digest("hex");

/** The first line of a cache file: the bundle it was made from (path and digest) and its data's digest. */
function stampOf(file, bundle, data) {
  return `codegen-code-cache ${digest(bundle)} ${digest(data)} ${JSON.stringify(file)}\n`;
}

/** The cached data for this bundle, or why there is none. */
function readCache(cacheFile, file, bundle) {
  let bytes;
  try {
    bytes = readFileSync(cacheFile);
  } catch {
    return { state: "absent" }; // not made (a build whose training failed): compiled as usual
  }
  const end = bytes.indexOf(0x0a);
  const data = bytes.subarray(end + 1);
  if (end < 0 || !bytes.subarray(0, end + 1).equals(Buffer.from(stampOf(file, bundle, data)))) return { state: "stale" };
  return { state: "offered", data };
}

/**
 * The bundle's exports, the compiled script, and what became of the cache: accepted, rejected
 * (by V8: another version or other flags), stale (made for another bundle or path, or damaged),
 * absent, or null when none was asked for.
 */
export function loadBundle(file, cacheFile) {
  const bytes = readFileSync(file);
  const source = bytes.toString("utf8");
  const cache = cacheFile ? readCache(cacheFile, file, bytes) : { state: null };
  // Node's own CommonJS wrapper, plus the one thing a vm script cannot do itself: import() (the
  // bundle's dynamic imports of external packages are routed here by scripts/bundle.mjs).
  const wrapped = `(function (exports, require, module, __filename, __dirname, __codegen_import) {${source}\n})`;
  const script = new vm.Script(wrapped, { filename: file, cachedData: cache.data });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, createRequire(file), module, file, dirname(file), (specifier) => import(specifier));
  const state = cache.state === "offered" ? (script.cachedDataRejected ? "rejected" : "accepted") : cache.state;
  return { exports: module.exports, script, cache: state };
}

/** Write the code cache of a loaded bundle: everything compiled so far, marked as readCache checks. */
export function writeCodeCache(cacheFile, file, script) {
  const data = script.createCachedData();
  writeFileSync(cacheFile, Buffer.concat([Buffer.from(stampOf(file, readFileSync(file), data)), data]));
}

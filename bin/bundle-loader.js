// Loads the CLI's bundle (dist/bundle/main.cjs, one CommonJS file built by scripts/bundle.mjs)
// with V8's code cache for it (dist/bundle/main.code-cache, made at build time by
// scripts/train-code-cache.mjs): V8 then takes the compiled bytecode of the bundle and of every
// function a training run called instead of parsing and compiling them again (30–50 ms of a
// gen). V8 checks a cache against its own version and flags and compiles afresh when it does not
// fit, but of the source it checks only the length, of the file name nothing (it keeps the one
// the cache was made with, for stack traces), and of the data itself nothing either (damaged
// bytes crash it). So the cache's first line records the bundle's path and digest and the digest
// of the data (2–3 ms to check; a modification time would not do: an installed file carries the
// time npm gives it, not the build's), and a cache is offered to V8 only when all three match. A missing or
// unfit cache costs time, never correctness. An installed copy cannot use the build's cache (it
// names the build's folder): its first `new` or `gen` makes one in the user's cache (userCodeCache).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { PerformanceObserver } from "node:perf_hooks";
import { getHeapSpaceStatistics, setFlagsFromString } from "node:v8";
import vm from "node:vm";

/**
 * V8 doubles the young generation whenever a collection finds much of it alive, up to 32 MB for
 * a 500-route gen's burst of short-lived strings (a 124 MB peak); kept at its first 2 MB it
 * collected about 170 times in a cold gen, a fifth of the run. It is now let grow to 8 MB and
 * then kept there: 30 ms less for that cold gen (10 ms for a one-file edit) for 3 MB more at the
 * peak; 16 and 32 MB were no faster and took 11 and 27 MB more (alternated runs). The growth
 * factor is read at each collection, so changing it after a collection works (the size limits
 * are fixed at start-up). Only on the Node it was measured on: a V8 without the flag would
 * print an error on every run.
 */
export function tuneHeap() {
  if (process.versions.node.split(".")[0] !== "20") return;
  const watch = new PerformanceObserver(() => {
    const young = getHeapSpaceStatistics().find((s) => s.space_name === "new_space");
    if (young && young.space_size >= 8 * 2 ** 20) {
      setFlagsFromString("--semi-space-growth-factor=1");
      watch.disconnect();
    }
  });
  watch.observe({ entryTypes: ["gc"] });
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

/** The first cache of cacheFiles offered for this bundle, else the last one's state (absent or stale). */
function firstFit(cacheFiles, file, bundle) {
  let cache = { state: "absent" };
  for (const cacheFile of cacheFiles) {
    cache = readCache(cacheFile, file, bundle);
    if (cache.state === "offered") return cache;
  }
  return cache;
}

/**
 * The bundle's exports, the compiled script, and what became of the cache: accepted, rejected
 * (by V8: another version or other flags), stale (made for another bundle or path, or damaged),
 * absent, or null when none was asked for. cacheFiles (one path or several, tried in order)
 * may be null.
 */
export function loadBundle(file, cacheFiles) {
  const bytes = readFileSync(file);
  const source = bytes.toString("utf8");
  const cache = cacheFiles ? firstFit([cacheFiles].flat(), file, bytes) : { state: null };
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
  // V8 marks a cache with its flags as they are when the cache is made, and takes it only with
  // the same flags: as at start-up, when every run compiles the bundle (tuneHeap changes one later).
  // Only where tuneHeap may have changed it: a V8 without the flag prints an error.
  if (process.versions.node.split(".")[0] === "20") setFlagsFromString("--semi-space-growth-factor=2");
  const data = script.createCachedData();
  mkdirSync(dirname(cacheFile), { recursive: true });
  // Whole or not at all: another codegen may be reading it.
  const tmp = `${cacheFile}.${process.pid}.tmp`;
  writeFileSync(tmp, Buffer.concat([Buffer.from(stampOf(file, readFileSync(file), data)), data]));
  renameSync(tmp, cacheFile);
}

/**
 * Where this user keeps the code cache of the bundle at `file`: the one the build made names the
 * build's folder, so an installed copy (from `npm pack`'s tarball) makes its own, in the same
 * cache folder as the rest (engine/cache/index.ts): `$CODEGEN_CACHE_DIR`, else
 * `$XDG_CACHE_HOME/codegen`, else `~/.cache/codegen`. One file per installed bundle path.
 */
export function userCodeCache(file) {
  const base = process.env["CODEGEN_CACHE_DIR"] ?? join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "codegen");
  return join(base, "code-cache", `${digest(file).slice(0, 32)}.bin`);
}

#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` / `npm install` via prepare,
// and shipped built in `npm pack`'s tarball).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fileStamp } from "./file-stamp.js";

const compiled = new URL("../dist/engine/cli/main.js", import.meta.url);
const bundled = new URL("../dist/bundle/main.cjs", import.meta.url);
const mtime = (url) => statSync(fileURLToPath(url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
// The bundle (scripts/bundle.mjs) loads faster. In a checkout one older than the compiled CLI is
// stale (`tsc` ran alone); an installed copy (no tsconfig.json: the tarball has no sources) is
// never rebuilt, and its files' times are those of the unpacking, in no useful order.
const checkout = existsSync(fileURLToPath(new URL("../tsconfig.json", import.meta.url)));
const entry = existsSync(fileURLToPath(bundled)) && (!checkout || mtime(bundled) >= mtime(compiled)) ? bundled : compiled;
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("codegen: not built yet; run `npm ci` (or `npm run build`) in the codegen checkout\n");
  process.exit(70);
}
// Output piped into a reader that stops early (`codegen template list | head`): stop quietly.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});
const argv = process.argv.slice(2);
// `codegen`, `codegen --help`, `codegen <command> --help`: the text the build took from this same
// bundle (scripts/help-texts.mjs), printed without loading the CLI; null means load it.
const storedHelp = () => {
  if (entry !== bundled || !(argv.length === 0 || argv.includes("--help") || argv.includes("-h"))) return null;
  try {
    const stored = JSON.parse(readFileSync(new URL("help.json", bundled), "utf8"));
    const text = stored.texts[argv.join(" ")];
    if (!text) return null;
    // The stat is this machine's: an installed copy checks the bundle's digest instead.
    if (stored.bundle === fileStamp(fileURLToPath(bundled))) return text;
    return stored.digest === createHash("sha256").update(readFileSync(fileURLToPath(bundled))).digest("hex") ? text : null;
  } catch {
    return null;
  }
};
const help = storedHelp();
// `codegen gen` on a project nothing has touched since the last gen is answered without loading
// the CLI (engine/cli/replay.ts); null means the full gen must run.
const replay = async () => {
  try {
    const { replayGen } = await import(new URL("replay.js", entry).href);
    return await replayGen(process.cwd(), { info: (l) => process.stdout.write(l + "\n"), error: (l) => process.stderr.write(l + "\n") });
  } catch {
    return null; // a build without it: the full gen
  }
};
const replayed = argv.length === 1 && argv[0] === "gen" ? await replay() : null;
if (help !== null) {
  process.stdout.write(help.stdout);
  process.exitCode = help.code;
} else if (replayed !== null) process.exitCode = replayed;
else {
  // Not for a replay, which allocates little and compiles little.
  const start = performance.now();
  const { loadBundle, tuneHeap, userCodeCache, writeCodeCache } = await import("./bundle-loader.js");
  tuneHeap();
  let main;
  let keepCodeCache = () => {};
  if (entry === bundled) {
    const file = fileURLToPath(bundled);
    const mine = userCodeCache(file);
    const loaded = loadBundle(file, [fileURLToPath(new URL("main.code-cache", bundled)), mine]);
    main = loaded.exports.main;
    // As the phase lines --verbose prints (engine/generate.ts): a slow start shows why.
    if (argv.includes("--verbose")) process.stdout.write(`load codegen (code cache ${loaded.cache}): ${Math.round(performance.now() - start)} ms (${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB)\n`);
    // No cache fit (an installed copy's first run): the functions a `new` or `gen` compiled are
    // what later runs need, so one of those makes this user's cache.
    if (loaded.cache !== "accepted" && (argv[0] === "new" || argv[0] === "gen")) {
      keepCodeCache = () => {
        try {
          writeCodeCache(mine, file, loaded.script);
        } catch {
          // A cache that cannot be written only costs speed.
        }
      };
    }
  } else main = (await import(entry.href)).main;
  process.exitCode = await main(argv);
  keepCodeCache();
}

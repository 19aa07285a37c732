#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` / `npm install` via prepare).
import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { fileStamp } from "./file-stamp.js";

const compiled = new URL("../dist/engine/cli/main.js", import.meta.url);
const bundled = new URL("../dist/bundle/main.cjs", import.meta.url);
const mtime = (url) => statSync(fileURLToPath(url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
// The bundle (scripts/bundle.mjs) loads faster; one older than the compiled CLI is stale.
const entry = mtime(bundled) >= mtime(compiled) ? bundled : compiled;
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
    return text && stored.bundle === fileStamp(fileURLToPath(bundled)) ? text : null;
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
  const { loadBundle, tuneHeap } = await import("./bundle-loader.js");
  tuneHeap();
  let main;
  if (entry === bundled) {
    const loaded = loadBundle(fileURLToPath(bundled), fileURLToPath(new URL("main.code-cache", bundled)));
    main = loaded.exports.main;
    // As the phase lines --verbose prints (engine/generate.ts): a slow start shows why.
    if (argv.includes("--verbose")) process.stdout.write(`load codegen (code cache ${loaded.cache}): ${Math.round(performance.now() - start)} ms (${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB)\n`);
  } else main = (await import(entry.href)).main;
  process.exitCode = await main(argv);
}

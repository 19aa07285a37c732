#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` / `npm install` via prepare).
import { existsSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const compiled = new URL("../dist/engine/cli/main.js", import.meta.url);
const bundled = new URL("../dist/bundle/main.js", import.meta.url);
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
if (replayed !== null) process.exitCode = replayed;
else {
  // V8 doubles the young generation whenever it fills, up to 32 MB for a 500-route gen's burst
  // of short-lived strings; kept at its first size it holds peak memory near 100 MB instead of
  // 124 MB, at no cost in time (measured in alternation on Node 20). Unlike the size limits, this
  // flag is read at each collection, so setting it here takes effect. Only on the Node it was
  // measured on: a V8 without the flag would print an error on every run. Not for a replay,
  // which allocates little.
  if (process.versions.node.split(".")[0] === "20") (await import("node:v8")).setFlagsFromString("--semi-space-growth-factor=1");
  const { main } = await import(entry.href);
  process.exitCode = await main(argv);
}

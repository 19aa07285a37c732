#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` / `npm install` via prepare,
// and shipped built in `npm pack`'s tarball).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import nodeModule, { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";
import { fileStamp } from "./file-stamp.js";

// A regex that backtracks past V8's limit (50,000 backtracks) is run again by V8's linear-time
// engine, with the same answer: `$contains(s, /^(a+)+$/)` in a pack, or a Liquid regex_match,
// ends in milliseconds instead of never. Set before the CLI's modules make their regexes (the
// limit is fixed when a regex is made). Patterns that engine cannot run (lookaround,
// backreferences, and on Node 20 the i and u flags) still backtrack: a signal ends them
// (engine/expression/signal-flag.ts).
setFlagsFromString("--enable-experimental-regexp-engine-on-excessive-backtracks");

// CODEGEN_NO=<name>[,<name>] turns speed mechanisms off (engine/cache/switches.ts); bundle,
// code-cache and help-texts are the launcher's own, and snapshot (the project's record of
// "nothing changed") is the full gen's too.
const off = new Set((process.env.CODEGEN_NO ?? "").split(",").map((n) => n.trim()));
const compiled = new URL("../dist/engine/cli/main.js", import.meta.url);
const bundled = new URL("../dist/bundle/main.cjs", import.meta.url);
const mtime = (url) => statSync(fileURLToPath(url), { throwIfNoEntry: false })?.mtimeMs ?? -1;
// The bundle (scripts/bundle.mjs) loads faster. In a checkout one older than the compiled CLI is
// stale (`tsc` ran alone); an installed copy (no tsconfig.json: the tarball has no sources) is
// never rebuilt, and its files' times are those of the unpacking, in no useful order.
const checkout = existsSync(fileURLToPath(new URL("../tsconfig.json", import.meta.url)));
const entry =
  !off.has("bundle") && existsSync(fileURLToPath(bundled)) && (!checkout || mtime(bundled) >= mtime(compiled))
    ? bundled
    : compiled;
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
// Node 22 and later keep the compiled code of the modules they load (module.enableCompileCache),
// in codegen's cache folder; Node 20 has none for codegen to use.
const compileCache = (() => {
  // Named imports would fail to link on Node 20, which has neither.
  const { constants, enableCompileCache } = nodeModule;
  if (off.has("code-cache") || typeof enableCompileCache !== "function") return "off";
  try {
    const base =
      process.env.CODEGEN_CACHE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), ".cache"), "codegen");
    const { status } = enableCompileCache(join(base, "compile-cache"));
    return (
      Object.entries(constants.compileCacheStatus)
        .find(([, v]) => v === status)?.[0]
        .toLowerCase() ?? String(status)
    );
  } catch {
    return "failed"; // only speed is lost
  }
})();
// `codegen`, `codegen --help`, `codegen <command> --help`: the text the build took from this same
// bundle (scripts/help-texts.mjs), printed without loading the CLI; null means load it.
const storedHelp = () => {
  if (
    entry !== bundled ||
    off.has("help-texts") ||
    !(argv.length === 0 || argv.includes("--help") || argv.includes("-h"))
  )
    return null;
  try {
    const stored = JSON.parse(readFileSync(new URL("help.json", bundled), "utf8"));
    const text = stored.texts[argv.join(" ")];
    if (!text) return null;
    // The stat is this machine's: an installed copy checks the bundle's digest instead.
    if (stored.bundle === fileStamp(fileURLToPath(bundled))) return text;
    return stored.digest ===
      createHash("sha256")
        .update(readFileSync(fileURLToPath(bundled)))
        .digest("hex")
      ? text
      : null;
  } catch {
    return null;
  }
};
const help = storedHelp();
// `codegen gen` on a project nothing has touched since the last gen is answered from the project's
// record without loading the CLI (engine/cli/replay.ts); null means the full gen must run.
const replay = async () => {
  try {
    const { replayGen } = await import(new URL("replay.js", entry).href);
    return await replayGen(process.cwd(), {
      info: (l) => process.stdout.write(l + "\n"),
      error: (l) => process.stderr.write(l + "\n"),
    });
  } catch {
    return null; // a build without it: the full gen
  }
};
const replayed = argv.length === 1 && argv[0] === "gen" && !off.has("snapshot") ? await replay() : null;
if (help !== null) {
  process.stdout.write(help.stdout);
  process.exitCode = help.code;
} else if (replayed !== null) process.exitCode = replayed;
else {
  const start = performance.now();
  const main =
    entry === bundled ? createRequire(import.meta.url)(fileURLToPath(bundled)).main : (await import(entry.href)).main;
  // As the phase lines --verbose prints (engine/generate.ts): a slow start shows why.
  if (argv.includes("--verbose"))
    process.stdout.write(
      `load codegen (compile cache ${compileCache}): ${Math.round(performance.now() - start)} ms (${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB)\n`,
    );
  process.exitCode = await main(argv);
}

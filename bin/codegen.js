#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in dist/ (built by `npm ci` / `npm install` via prepare).
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";

const entry = new URL("../dist/engine/cli/main.js", import.meta.url);
if (!existsSync(fileURLToPath(entry))) {
  process.stderr.write("codegen: not built yet; run `npm ci` (or `npm run build`) in the codegen checkout\n");
  process.exit(70);
}
// Output piped into a reader that stops early (`codegen template list | head`): stop quietly.
process.stdout.on("error", (e) => {
  if (e.code === "EPIPE") process.exit(0);
  throw e;
});
const { main } = await import(entry.href);
process.exitCode = await main(process.argv.slice(2));

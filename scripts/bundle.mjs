/**
 * Build step: the compiled CLI (dist/engine) bundled into one CommonJS file, dist/bundle/main.cjs:
 * Node reads one file per run instead of several hundred. Libraries that find their own files at
 * run time (sql.js's WebAssembly, protobufjs's optional modules) or are only loaded for a live
 * database stay external. bin/codegen.js uses the bundle only when it is newer than the
 * compiled CLI.
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";

rmSync("dist/bundle", { recursive: true, force: true });
const common = { bundle: true, platform: "node", target: "node20", logLevel: "warning", legalComments: "none" };
const external = ["sql.js", "mysql2", "pg", "protobufjs", "giget", "yaml", "ajv"];

await build({
  ...common,
  entryPoints: ["dist/engine/cli/main.js"],
  outfile: "dist/bundle/main.cjs",
  format: "cjs",
  external,
  // The sources are ES modules: strict, and finding codegen's files from their own address.
  define: { "import.meta.url": "__codegen_url" },
  banner: { js: '"use strict";\nconst __codegen_url = require("node:url").pathToFileURL(__filename).href;' },
});

// replay.js is loaded by bin/codegen.js itself, before the CLI, for a plain `codegen gen`: one
// file of its own (27 KB), as a no-change gen loads nothing else.
await build({
  ...common,
  entryPoints: ["dist/engine/cli/replay.js"],
  outfile: "dist/bundle/replay.js",
  format: "esm",
  // minimatch only for a descriptor glob a regular expression cannot hold (descriptors/glob.ts).
  external: [...external, "minimatch"],
  // CommonJS libraries inside an ES module bundle still call require for Node's own modules.
  banner: {
    js: 'import { createRequire as __codegenRequire } from "node:module"; const require = __codegenRequire(import.meta.url);',
  },
});
// The yaml library as one file (engine/schema/yaml-lib.ts loads it when a run parses YAML):
// Node reads one file instead of about seventy, 12–18 ms instead of 36–47 here.
await build({
  ...common,
  entryPoints: ["node_modules/yaml/dist/index.js"],
  outfile: "dist/bundle/yaml.cjs",
  format: "cjs",
});

/**
 * Build step: the compiled CLI (dist/engine) bundled into dist/bundle/, one file per lazily
 * loaded part. Node resolves, reads and links a few dozen files per run instead of several
 * hundred (about 0.1 s of every run). Libraries that find their own files at run time (sql.js's
 * WebAssembly, protobufjs's optional modules) or are only loaded for a live database stay
 * external. bin/codegen.js uses the bundle only when it is newer than the compiled CLI.
 */
import { build } from "esbuild";
import { rmSync } from "node:fs";

rmSync("dist/bundle", { recursive: true, force: true });
const esm = {
  bundle: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external: ["sql.js", "mysql2", "pg", "protobufjs", "giget", "ohm-js", "yaml", "ajv"],
  // CommonJS libraries inside an ES module bundle still call require for Node's own modules.
  banner: { js: 'import { createRequire as __codegenRequire } from "node:module"; const require = __codegenRequire(import.meta.url);' },
  logLevel: "warning",
  legalComments: "none",
};
await build({ ...esm, entryPoints: ["dist/engine/cli/main.js"], outdir: "dist/bundle", splitting: true });
// replay.js is loaded by bin/codegen.js itself, before the CLI, for a plain `codegen gen`: one
// file of its own (18 KB, no shared chunks), as a no-change gen loads nothing else. Loading it
// from the chunks main.js shares took ten files and 4 ms more.
await build({ ...esm, entryPoints: ["dist/engine/cli/replay.js"], outfile: "dist/bundle/replay.js" });
// The yaml library as one file (engine/schema/yaml-lib.ts loads it when a run parses YAML):
// Node reads one file instead of about seventy, 12–18 ms instead of 36–47 here.
await build({
  entryPoints: ["node_modules/yaml/dist/index.js"],
  outfile: "dist/bundle/yaml.cjs",
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  logLevel: "warning",
  legalComments: "none",
});

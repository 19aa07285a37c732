import { createHash } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { treeIdentity } from "./tree-identity.js";
import { compiledEngine, packageRoot } from "./package-root.js";

/** Libraries whose behaviour shapes what codegen produces (templates, expressions, YAML). */
const LIBRARIES = ["liquidjs", "jsonata", "yaml", "minimatch"];

let identity: string | undefined;

/**
 * codegen's own code (paths, sizes, times of its files) and the versions of the libraries that
 * shape its output: part of the key of everything kept between runs that codegen computed.
 * Computed once per process (the code running does not change while it runs).
 */
export function engineIdentity(): string {
  if (identity !== undefined) return identity;
  const hash = createHash("sha256");
  // Source maps change nothing codegen does.
  const code = (file: string): boolean => !file.endsWith(".map");
  for (const tree of runningCode()) hash.update(`${tree}\0`).update(treeIdentity(tree, code));
  for (const lib of LIBRARIES) hash.update(`\0${lib}@${libraryVersion(lib)}`);
  identity = hash.digest("hex");
  return identity;
}

/**
 * The folders of the code that runs: the bundle with the build's precompiled artifacts beside the
 * compiled engine, when bin/codegen.js picks the bundle (it is at least as new as the compiled
 * CLI); the compiled engine otherwise. The bundle's few files are quicker to survey than the
 * compiled engine's few hundred.
 */
function runningCode(): string[] {
  const mtime = (file: string): number => statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? -1;
  const bundle = join(packageRoot, "dist/bundle");
  if (mtime(join(bundle, "main.js")) < mtime(join(compiledEngine, "cli/main.js"))) return [compiledEngine];
  return [bundle, join(compiledEngine, "schema/compiled"), join(compiledEngine, "descriptors/api")];
}

function libraryVersion(lib: string): string {
  let text: string;
  try {
    text = readFileSync(join(packageRoot, "node_modules", lib, "package.json"), "utf8");
  } catch {
    // Installed elsewhere (hoisted into a parent node_modules): Node's resolution finds it.
    return (createRequire(import.meta.url)(`${lib}/package.json`) as { version: string }).version;
  }
  return (JSON.parse(text) as { version: string }).version;
}

import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { join } from "node:path";
import { treeIdentity } from "./tree-identity.js";
import { compiledEngine, packageRoot } from "./package-root.js";

/** Libraries whose behaviour shapes what codegen produces (templates, expressions, YAML). */
const LIBRARIES = ["liquidjs", "jsonata", "yaml", "minimatch"];

let identity: string | undefined;

/**
 * codegen's own compiled files (paths, sizes, times) and the versions of the libraries that
 * shape its output: part of the key of everything kept between runs that codegen computed.
 * Computed once per process (the code running does not change while it runs).
 */
export function engineIdentity(): string {
  if (identity !== undefined) return identity;
  // The compiled engine and its bundle (built from it, but it may be rebuilt alone); source maps
  // change nothing codegen does.
  const code = (file: string): boolean => !file.endsWith(".map");
  const hash = createHash("sha256").update(treeIdentity(compiledEngine, code)).update(treeIdentity(join(packageRoot, "dist/bundle"), code));
  const require = createRequire(import.meta.url);
  for (const lib of LIBRARIES) hash.update(`\0${lib}@${(require(`${lib}/package.json`) as { version: string }).version}`);
  identity = hash.digest("hex");
  return identity;
}

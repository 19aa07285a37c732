import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { treeIdentity } from "./tree-identity.js";

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
  const hash = createHash("sha256").update(treeIdentity(join(dirname(fileURLToPath(import.meta.url)), "..")));
  const require = createRequire(import.meta.url);
  for (const lib of LIBRARIES) hash.update(`\0${lib}@${(require(`${lib}/package.json`) as { version: string }).version}`);
  identity = hash.digest("hex");
  return identity;
}

/** Descriptors named on the command line (gen --api/--proto/--sql): their digests and the folder their imports stay inside. */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, relative, resolve, sep } from "node:path";

/** Digests of the descriptors named on the command line, by path relative to the project root. */
export function namedHashes(root: string, named: Record<string, string[]>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const file of Object.values(named).flat())
    out[relative(root, file).split(sep).join("/")] = createHash("sha256").update(readFileSync(file)).digest("hex");
  return out;
}

/** The folder the named descriptors' imports stay inside: the project, or the deepest folder holding every named file and the project. */
export function namedScope(root: string, named: Record<string, string[]>): string {
  let scope = resolve(root);
  for (const file of Object.values(named).flat()) {
    while (relative(scope, file).startsWith("..")) scope = dirname(scope);
  }
  return scope;
}

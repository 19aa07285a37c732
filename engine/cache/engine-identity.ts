import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { treeIdentity } from "./tree-identity.js";
import { compiledEngine, packageRoot } from "./package-root.js";

/** Libraries whose behaviour shapes what codegen produces (templates, expressions, YAML). */
const LIBRARIES = ["liquidjs", "jsonata", "yaml", "minimatch"];

/** Which of codegen's two forms runs: the bundle (dist/bundle) or the compiled files (dist/engine). */
export type CodeForm = "bundle" | "compiled";

let form: CodeForm = fileURLToPath(import.meta.url).includes(`${sep}dist${sep}bundle${sep}`) ? "bundle" : "compiled";
let identity: string | undefined;

/**
 * codegen's own code (paths, sizes, times of the files of the form that runs), its version, its
 * checks, the versions of the libraries that shape its output and the switches that select
 * their reference engines: part of the key of
 * everything kept between runs that codegen computed. Computed once per process (the code
 * running does not change while it runs). The version matters because an installed package's
 * files all carry one fixed modification time.
 */
export function engineIdentity(): string {
  if (identity !== undefined) return identity;
  const hash = createHash("sha256").update(`${form}\0${codegenVersion()}\0`);
  // Source maps change nothing codegen does, nor do the stored help texts (bin/codegen.js
  // prints them for `--help` only).
  const code = (file: string): boolean => !file.endsWith(".map") && file !== "help.json";
  const trees =
    form === "bundle"
      ? [
          join(packageRoot, "dist/bundle"),
          join(compiledEngine, "schema/compiled"),
          join(compiledEngine, "descriptors/api"),
        ]
      : [compiledEngine];
  for (const tree of [...trees, join(packageRoot, "rules")]) hash.update(`${tree}\0`).update(treeIdentity(tree, code));
  for (const lib of LIBRARIES) hash.update(`\0${lib}@${libraryVersion(lib)}`);
  // The reference engines (CODEGEN_EXPRESSIONS=jsonata, CODEGEN_LIQUID=liquidjs) are asked for to
  // rule the fast ones out: what the fast ones computed must not be given back then.
  hash.update(
    `\0expressions=${process.env["CODEGEN_EXPRESSIONS"] ?? ""}\0liquid=${process.env["CODEGEN_LIQUID"] ?? ""}`,
  );
  identity = hash.digest("hex");
  return identity;
}

/** The build seeds the cache for both forms (packs/seed.ts): the next identity is the given form's. Returns the form before. */
export function identifyAs(next: CodeForm): CodeForm {
  const before = form;
  form = next;
  identity = undefined;
  return before;
}

/** codegen's own version (package.json). */
export function codegenVersion(): string {
  return (JSON.parse(readFileSync(join(packageRoot, "package.json"), "utf8")) as { version: string }).version;
}

/** The installed version of a library codegen depends on. */
export function libraryVersion(lib: string): string {
  let text: string;
  try {
    text = readFileSync(join(packageRoot, "node_modules", lib, "package.json"), "utf8");
  } catch {
    // Installed elsewhere (hoisted into a parent node_modules): Node's resolution finds it.
    return (createRequire(import.meta.url)(`${lib}/package.json`) as { version: string }).version;
  }
  return (JSON.parse(text) as { version: string }).version;
}

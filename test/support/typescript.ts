/**
 * Compile a generated TypeScript file the way a strict user project would: the repository's
 * tsc, ES modules (a package.json of type module beside a copy of the file, as a project's
 * would be), and every strictness flag a team may turn on.
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { repoRoot, scratch } from "./paths.js";

export const strictFlags = [
  "--strict",
  "--noUncheckedIndexedAccess",
  "--exactOptionalPropertyTypes",
  "--noUnusedLocals",
  "--noUnusedParameters",
  "--noImplicitReturns",
  "--noPropertyAccessFromIndexSignature",
  "--verbatimModuleSyntax",
  "--erasableSyntaxOnly",
  "--module",
  "nodenext",
  "--target",
  "es2022",
];

/**
 * Compile `files` (copied side by side, so one may import another as `./<name>.js`) to JavaScript;
 * returns the folder holding each `<name>.js` (ES modules). Throws with tsc's output on an error.
 */
export function compileTypeScript(...files: string[]): string {
  const dir = scratch("tsc");
  const out = join(dir, "out");
  mkdirSync(out);
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(out, "package.json"), '{ "type": "module" }\n');
  const copies = files.map((file) => {
    const copy = join(dir, basename(file));
    copyFileSync(file, copy);
    return copy;
  });
  const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
  const r = spawnSync(process.execPath, [tsc, ...strictFlags, "--noEmit", "false", "--outDir", out, ...copies], {
    cwd: dir,
    encoding: "utf8",
    timeout: 120_000,
  });
  if (r.status !== 0)
    throw new Error(
      `tsc ${strictFlags.join(" ")} ${files.join(" ")} failed (exit ${r.status}):\n${r.stdout}${r.stderr}`,
    );
  return out;
}

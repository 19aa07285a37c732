/**
 * Where codegen is installed: the folder holding package.json, schemas/, rules/,
 * template-packs/ and dist/. Every module that reads codegen's own files finds them from here,
 * so the same code works compiled file by file (dist/engine/cache/) and bundled (dist/bundle/).
 */
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

function findRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, "package.json")) && existsSync(join(dir, "template-packs"))) return dir;
    if (dirname(dir) === dir) throw new Error(`codegen's installation folder is not above ${from}`);
  }
}

export const packageRoot = findRoot(dirname(fileURLToPath(import.meta.url)));

/** The compiled engine (dist/engine): what the build's precompiled artifacts sit beside. */
export const compiledEngine = join(packageRoot, "dist/engine");

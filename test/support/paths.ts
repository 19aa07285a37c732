import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";

/** Repository root (tests run from dist/test/..., sources live beside). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const fixtures = join(repoRoot, "test/fixtures");
export const corpusDir = process.env["CODEGEN_CORPUS"] ?? resolve(repoRoot, "../shared/corpus");
export const codegenBin = join(repoRoot, "bin/codegen.js");

export function scratch(prefix: string): string {
  return mkdtempSync(join(tmpdir(), `codegen-${prefix}-`));
}

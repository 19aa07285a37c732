import { fileURLToPath } from "node:url";
import { dirname, join, resolve } from "node:path";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";

/** Repository root (tests run from dist/test/..., sources live beside). */
export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
export const fixtures = join(repoRoot, "test/fixtures");
export const corpusDir = process.env["CODEGEN_CORPUS"] ?? resolve(repoRoot, "../shared/corpus");
export const codegenBin = join(repoRoot, "bin/codegen.js");

const made: string[] = [];
// Every scratch folder goes when the test process ends, whether or not its test cleaned up.
process.on("exit", () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

export function scratch(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `codegen-${prefix}-`));
  made.push(dir);
  return dir;
}

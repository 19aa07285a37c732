/**
 * At build time (precompile.ts): the built-in packs loaded once, their cache entries kept beside
 * the build (cache/index.ts reads them after the user's cache). A first run, or any run with a
 * fresh cache (a CI job), then skips reading and validating a hundred pack files, and compiling
 * the config schema each pack extends (schema/compiled.ts). The entries carry the same checks as any other: codegen's identity and the pack
 * files' state.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { identifyAs, packageRoot, seedDir, type CodeForm } from "../cache/index.js";
import { loadPack } from "./load.js";
import { builtinPacksDir, defaultPackName } from "./source.js";

export async function seedBuiltinPacks(): Promise<string[]> {
  const scratch = mkdtempSync(join(tmpdir(), "codegen-seed-"));
  const before = process.env["CODEGEN_CACHE_DIR"];
  process.env["CODEGEN_CACHE_DIR"] = scratch;
  try {
    rmSync(seedDir, { recursive: true, force: true });
    defaultPackName();
    const names = readdirSync(builtinPacksDir).filter((n) => existsSync(join(builtinPacksDir, n, "pack.yaml")));
    // Entries are keyed by codegen's identity, which differs between the bundle that the CLI
    // runs and the compiled files this build step (and in-process tests) run: both are seeded.
    const forms: CodeForm[] = existsSync(join(packageRoot, "dist/bundle/main.cjs"))
      ? ["bundle", "compiled"]
      : ["compiled"];
    let running: CodeForm | null = null;
    for (const form of forms) {
      running ??= identifyAs(form);
      identifyAs(form);
      for (const name of names) {
        await loadPack(name, builtinPacksDir);
      }
    }
    if (running) identifyAs(running);
    if (existsSync(join(scratch, "memo"))) cpSync(join(scratch, "memo"), seedDir, { recursive: true });
    // The config schemas the packs extend, compiled (ajv's code generation costs about 0.1 s).
    if (existsSync(join(scratch, "validators")))
      cpSync(join(scratch, "validators"), join(seedDir, "validators"), { recursive: true });
    return names;
  } finally {
    if (before === undefined) delete process.env["CODEGEN_CACHE_DIR"];
    else process.env["CODEGEN_CACHE_DIR"] = before;
    rmSync(scratch, { recursive: true, force: true });
  }
}

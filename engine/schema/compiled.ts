/**
 * Validators compiled ahead of time. Compiling a JSON Schema with ajv generates and evaluates
 * code, which costs more than a whole no-change gen; `npm run build` writes each shipped schema's
 * validator as a CommonJS module (ajv's standalone code) beside this file, stamped with the
 * SHA-256 of what it came from (ajv's version and options, and every shipped schema, since they
 * refer to each other). A missing or stale module is compiled at run time.
 * Schemas built at run time (the config schema a pack extends) keep their code in the cache.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { ValidateFunction } from "ajv";
import { cacheDir, compiledEngine, libraryVersion, seedDir, switchedOff } from "../cache/index.js";

const require = createRequire(import.meta.url);
const compiledDir = join(compiledEngine, "schema/compiled");

export const digestOf = (text: string): string => createHash("sha256").update(text).digest("hex");

const moduleOf = (name: string): string => join(compiledDir, `${name.replace(/\.json$/, "")}.cjs`);

/** The ahead-of-time validator of a shipped schema, or null; `text` is all it was compiled from. */
export function precompiled(name: string, text: string): ValidateFunction | null {
  const file = moduleOf(name);
  if (switchedOff("validators") || !existsSync(file)) return null;
  try {
    const mod = require(file) as { digest?: string; validate?: ValidateFunction };
    return mod.digest === digestOf(text) && typeof mod.validate === "function" ? mod.validate : null;
  } catch {
    return null;
  }
}

/** Write a validator's standalone code (the build step, engine/precompile.ts). */
export function writePrecompiled(name: string, text: string, code: string): void {
  mkdirSync(compiledDir, { recursive: true });
  writeFileSync(
    moduleOf(name),
    `${code}\nmodule.exports.validate = module.exports.default ?? module.exports;\nmodule.exports.digest = ${JSON.stringify(digestOf(text))};\n`,
  );
}

const validatorName = (text: string): string => `${digestOf(`${ajvVersion()}\0${text}`)}.cjs`;
const cachedFile = (text: string): string => cacheDir("validators", validatorName(text));

let version: string | undefined;
export function ajvVersion(): string {
  version ??= libraryVersion("ajv");
  return version;
}

/** A run-time schema's validator kept by an earlier run (or by the build, for built-in packs), or null. */
export function cachedValidator(text: string): ValidateFunction | null {
  if (switchedOff("validators")) return null;
  const file = [
    cachedFile(text),
    ...(switchedOff("seed") ? [] : [join(seedDir, "validators", validatorName(text))]),
  ].find((f) => existsSync(f));
  if (!file) return null;
  try {
    const mod = require(file) as unknown;
    return typeof mod === "function" ? (mod as ValidateFunction) : null;
  } catch {
    return null;
  }
}

/** Keep a run-time schema's validator code; a cache that cannot be written only costs speed. */
export function keepValidator(text: string, code: string): void {
  const file = cachedFile(text);
  try {
    mkdirSync(dirname(file), { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, code);
    renameSync(tmp, file);
  } catch {
    // only speed is lost
  }
}

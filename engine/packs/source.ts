/** Where a pack comes from: a built-in name, a folder, or a git source fetched with giget. */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { parse } from "yaml";
import { createHash } from "node:crypto";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CodegenError, diag } from "../diagnostics/index.js";
import { cacheDir } from "../cache/index.js";

export const builtinPacksDir = join(dirname(fileURLToPath(import.meta.url)), "../../../template-packs");

const remotePrefixes = /^(gh|github|gitlab|bitbucket|sourcehut|git|https?):/;

export interface ResolvedSource {
  dir: string;
  builtin: boolean;
}

export function isRemote(source: string): boolean {
  return remotePrefixes.test(source);
}

/** Resolve a pack reference relative to `base` (the project root or the extending pack). */
export async function resolvePackSource(source: string, base: string, options: { offline?: boolean } = {}): Promise<ResolvedSource> {
  if (isRemote(source)) return { dir: await fetchRemote(source, options.offline ?? false), builtin: false };
  const builtin = join(builtinPacksDir, source);
  if (/^[A-Za-z0-9_.-]+$/.test(source) && !source.startsWith(".") && existsSync(join(builtin, "pack.yaml"))) {
    return { dir: builtin, builtin: true };
  }
  const dir = isAbsolute(source) ? source : source.startsWith("~/") ? join(homedir(), source.slice(2)) : resolve(base, source);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CodegenError(diag("PACK_NOT_FOUND", `template pack "${source}" is neither a built-in pack nor a folder`, undefined, `built-in packs: ${builtinPackNames().join(", ")}; a folder path; or a git source such as gh:owner/repo/path#ref`), 2);
  }
  if (!existsSync(join(dir, "pack.yaml"))) {
    throw new CodegenError(diag("PACK_INVALID", `${source} has no pack.yaml`), 2);
  }
  return { dir, builtin: false };
}

export function builtinPackNames(): string[] {
  return readdirSync(builtinPacksDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(builtinPacksDir, e.name, "pack.yaml")))
    .map((e) => e.name)
    .sort();
}

/** The pack used when none is configured, named in template-packs/index.yaml. */
export function defaultPackName(): string {
  const index = parse(readFileSync(join(builtinPacksDir, "index.yaml"), "utf8")) as { default?: string } | null;
  return index?.default ?? builtinPackNames()[0] ?? "";
}


async function fetchRemote(source: string, offline: boolean): Promise<string> {
  const key = createHash("sha256").update(source).digest("hex").slice(0, 16);
  const dir = cacheDir("packs", key);
  const { downloadTemplate } = await import("giget");
  try {
    await downloadTemplate(source, { dir, force: true, forceClean: true, offline, preferOffline: true, silent: true, install: false });
  } catch (e) {
    if (existsSync(join(dir, "pack.yaml"))) return dir; // keep working from the last good copy
    throw new CodegenError(diag("PACK_FETCH", `cannot fetch template pack ${source}: ${(e as Error).message}`), 1);
  }
  if (!existsSync(join(dir, "pack.yaml"))) throw new CodegenError(diag("PACK_INVALID", `${source} has no pack.yaml at its root`), 1);
  return dir;
}

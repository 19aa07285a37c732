/** Where a pack comes from: a built-in name, a folder, or a git source fetched with giget. */
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { parseYaml } from "../schema/index.js";
import { fetchPack, remoteKind } from "./remote.js";
import { packageRoot } from "../cache/index.js";

export const builtinPacksDir = join(packageRoot, "template-packs");

const remotePrefixes = /^(gh|github|gitlab|bitbucket|sourcehut|git|git\+[a-z]+|https?):/;

export interface ResolvedSource {
  dir: string;
  builtin: boolean;
}

/** Versions of fetched packs: what the project pinned (its ledger), and what this run used. */
export interface PackPins {
  pinned: Record<string, string>;
  used: Record<string, string>;
}

export interface SourceOptions {
  offline?: boolean;
  pins?: PackPins;
}

export function isRemote(source: string): boolean {
  return remotePrefixes.test(source);
}

/** Resolve a pack reference relative to `base` (the project root or the extending pack). */
export async function resolvePackSource(
  source: string,
  base: string,
  options: SourceOptions = {},
): Promise<ResolvedSource> {
  if (remoteKind(source, base)) {
    const fetched = await fetchPack(source, base, {
      offline: options.offline ?? false,
      pinned: options.pins?.pinned[source],
    });
    if (!existsSync(join(fetched.dir, "pack.yaml")))
      throw new CodegenError(diag("PACK_INVALID", `${source} has no pack.yaml at its root`), 1);
    if (options.pins) options.pins.used[source] = fetched.resolved;
    return { dir: fetched.dir, builtin: false };
  }
  if (isBuiltinName(source)) return { dir: join(builtinPacksDir, source), builtin: true };
  const dir = isAbsolute(source)
    ? source
    : source.startsWith("~/")
      ? join(homedir(), source.slice(2))
      : resolve(base, source);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new CodegenError(
      diag(
        "PACK_NOT_FOUND",
        `template pack "${source}" is neither a built-in pack nor a folder`,
        undefined,
        `built-in packs: ${builtinPackNames().join(", ")}; a folder path; or a git source such as gh:owner/repo/path#ref`,
      ),
      2,
    );
  }
  if (!existsSync(join(dir, "pack.yaml"))) {
    throw new CodegenError(diag("PACK_INVALID", `${source} has no pack.yaml`), 2);
  }
  return { dir, builtin: false };
}

/** A plain name of a pack shipped in template-packs/ (a folder of that name elsewhere is not meant). */
export function isBuiltinName(source: string): boolean {
  return (
    /^[A-Za-z0-9_.-]+$/.test(source) &&
    !source.startsWith(".") &&
    existsSync(join(builtinPacksDir, source, "pack.yaml"))
  );
}

export function builtinPackNames(): string[] {
  return readdirSync(builtinPacksDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && existsSync(join(builtinPacksDir, e.name, "pack.yaml")))
    .map((e) => e.name)
    .sort();
}

/** The pack used when none is configured, named in template-packs/index.yaml. */
export function defaultPackName(): string {
  const index = parseYaml(
    readFileSync(join(builtinPacksDir, "index.yaml"), "utf8"),
    "template-packs/index.yaml",
    "PACK_INVALID",
  ).value as { default?: string } | null;
  return index?.default ?? builtinPackNames()[0] ?? "";
}

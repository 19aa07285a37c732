/**
 * The API of the Go packages under a folder, as text (test/support/goapi prints it from the
 * sources, without building them): package names, exported types with their fields and method
 * sets, funcs and methods with their signatures, var and const names.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { repoRoot } from "./paths.js";

const goapi = join(repoRoot, "test/support/goapi");

export interface GoApiOptions {
  /** Unexported names too (package-level declarations, fields, methods). */
  unexported?: boolean;
  /** Leave out the files whose slash-separated path relative to the folder matches. */
  exclude?: RegExp;
}

/** One block per package (`package <folder> <name>` then its declarations), sorted. */
export function goApiText(dir: string, opts: GoApiOptions = {}): string {
  const args = [
    "run",
    ".",
    ...(opts.unexported ? ["-unexported"] : []),
    ...(opts.exclude ? ["-exclude", opts.exclude.source] : []),
    dir,
  ];
  // The default module and build caches are shared: after the first run this only links.
  const r = spawnSync("go", args, {
    cwd: goapi,
    encoding: "utf8",
    env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`goapi ${dir} failed (exit ${r.status})\n${r.stdout}\n${r.stderr}`);
  return r.stdout;
}

/** The same text split by package: folder (relative, "." for the root) → its block. */
export function goApi(dir: string, opts: GoApiOptions = {}): Map<string, string> {
  const byPackage = new Map<string, string>();
  for (const block of goApiText(dir, opts).split(/^(?=package )/m)) {
    const folder = /^package (\S+)/.exec(block)?.[1];
    if (folder !== undefined) byPackage.set(folder, (byPackage.get(folder) ?? "") + block);
  }
  return byPackage;
}

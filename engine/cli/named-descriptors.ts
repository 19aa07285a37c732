/**
 * One-shot gen without a project file: `codegen gen --pack <pack> --api x.api --dir out`. The
 * folder given by --dir (default: here) is the project; the descriptors named by the flags are
 * read instead of the pack's inputs; the frame is the first of the pack's frames that reads
 * those kinds (or --frame). The ledger lives in that folder as for any project, so a second run
 * rewrites only what the first wrote.
 */
import { statSync } from "node:fs";
import { join, resolve } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { applyPack, loadConfig, type LoadedConfig } from "../config/index.js";
import { lstatOrNull } from "../fs/index.js";
import { loadPack, type Pack, type PackPins } from "../packs/index.js";
import { CONFIG_FILE } from "../project/index.js";
import { readLedger } from "../write/index.js";
import { configFlags, type GlobalFlags } from "./flags.js";

export interface NamedFlags extends GlobalFlags {
  gitChange?: boolean | string;
  api?: string | string[];
  proto?: string | string[];
  sql?: string | string[];
  dir?: string;
}

const KINDS = ["api", "proto", "sql"] as const;

/** The descriptors the flags name, absolute, by kind; null when no such flag was given. */
export function namedDescriptors(flags: NamedFlags, cwd: string): Record<string, string[]> | null {
  const named: Record<string, string[]> = {};
  for (const kind of KINDS) {
    const given = flags[kind];
    if (given === undefined) continue;
    named[kind] = (Array.isArray(given) ? given : [given]).map((f) => {
      const abs = resolve(cwd, String(f));
      const stat = lstatOrNull(abs);
      if (!stat || !statSync(abs, { throwIfNoEntry: false })?.isFile())
        throw new CodegenError(diag("DESC_NOT_FOUND", `descriptor ${f} (--${kind}) is not a file`), 2);
      return abs;
    });
  }
  if (Object.keys(named).length === 0) {
    if (flags.dir !== undefined)
      throw new CodegenError(
        diag("USAGE", "--dir is for a gen without a project file: name the descriptors with --api, --proto or --sql"),
        2,
      );
    return null;
  }
  return named;
}

/** The project of a one-shot gen: the --dir folder, which must not be a project already. */
export async function namedProject(
  flags: NamedFlags,
  named: Record<string, string[]>,
  cwd: string,
): Promise<{ config: LoadedConfig; pack: Pack; pins: PackPins }> {
  const root = resolve(cwd, flags.dir ?? ".");
  if (lstatOrNull(join(root, CONFIG_FILE))) {
    throw new CodegenError(
      diag(
        "USAGE",
        `${flags.dir ?? "."} holds ${CONFIG_FILE}: it is a project, and gen reads the descriptors its config names`,
        undefined,
        "run codegen gen there without --api, --proto or --sql",
      ),
      2,
    );
  }
  if (flags.desc !== undefined || flags.gitChange !== undefined)
    throw new CodegenError(
      diag(
        "USAGE",
        "--desc and --git-change select among a project's descriptors; with --api, --proto or --sql the named files are all that is read",
      ),
      2,
    );
  const base = configFlags(flags);
  const seed = await loadConfig({ cwd, root, flags: base });
  const pins: PackPins = { pinned: readLedger(root).packs, used: {} };
  const pack = await loadPack(seed.values.pack, root, { pins, offline: seed.values.offline });
  const kinds = Object.keys(named);
  const frame =
    flags.frame ??
    Object.entries(pack.frames).find(([, f]) => f.inputs !== null && kinds.every((k) => f.inputs!.includes(k)))?.[0];
  const config = await applyPack(
    frame === undefined ? seed : await loadConfig({ cwd, root, flags: { ...base, frame } }),
    pack,
  );
  return { config, pack, pins };
}

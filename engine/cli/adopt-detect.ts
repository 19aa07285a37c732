/**
 * What `codegen adopt` takes a folder for: the pack, frame and config values (a naming style)
 * under which the most of the files the pack would plan already exist. Everything it knows
 * about a layout comes from the packs' `adopt` sections; each candidate is generated in memory
 * (nothing is written) and scored by the planned paths present on disk, then (between choices
 * that plan the same paths, such as a model with or without a cache) by the lines its managed
 * files share with the files there.
 */
import { basename } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { applyPack, loadConfig, type LoadedConfig } from "../config/index.js";
import { findInputs } from "../descriptors/index.js";
import { generate, type GenerateResult } from "../generate.js";
import { builtinPackNames, loadPack, type Pack, type SchemaNode } from "../packs/index.js";
import { ProjectFiles } from "../write/index.js";

export interface Candidate {
  /** The pack as the config names it (a built-in name, or --pack as given). */
  source: string;
  pack: Pack;
  config: LoadedConfig;
  result: GenerateResult;
  /** Planned paths that exist in the folder. */
  present: number;
  /** Lines the planned managed files share with the files at their paths: tells apart choices that plan the same paths. */
  alike: number;
  /** The config values adopt chose (frame, and the pack's `vary` keys), by dotted key. */
  values: Record<string, string | boolean>;
}

export interface DetectOptions {
  root: string;
  /** --pack: only this pack; else every built-in pack that can adopt. */
  pack?: string | undefined;
  /** --frame: only this frame. */
  frame?: string | undefined;
  offline?: boolean | undefined;
}

/** The best candidate; a diagnostic when the folder is no project of any pack's layout. */
export async function detectLayout(options: DetectOptions): Promise<Candidate> {
  const { root } = options;
  const names = options.pack ? [options.pack] : builtinPackNames();
  const packs: Array<{ source: string; pack: Pack }> = [];
  for (const source of names) {
    const pack = await loadPack(source, root, { offline: options.offline });
    if (pack.adopt) packs.push({ source, pack });
    else if (options.pack)
      throw new CodegenError(
        diag(
          "ADOPT_UNSUPPORTED",
          `pack ${pack.name} has no adopt section: it cannot recognize a project it did not make`,
        ),
        2,
      );
  }
  const looked: string[] = [];
  let best: Candidate | null = null;
  for (const { source, pack } of packs) {
    for (const [frame, spec] of Object.entries(pack.adopt!.frames)) {
      if (options.frame && options.frame !== frame) continue;
      const missing = await missingEvidence(root, pack, frame, spec.requires);
      if (missing) {
        looked.push(`${pack.name} ${frame}: ${missing}`);
        continue;
      }
      for (const values of variations(pack, frame)) {
        const candidate = await generateAs(root, source, pack, values, options.offline);
        if (
          !best ||
          candidate.present > best.present ||
          (candidate.present === best.present && candidate.alike > best.alike)
        )
          best = candidate;
      }
    }
  }
  if (!best || best.present === 0) {
    const why = looked.length > 0 ? ` (${looked.join("; ")})` : "";
    throw new CodegenError(
      diag(
        "ADOPT_NOT_A_PROJECT",
        `${root} is not a project any pack can adopt${why}; nothing was written`,
        undefined,
        "run codegen adopt in the folder of one service: the one holding its main file and etc/",
      ),
    );
  }
  // Candidates are told apart without the pack's steps (formatters, compilers): the one taken
  // is generated in full, as gen will.
  return { ...best, result: await generate({ config: best.config, phase: "gen", pack: best.pack }) };
}

/** Why the folder is not a project of this frame (a required file or a descriptor missing), or null. */
async function missingEvidence(root: string, pack: Pack, frame: string, requires: string[]): Promise<string | null> {
  for (const glob of requires) {
    if ((await findInputs(root, glob, "the pack's adopt glob")).length === 0) return `no file matches ${glob}`;
  }
  const kinds = pack.frames[frame]?.inputs ?? Object.keys(pack.inputs);
  for (const kind of kinds) {
    const glob = pack.inputs[kind];
    if (glob && (await findInputs(root, glob, `the ${kind} input glob`)).length > 0) return null;
  }
  return `no descriptor (${kinds.map((k) => pack.inputs[k] ?? k).join(", ")})`;
}

/** Every combination of the `vary` keys' values (an enum's, or false and true), with the frame. */
function variations(pack: Pack, frame: string): Array<Record<string, string | boolean>> {
  let out: Array<Record<string, string | boolean>> = [{ frame }];
  for (const key of [...pack.adopt!.vary, ...(pack.adopt!.frames[frame]?.vary ?? [])]) {
    const node = key.split(".").reduce<SchemaNode | undefined>((n, part) => n?.properties?.[part], pack.config.schema);
    const choices = Array.isArray(node?.["enum"])
      ? (node["enum"] as unknown[]).map(String)
      : node?.type === "boolean"
        ? [false, true]
        : [];
    if (choices.length === 0) continue;
    out = out.flatMap((v) => choices.map((c) => ({ ...v, [key]: c })));
  }
  return out;
}

async function generateAs(
  root: string,
  source: string,
  pack: Pack,
  values: Record<string, string | boolean>,
  offline: boolean | undefined,
): Promise<Candidate> {
  const flags: Record<string, unknown> = { name: projectName(root), pack: source, offline, ...values };
  const config = await applyPack(await loadConfig({ cwd: root, root, flags, env: {} }), pack);
  const result = await generate({ config, phase: "gen", pack, withoutSteps: true });
  const disk = new ProjectFiles(root);
  let present = 0;
  let alike = 0;
  for (const f of result.files) {
    const bytes = disk.read(f.path);
    if (bytes === null) continue;
    present++;
    if (f.mode === "managed") alike += sharedLines(bytes.toString("utf8"), f.contents.toString("utf8"));
  }
  return { source, pack, config, result, present, alike, values };
}

/**
 * How many lines two texts have in common, each counted as often as both have it; white space is
 * not compared (a formatter's alignment differs between files it has and has not run on).
 */
function sharedLines(a: string, b: string): number {
  const counts = new Map<string, number>();
  const bare = (line: string): string => line.replace(/\s+/g, "");
  for (const line of a.split("\n")) {
    const t = bare(line);
    if (t !== "") counts.set(t, (counts.get(t) ?? 0) + 1);
  }
  let shared = 0;
  for (const line of b.split("\n")) {
    const t = bare(line);
    const n = counts.get(t) ?? 0;
    if (t === "" || n === 0) continue;
    shared++;
    counts.set(t, n - 1);
  }
  return shared;
}

/** The folder's name as the project's, without what a project name may not hold. */
function projectName(root: string): string {
  return basename(root).replace(/["`\\\u0000-\u001f\u007f]/g, "") || "service";
}

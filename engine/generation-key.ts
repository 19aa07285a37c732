/**
 * The one key of "did the inputs change?": generationKey derives it from GenerationInputs, what
 * names everything generation reads (the pack's folders, the step programs, the descriptor
 * globs, the variables that locate third-party descriptor files) and the two values a run
 * computes from its config files (the resolved config's digest, the project). The full gen and
 * the launcher's early path (cli/replay.ts) both derive it here, from the same inputs, as things
 * are now, and compare it with the project's record (write/snapshot.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { memoKey, treeIdentity, type KeyPart } from "./cache/index.js";
import { findInputs } from "./descriptors/index.js";
import { toolIdentity } from "./exec/index.js";
import type { Pack } from "./packs/index.js";

/** Everything a full gen's files depend on, as plain data (the record keeps it for the early path). */
export interface GenerationInputs {
  /** The project's root and its descriptor globs: every file they find counts, by its bytes. */
  root: string;
  globs: string[];
  /** The pack's layer folders: their files' paths, sizes and modification times count. */
  layers: string[];
  /** The step programs: where PATH finds each, its size and modification time count. */
  tools: string[];
  /** The variables that locate third-party descriptor files: their values count. */
  env: string[];
  /**
   * The SHA-256 of the resolved config (less the keys that only change how a run behaves: the
   * snapshot that keeps these inputs holds no config value), and the project.
   */
  config: string;
  project: object;
}

export function generationInputs(
  pack: Pack,
  config: object,
  project: object,
  root: string,
  globs: string[],
): GenerationInputs {
  const tools = pack.steps.flatMap((step) => [step.run[0] ?? "", ...step.cacheTools]);
  const configDigest = createHash("sha256")
    .update(JSON.stringify(outputKeys(config)))
    .digest("hex");
  return { root, globs, layers: pack.layers, tools, env: importEnvironment(pack), config: configDigest, project };
}

/** Every descriptor file the globs find (by kind, for messages, or a plain list), with the SHA-256 of its bytes. */
export async function descriptorHashes(
  root: string,
  globs: Record<string, string> | string[],
): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  const named = Array.isArray(globs) ? globs.map((g) => [null, g] as const) : Object.entries(globs);
  for (const [kind, glob] of named) {
    for (const f of await findInputs(root, glob, kind === null ? undefined : `the ${kind} input glob`))
      out[f] = createHash("sha256")
        .update(readFileSync(join(root, f)))
        .digest("hex");
  }
  return out;
}

/**
 * The key of a full gen: memoKey of its inputs as they are now, given the descriptor files'
 * digests (descriptorHashes). `layerIdentity` may answer with what a pack was just checked with.
 */
export async function generationKey(
  inputs: GenerationInputs,
  descriptors: Record<string, string>,
  layerIdentity: (dir: string) => string = treeIdentity,
): Promise<string> {
  const parts: KeyPart[] = [JSON.stringify(inputs.globs)];
  for (const layer of inputs.layers) parts.push(layer, layerIdentity(layer));
  parts.push(inputs.config, JSON.stringify(inputs.project));
  for (const d of Object.keys(descriptors).sort()) parts.push(d, descriptors[d]!);
  for (const tool of inputs.tools) parts.push(await toolIdentity(tool));
  for (const name of inputs.env) parts.push(`${name}=${process.env[name] ?? ""}`);
  return memoKey("snapshot", parts);
}

/**
 * PATH and CODEGEN_PROTO_PATH (where programs and .proto files are found), the variables the
 * pack's folder sources name (`${NAME}`), the home folder (`~/`), and the switch for downloads.
 */
function importEnvironment(pack: Pack): string[] {
  const names = new Set(["PATH", "CODEGEN_PROTO_PATH", "HOME", "CODEGEN_PROTO_OFFLINE"]);
  for (const m of JSON.stringify(pack.protoImports).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) names.add(m[1]!);
  return [...names].sort();
}

/** Config without the keys that change how a run behaves but not what it generates. */
function outputKeys(config: object): object {
  const { verbose: _v, trust: _t, offline: _o, hooks: _h, gen: _g, ...rest } = config as Record<string, unknown>;
  return rest;
}

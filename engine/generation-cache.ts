/**
 * A full gen whose inputs did not change gives the files it gave last time. The key covers
 * everything generation reads: codegen itself, every file of the pack chain, the resolved
 * config, the project, every descriptor's bytes, the identity of the step programs and the
 * environment that locates third-party descriptor files. On a hit nothing is parsed, planned,
 * rendered or run; the writer still compares every file with the disk and the ledger.
 */
import { createHash } from "node:crypto";
import { cachedOutput, engineIdentity, packBundle, storeOutput, unpackBundle } from "./cache/index.js";
import { layerIdentity, type Pack } from "./packs/index.js";
import type { PlannedFile } from "./plan/index.js";
import { toolIdentity } from "./exec/index.js";
import type { Said } from "./write/index.js";

/** What a run says besides its files: warnings always, notes (skipped statements) with --verbose. */
export type { Said };

export interface KeyParts {
  pack: Pack;
  config: object;
  project: object;
  descriptors: Record<string, string>;
}

/** The file-tree and program identities each key was computed from (cli/replay.ts records them). */
export interface KeyIdentities {
  layers: Array<[dir: string, identity: string]>;
  tools: Array<[name: string, identity: string]>;
}
const identitiesByKey = new Map<string, KeyIdentities>();

export function keyIdentities(key: string): KeyIdentities | null {
  return identitiesByKey.get(key) ?? null;
}

export async function generationKey(parts: KeyParts): Promise<string> {
  const hash = createHash("sha256").update("generation\0");
  hash.update(engineIdentity());
  const used: KeyIdentities = { layers: [], tools: [] };
  for (const layer of parts.pack.layers) {
    used.layers.push([layer, layerIdentity(parts.pack, layer)]);
    hash.update(`\0${layer}\0`).update(used.layers.at(-1)![1]);
  }
  hash.update(JSON.stringify(outputKeys(parts.config))).update(JSON.stringify(parts.project));
  for (const d of Object.keys(parts.descriptors).sort()) hash.update(`\0${d}\0${parts.descriptors[d]}`);
  for (const step of parts.pack.steps) {
    for (const tool of [step.run[0] ?? "", ...step.cacheTools]) {
      used.tools.push([tool, await toolIdentity(tool)]);
      hash.update(used.tools.at(-1)![1]);
    }
  }
  hash.update(`\0${process.env["CODEGEN_PROTO_PATH"] ?? ""}\0${process.env["PATH"] ?? ""}`);
  for (const name of importEnvironment(parts.pack)) hash.update(`\0${name}=${process.env[name] ?? ""}`);
  const key = hash.digest("hex");
  identitiesByKey.set(key, used);
  return key;
}

/**
 * The variables where the pack's third-party descriptor sets are looked for: those its folder
 * sources name (`${NAME}`), the home folder (`~/`), and the switch for downloads.
 */
function importEnvironment(pack: Pack): string[] {
  const names = new Set(["HOME", "CODEGEN_PROTO_OFFLINE"]);
  for (const m of JSON.stringify(pack.protoImports).matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g)) names.add(m[1]!);
  return [...names].sort();
}

/** Config without the keys that change how a run behaves but not what it generates. */
function outputKeys(config: object): object {
  const { verbose: _v, trust: _t, offline: _o, hooks: _h, gen: _g, ...rest } = config as Record<string, unknown>;
  return rest;
}

/** One entry per generation: what was said and each file's metadata, then every file's bytes (cache/bundle). */
interface Header extends Said {
  files: Array<Omit<PlannedFile, "contents">>;
  lengths: number[];
}

export async function cachedGeneration(key: string): Promise<({ files: PlannedFile[] } & Said) | null> {
  const raw = await cachedOutput(key);
  const bundle = raw ? unpackBundle<Header>(raw) : null;
  if (!bundle || bundle.header.files.length !== bundle.parts.length) return null;
  const { header, parts } = bundle;
  return { files: header.files.map((f, i) => ({ ...f, contents: parts[i]! })), warnings: header.warnings, notes: header.notes };
}

export async function storeGeneration(key: string, files: PlannedFile[], said: Said): Promise<void> {
  await storeOutput(key, packBundle<Header>({ files: files.map(({ contents: _, ...f }) => f), ...said }, files.map((f) => f.contents)));
}

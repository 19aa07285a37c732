/**
 * A project's pack, at the version its ledger pinned, with the pack's config keys and defaults
 * applied. Commands call it before running hooks: a .codegen.yaml with a key nobody declares
 * fails before any of its commands runs.
 */
import { applyPack, type LoadedConfig } from "../config/index.js";
import { loadPack, type Pack, type PackPins } from "../packs/index.js";
import { readLedger } from "../write/index.js";

export async function projectPack(config: LoadedConfig): Promise<{ pack: Pack; config: LoadedConfig; pins: PackPins }> {
  const pins: PackPins = { pinned: config.inProject ? readLedger(config.root).packs : {}, used: {} };
  const pack = await loadPack(config.values.pack, config.root, { pins, offline: config.values.offline });
  return { pack, config: await applyPack(config, pack), pins };
}

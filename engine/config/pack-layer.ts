/**
 * The second step of loading config: the pack is known, so its defaults join as the `pack` layer,
 * the environment is read for its keys too, and the settings file is checked against the
 * engine's schema extended by the pack's (an unknown key or a wrong type is CONFIG_INVALID at
 * its line, whichever of the two declares the key).
 */
import type { Pack } from "../packs/index.js";
import { validateDocWith } from "../schema/index.js";
import type { LoadedConfig } from "./index.js";
import { layered } from "./layers.js";
import { leavesOf } from "./keys.js";

export async function applyPack(config: LoadedConfig, pack: Pack): Promise<LoadedConfig> {
  if (config.pack === pack.dir) return config;
  const { schema, defaults } = pack.config;
  const doc = config.layers.doc;
  if (doc) await validateDocWith(doc, schema, "CONFIG_INVALID");
  const keys = leavesOf(schema);
  const { values, provenance } = layered(config.root, config.layers, keys, defaults);
  return { ...config, values, provenance, keys, pack: pack.dir };
}

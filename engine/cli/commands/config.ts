import { envName, loadConfig, type LoadedConfig } from "../../config/index.js";
import { valueAt } from "../../config/index.js";
import { withHooks } from "../hooks.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { projectPack } from "../project-pack.js";
import { loadPack } from "../../packs/index.js";
import type { Out } from "../report.js";

/** `codegen config`: every key (the engine's and the pack's) with its value and the layer that set it. */
export async function configCommand(flags: GlobalFlags & { schema?: boolean }, out: Out, cwd = process.cwd()): Promise<void> {
  const loaded = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  // The schema is data for an editor, printed alone (no hooks), and also when the file breaks it.
  if (flags.schema) return out.info(JSON.stringify((await loadPack(loaded.values.pack, loaded.root, { offline: loaded.values.offline })).config.schema, null, 2));
  const { config } = await projectPack(loaded);
  await withHooks(config.values.hooks, config.root, "", async () => print(config, out));
}

function print(config: LoadedConfig, out: Out): void {
  out.info(`root: ${config.root}`);
  out.info(`file: ${config.file ?? "(none)"}`);
  for (const key of config.keys.keys()) {
    const layer = config.provenance.get(key) ?? [...config.provenance].find(([k]) => k.startsWith(key + "."))?.[1] ?? "default";
    out.info(`${key} = ${JSON.stringify(valueAt(config.values, key))}  (${layer}; env ${envName(key)})`);
  }
}

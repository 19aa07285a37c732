import { configLeaves, envName, loadConfig, type LoadedConfig } from "../../config/index.js";
import { withHooks } from "../hooks.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

/** `codegen config`: every key with its value and the layer that set it. */
export async function configCommand(flags: GlobalFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  await withHooks(config.values.hooks, config.root, "", async () => print(config, out));
}

function print(config: LoadedConfig, out: Out): void {
  out.info(`root: ${config.root}`);
  out.info(`file: ${config.file ?? "(none)"}`);
  for (const key of configLeaves().keys()) {
    const value = key.split(".").reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), config.values);
    const layer = config.provenance.get(key) ?? [...config.provenance.keys()].find((k) => k.startsWith(key + ".")) ? "file" : "default";
    out.info(`${key} = ${JSON.stringify(value)}  (${config.provenance.get(key) ?? layer}; env ${envName(key)})`);
  }
}

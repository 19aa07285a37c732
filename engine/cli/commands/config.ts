import { join, relative } from "node:path";
import {
  CONFIG_FILE,
  consentState,
  type ConsentState,
  envName,
  loadConfig,
  type LoadedConfig,
  valueAt,
} from "../../config/index.js";
import { withHooks } from "../hooks.js";
import { allowedHooks } from "../consent.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { projectPack } from "../project-pack.js";
import { loadPack } from "../../packs/index.js";
import { redactValue } from "../../secrets/index.js";
import type { Out } from "../report.js";

/** `codegen config`: every key (the engine's and the pack's) with its value and the layer that set it. */
export async function configCommand(
  flags: GlobalFlags & { schema?: boolean },
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  const loaded = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  // The schema is data for an editor, printed alone (no hooks), and also when the file breaks it.
  if (flags.schema)
    return out.info(
      JSON.stringify(
        (await loadPack(loaded.values.pack, loaded.root, { offline: loaded.values.offline })).config.schema,
        null,
        2,
      ),
    );
  const { config, pack } = await projectPack(loaded);
  // Only prints: the config file's hooks run only when allowed.
  const consent = consentState(config, pack);
  await withHooks(allowedHooks(consent, config, out), config.root, "", async () => print(config, consent, out));
}

function print(config: LoadedConfig, consent: ConsentState, out: Out): void {
  out.info(`root: ${config.root}`);
  out.info(`file: ${config.file ?? "(none)"}`);
  if (config.file && config.file !== join(config.root, CONFIG_FILE)) {
    const shown = relative(process.cwd(), config.file) || config.file;
    out.info(
      `  --config ${shown} is read instead of ${CONFIG_FILE} (the files are not merged); the root stays ${config.root}`,
    );
  }
  // Any key may hold a datasource (the engine's sql and migrate keys, a pack's own): passwords are shown as ***.
  const printed = (key: string): string => JSON.stringify(redactValue(valueAt(config.values, key)));
  for (const key of config.keys.keys()) {
    const layer =
      config.provenance.get(key) ?? [...config.provenance].find(([k]) => k.startsWith(key + "."))?.[1] ?? "default";
    if (key === "trust") out.info(trustLine(config, consent));
    else if (layer === "project")
      out.info(
        `${key} = ${printed(key)}  (${config.moduleFrom ?? layer}: an existing project's module is never changed by config)`,
      );
    else out.info(`${key} = ${printed(key)}  (${layer}; env ${envName(key)})`);
  }
  out.info(`commands: ${consentLine(consent)}`);
}

/** trust allows one run only from a flag or the environment; a config file cannot set it. */
function trustLine(config: LoadedConfig, consent: ConsentState): string {
  const layer = config.provenance.get("trust") ?? "default";
  const given = layer === "flag" || layer === "env" ? config.values.trust : false;
  const from = layer === "flag" || layer === "env" ? layer : "default";
  const ignored = consent.selfTrust ? "; trust in the config file is ignored: a project cannot trust itself" : "";
  return `trust = ${JSON.stringify(given)}  (${from}; flag --trust or env ${envName("trust")}=1 allow one run${ignored})`;
}

function consentLine(consent: ConsentState): string {
  const n = consent.commands.length;
  if (n === 0)
    return "none that needs your consent (hooks in the config file, or commands of a pack that is not built in)";
  const what = `${n} that need${n === 1 ? "s" : ""} your consent`;
  if (consent.allowedBy === "codegen trust" || consent.allowedBy === "this run")
    return `${what}: allowed for this project (codegen trust)`;
  if (consent.allowedBy) return `${what}: allowed for this run (${consent.allowedBy})`;
  return `${what}: not allowed (codegen trust lists and allows them)`;
}

/**
 * Layered configuration: built-in defaults < the pack's defaults < .codegen.yaml < CODEGEN_*
 * environment < flags. Every value remembers the layer it came from, so `codegen config` can say
 * why a value is what it is.
 *
 * Two steps, because the pack is named by the config: `loadConfig` reads the engine's keys (the
 * pack among them) and `applyPack` (pack-layer.ts) adds the pack's defaults and keys, then checks
 * the file against the engine's schema extended by the pack's.
 */
import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { readYamlFile, type YamlDoc } from "../schema/index.js";
import { validateDoc } from "../schema/index.js";
import { engineConfigSchema } from "../packs/index.js";
import { CONFIG_FILE, findProjectRoot } from "../project/index.js";
import { leavesOf } from "./keys.js";
import { layered, type Layers } from "./layers.js";
import type { LoadedConfig } from "./loaded-config.js";

export { envName, type Layer } from "./keys.js";
export type { Layers } from "./layers.js";
export { applyPack } from "./pack-layer.js";
export { settingSpan } from "./setting-span.js";

export type { CodegenConfig, Hooks } from "./values.js";
export type { LoadedConfig } from "./loaded-config.js";

export { CONFIG_FILE };

export interface LoadOptions {
  cwd: string;
  /** --config: the settings file to read instead of the project's; it never moves the root. */
  configFile?: string | undefined;
  /** A fixed project root (`new` generating into its scratch folder): no search upward. */
  root?: string;
  env?: NodeJS.ProcessEnv;
  /** Dotted keys set by flags (`gen.force`, `frame`, ...). */
  flags?: Record<string, unknown>;
}

export async function loadConfig(options: LoadOptions): Promise<LoadedConfig> {
  const env = options.env ?? process.env;
  const found = options.root ?? findProjectRoot(options.cwd);
  const root = found ?? resolve(options.cwd);
  let file: string | null = null;
  if (options.configFile) {
    file = resolve(options.cwd, options.configFile);
    if (!existsSync(file))
      throw new CodegenError(diag("CONFIG_NOT_FOUND", `config file ${options.configFile} does not exist`), 2);
  } else if (found && existsSync(resolve(found, CONFIG_FILE))) {
    file = resolve(found, CONFIG_FILE);
  }
  let doc: YamlDoc | null = null;
  if (file) {
    doc = await readYamlFile(file, displayPath(options.cwd, file), "CONFIG_INVALID");
    if (doc.value === null || typeof doc.value !== "object" || Array.isArray(doc.value)) {
      throw new CodegenError(diag("CONFIG_INVALID", "the config file must hold a mapping", doc.spanAt([])));
    }
    // Unknown keys may be the pack's: applyPack reports those that are nobody's.
    await validateDoc(doc, "codegen.schema.json", "CONFIG_INVALID", doc.value, [], { allowUnknownKeys: true });
  }
  const layers: Layers = { doc, env, flags: options.flags ?? {} };
  const { values, provenance } = layered(root, layers, configLeaves(), {});
  return {
    root,
    inProject: found !== null,
    file,
    values,
    provenance,
    keys: configLeaves(),
    moduleFrom: null,
    moduleRoot: "",
    pack: null,
    layers,
  };
}

function displayPath(cwd: string, file: string): string {
  const rel = file.startsWith(cwd + "/") ? file.slice(cwd.length + 1) : file;
  return rel;
}

/** Leaf keys of the engine's config schema (schemas/codegen.schema.json) with their JSON types. */
let leafCache: Map<string, string> | undefined;
export function configLeaves(): Map<string, string> {
  leafCache ??= leavesOf(engineConfigSchema());
  return leafCache;
}

export { trustedSources, userConfigPath } from "./user.js";
export {
  commandsNeedingConsent,
  fileHooks,
  packCommands,
  shownCommand,
  type CommandKind,
  type HookKey,
  type ProjectCommand,
} from "./consent-commands.js";
export {
  allowForThisRun,
  consentState,
  listing,
  notAllowed,
  recordConsent,
  requireConsent,
  skippedLine,
  type ConsentState,
} from "./consent.js";
export { consentFile, readConsent, writeConsent } from "./consent-store.js";
export { coerce, valueAt } from "./keys.js";

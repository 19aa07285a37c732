/** Template packs: loading one (with the packs it extends) into one merged, validated Pack, checking one, seeding the built-in ones. */
export { FUNCTIONS_FILE, loadPack } from "./load.js";
export type {
  AdoptSupport,
  Pack,
  Phase,
  Rule,
  Step,
  Tool,
  Mode,
  DeclaredImportSet,
  ModuleSource,
  PluginCommand,
  ProtoLayout,
} from "./types.js";
export { importCommands } from "./proto-imports.js";
export { layerIdentity } from "./loaded-cache.js";
export type { PackConfig, SchemaNode } from "./config.js";
export { engineConfigSchema } from "./config.js";
export { builtinPackNames, builtinPacksDir, defaultPackName, isRemote, type PackPins } from "./source.js";
export type { LintResult } from "./lint.js";

/** Check a pack (`codegen template lint`); loaded on first use, like the templates it parses. */
export async function lintPack(dir: string): Promise<import("./lint.js").LintResult> {
  return (await import("./lint.js")).lintPack(dir);
}

export { seedBuiltinPacks } from "./seed.js";

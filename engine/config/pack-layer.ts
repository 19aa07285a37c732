/**
 * The second step of loading config: the pack is known, so its defaults join as the `pack` layer,
 * the environment is read for its keys too, and the settings file is checked against the
 * engine's schema extended by the pack's (an unknown key or a wrong type is CONFIG_INVALID at
 * its line, whichever of the two declares the key).
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, readInside } from "../fs/index.js";
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
  const source = pack.moduleSource;
  const stated = source && config.inProject ? statedModule(config.root, source.file, source.keyword) : null;
  if (source && stated !== null) {
    const layer = provenance.get("module");
    if ((layer === "file" || layer === "env" || layer === "flag") && values.module !== stated) {
      const from = layer === "file" ? "" : layer === "env" ? " (from the environment)" : " (from a flag)";
      const span = layer === "file" ? config.layers.doc?.spanAt(["module"]) : undefined;
      throw new CodegenError(
        diag("CONFIG_MODULE", `module ${JSON.stringify(values.module)}${from} is not ${source.file}'s ${JSON.stringify(stated)}`, span, `the project's module is ${source.file}'s: remove this module key, or change ${source.file} to rename the module`),
      );
    }
    values.module = stated;
    provenance.set("module", "project");
  }
  return { ...config, values, provenance, keys, pack: pack.dir, moduleFrom: stated !== null && source ? source.file : null };
}

/** The word after `keyword` on the first line of the project's `file` that starts with it (quotes removed). */
function statedModule(root: string, file: string, keyword: string): string | null {
  let bytes: Buffer | null;
  try {
    bytes = readInside(root, file);
  } catch (e) {
    if (!(e instanceof LinkRefused)) throw e;
    throw new CodegenError(diag("PROJECT_FILE_LINK", `${file} is a symbolic link; codegen reads the project's module only from a file of the project itself`, undefined, `replace ${file} with the file itself`));
  }
  if (!bytes) return null;
  for (const line of bytes.subarray(0, 1 << 16).toString("utf8").split("\n")) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== keyword || words[1] === undefined) continue;
    const word = words[1].replace(/^"(.*)"$/, "$1").replace(/^`(.*)`$/, "$1");
    return word === "" ? null : word;
  }
  return null;
}

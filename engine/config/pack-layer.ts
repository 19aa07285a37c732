/**
 * The second step of loading config: the pack is known, so its defaults join as the `pack` layer,
 * the environment is read for its keys too, and the settings file is checked against the
 * engine's schema extended by the pack's (an unknown key or a wrong type is CONFIG_INVALID at
 * its line, whichever of the two declares the key).
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { existsSync, readFileSync, realpathSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { LinkRefused, lstatOrNull, readInside } from "../fs/index.js";
import type { ModuleSource, Pack } from "../packs/index.js";
import { validateDocWith } from "../schema/index.js";
import type { LoadedConfig } from "./loaded-config.js";
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
  const found = source && config.inProject ? moduleOf(config.root, source) : null;
  const stated = found?.module ?? null;
  if (source && stated !== null) {
    const layer = provenance.get("module");
    if ((layer === "file" || layer === "env" || layer === "flag") && values.module !== stated) {
      const from = layer === "file" ? "" : layer === "env" ? " (from the environment)" : " (from a flag)";
      const span = layer === "file" ? config.layers.doc?.spanAt(["module"]) : undefined;
      throw new CodegenError(
        diag(
          "CONFIG_MODULE",
          `module ${JSON.stringify(values.module)}${from} is not ${source.file}'s ${JSON.stringify(stated)}`,
          span,
          `the project's module is ${source.file}'s: remove this module key, or change ${source.file} to rename the module`,
        ),
      );
    }
    values.module = stated;
    provenance.set("module", "project");
  }
  return {
    ...config,
    values,
    provenance,
    keys,
    pack: pack.dir,
    moduleFrom: found && source ? join(found.dir, source.file).split(sep).join("/") : null,
    moduleRoot: found?.dir ?? "",
  };
}

/**
 * The project's module as its module file states it: the project's own file, or with `upward`
 * the nearest one in a folder above (the module then gains the project's folder below that
 * folder, as an import path does). `dir` is the file's folder relative to the project root.
 */
function moduleOf(root: string, source: ModuleSource): { module: string; dir: string } | null {
  const own = statedModule(root, source.file, source.keyword);
  if (own !== null || !source.upward || lstatOrNull(join(root, source.file)))
    return own === null ? null : { module: own, dir: "" };
  // A one-shot gen's output folder may not exist yet.
  const real = existsSync(root) ? realpathSync(root) : resolve(root);
  for (let at = dirname(real); ; at = dirname(at)) {
    const file = join(at, source.file);
    const stat = lstatOrNull(file);
    if (stat) {
      if (stat.isSymbolicLink())
        throw new CodegenError(
          diag(
            "PROJECT_FILE_LINK",
            `${file} is a symbolic link; codegen reads the module only from the file itself`,
            undefined,
            `replace ${file} with the file itself`,
          ),
        );
      const stated = stat.isFile() ? statedIn(readFileSync(file), source.keyword) : null;
      if (stated === null) return null;
      const below = relative(at, real).split(sep).join("/");
      return { module: `${stated}/${below}`, dir: relative(real, at).split(sep).join("/") };
    }
    if (dirname(at) === at) return null;
  }
}

/** The word after `keyword` on the first line of the project's `file` that starts with it (quotes removed). */
function statedModule(root: string, file: string, keyword: string): string | null {
  let bytes: Buffer | null;
  try {
    bytes = readInside(root, file);
  } catch (e) {
    if (!(e instanceof LinkRefused)) throw e;
    throw new CodegenError(
      diag(
        "PROJECT_FILE_LINK",
        `${file} is a symbolic link; codegen reads the project's module only from a file of the project itself`,
        undefined,
        `replace ${file} with the file itself`,
      ),
    );
  }
  return bytes ? statedIn(bytes, keyword) : null;
}

function statedIn(bytes: Buffer, keyword: string): string | null {
  for (const line of bytes
    .subarray(0, 1 << 16)
    .toString("utf8")
    .split("\n")) {
    const words = line.trim().split(/\s+/);
    if (words[0] !== keyword || words[1] === undefined) continue;
    const word = words[1].replace(/^"(.*)"$/, "$1").replace(/^`(.*)`$/, "$1");
    return word === "" ? null : word;
  }
  return null;
}

/**
 * The yaml library, loaded on first use (a gen the early path answers reads no YAML). The build bundles it
 * into one file (scripts/bundle.mjs), which loads in a third of the time of the package's seventy
 * files. Without a build of it (a checkout compiled by tsc alone) the package is loaded.
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { packageRoot, switchedOff } from "../cache/index.js";

type YamlLib = typeof import("yaml");
let lib: YamlLib | undefined;

export function yamlLib(): YamlLib {
  if (!lib) {
    const bundled = join(packageRoot, "dist/bundle/yaml.cjs");
    lib = createRequire(import.meta.url)(
      existsSync(bundled) && !switchedOff("yaml-bundle") ? bundled : "yaml",
    ) as YamlLib;
  }
  return lib;
}

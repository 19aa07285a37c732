/**
 * The yaml library, loaded on first use. Loading it costs about 40 ms, and a run whose YAML
 * files all come from the parse cache (yaml-doc.ts) does not need it at all.
 */
import { createRequire } from "node:module";

type YamlLib = typeof import("yaml");
let lib: YamlLib | undefined;

export function yamlLib(): YamlLib {
  lib ??= createRequire(import.meta.url)("yaml") as YamlLib;
  return lib;
}

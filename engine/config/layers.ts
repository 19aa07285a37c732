/** The layers of config, lowest first: built-in defaults, the pack's defaults, file, environment, flags. */
import { basename } from "node:path";
import { defaultPackName } from "../packs/index.js";
import type { YamlDoc } from "../schema/index.js";
import type { CodegenConfig } from "./values.js";
import { envValues, setDotted, type Layer } from "./keys.js";

export function defaults(root: string): CodegenConfig {
  const name = basename(root);
  return {
    name,
    module: name,
    frame: "",
    pack: defaultPackName(),
    trust: false,
    offline: false,
    verbose: false,
    inputs: {},
    hooks: { before: [], after: [] },
    gen: { desc: [], force: false, hooks: { before: [], after: [] } },
    sql: { datasource: [], tables: [], dialect: "" },
    migrate: { datasource: "", dir: "" },
    serverless: { plugins: [], plugin: false, mono: false },
  };
}

/** What the user gave, kept so that the pack's keys and defaults can be layered in later. */
export interface Layers {
  doc: YamlDoc | null;
  env: NodeJS.ProcessEnv;
  flags: Record<string, unknown>;
}

/** Values from every layer, lowest first: built-in, pack defaults, file, environment, flags. */
export function layered(
  root: string,
  layers: Layers,
  keys: Map<string, string>,
  packDefaults: Record<string, unknown>,
): { values: CodegenConfig; provenance: Map<string, Layer> } {
  const values = defaults(root);
  const provenance = new Map<string, Layer>();
  const branch = (key: string): boolean => [...keys.keys()].some((k) => k.startsWith(key + "."));
  merge(values, structuredClone(packDefaults), "", provenance, "pack", branch);
  if (layers.doc)
    merge(values, structuredClone(layers.doc.value) as Record<string, unknown>, "", provenance, "file", branch);
  for (const [key, raw] of Object.entries(envValues(layers.env, keys))) setDotted(values, key, raw, provenance, "env");
  for (const [key, raw] of Object.entries(layers.flags)) {
    if (raw !== undefined) setDotted(values, key, raw, provenance, "flag");
  }
  if (!provenance.has("module") && provenance.has("name")) values.module = values.name;
  return { values, provenance };
}

/** Mappings that hold keys are merged key by key; a leaf (a list, `inputs`, a map of dialects) is replaced whole. */
function merge(
  target: object,
  source: Record<string, unknown>,
  prefix: string,
  prov: Map<string, Layer>,
  layer: Layer,
  branch: (key: string) => boolean,
): void {
  const t = target as Record<string, unknown>;
  for (const [k, v] of Object.entries(source)) {
    // Never a key anyone declares; assigning it would replace the prototype (the schema check reports it).
    if (k === "__proto__") continue;
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object" && !Array.isArray(v) && branch(key)) {
      const current = t[k];
      if (!current || typeof current !== "object" || Array.isArray(current)) t[k] = {};
      merge(t[k] as object, v as Record<string, unknown>, key, prov, layer, branch);
    } else {
      t[k] = v;
      prov.set(key, layer);
    }
  }
}

/**
 * Layered configuration: defaults < .codegen.yaml < CODEGEN_* environment < flags.
 * Every value remembers the layer it came from, so `codegen config` can say why a value is what it is.
 */
import { existsSync, readFileSync } from "node:fs";
import { basename, resolve } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { readYamlFile } from "../schema/yaml-doc.js";
import { validateDoc, schemaPath } from "../schema/validate.js";
import { defaultPackName } from "../packs/source.js";
import { CONFIG_FILE, findProjectRoot } from "../project/index.js";

export interface Hooks {
  before: string[];
  after: string[];
}

export interface CodegenConfig {
  name: string;
  module: string;
  frame: string;
  pack: string;
  trust: boolean;
  offline: boolean;
  verbose: boolean;
  inputs: Record<string, string>;
  hooks: Hooks;
  gen: { desc: string[]; force: boolean; hooks: Hooks };
  sql: { datasource: string[]; tables: string[]; dialect: string | Record<string, string>; cache: boolean; cache_tables: string[] };
  migrate: { datasource: string; dir: string };
  serverless: { plugins: string[]; plugin: boolean; mono: boolean };
}

export type Layer = "default" | "file" | "env" | "flag";

export interface LoadedConfig {
  /** Project root: the folder of the nearest .codegen.yaml (or the working directory outside a project). */
  root: string;
  /** True when a .codegen.yaml was found (or the root was given): `root` is a project. */
  inProject: boolean;
  /** The settings file that was read, if any (the project's, or --config). */
  file: string | null;
  values: CodegenConfig;
  /** Dotted key → the layer that set it. */
  provenance: Map<string, Layer>;
}

export { CONFIG_FILE };

function defaults(root: string): CodegenConfig {
  const name = basename(root);
  return {
    name,
    module: name,
    frame: "api",
    pack: defaultPackName(),
    trust: false,
    offline: false,
    verbose: false,
    inputs: {},
    hooks: { before: [], after: [] },
    gen: { desc: [], force: false, hooks: { before: [], after: [] } },
    sql: { datasource: [], tables: [], dialect: "", cache: false, cache_tables: [] },
    migrate: { datasource: "", dir: "desc/sql_migration" },
    serverless: { plugins: [], plugin: false, mono: false },
  };
}

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
    if (!existsSync(file)) throw new CodegenError(diag("CONFIG_NOT_FOUND", `config file ${options.configFile} does not exist`), 2);
  } else if (found && existsSync(resolve(found, CONFIG_FILE))) {
    file = resolve(found, CONFIG_FILE);
  }
  const values = defaults(root);
  const provenance = new Map<string, Layer>();

  if (file) {
    const doc = await readYamlFile(file, displayPath(options.cwd, file), "CONFIG_INVALID");
    if (doc.value === null || typeof doc.value !== "object" || Array.isArray(doc.value)) {
      throw new CodegenError(diag("CONFIG_INVALID", "the config file must hold a mapping", doc.spanAt([])));
    }
    await validateDoc(doc, "codegen.schema.json", "CONFIG_INVALID");
    merge(values, doc.value as Record<string, unknown>, "", provenance, "file");
  }
  for (const [key, raw] of Object.entries(envValues(env))) setDotted(values, key, raw, provenance, "env");
  for (const [key, raw] of Object.entries(options.flags ?? {})) {
    if (raw !== undefined) setDotted(values, key, raw, provenance, "flag");
  }
  if (!provenance.has("module") && provenance.has("name")) values.module = values.name;
  return { root, inProject: found !== null, file, values, provenance };
}

function displayPath(cwd: string, file: string): string {
  const rel = file.startsWith(cwd + "/") ? file.slice(cwd.length + 1) : file;
  return rel;
}

function merge(target: object, source: Record<string, unknown>, prefix: string, prov: Map<string, Layer>, layer: Layer): void {
  const t = target as Record<string, unknown>;
  for (const [k, v] of Object.entries(source)) {
    const key = prefix ? `${prefix}.${k}` : k;
    const current = t[k];
    if (v !== null && typeof v === "object" && !Array.isArray(v) && current && typeof current === "object" && !Array.isArray(current) && key !== "inputs") {
      merge(current, v as Record<string, unknown>, key, prov, layer);
    } else {
      t[k] = v;
      prov.set(key, layer);
    }
  }
}

/** Leaf keys of the config schema with their JSON types, derived once from schemas/codegen.schema.json. */
let leafCache: Map<string, string> | undefined;
export function configLeaves(): Map<string, string> {
  if (leafCache) return leafCache;
  const schema = JSON.parse(readFileSync(schemaPath("codegen.schema.json"), "utf8")) as SchemaNode;
  const leaves = new Map<string, string>();
  const walk = (node: SchemaNode, prefix: string): void => {
    const resolved = node.$ref ? (schema.definitions?.[node.$ref.replace("#/definitions/", "")] ?? node) : node;
    if (resolved.type === "object" && resolved.properties) {
      for (const [k, child] of Object.entries(resolved.properties)) walk(child, prefix ? `${prefix}.${k}` : k);
    } else leaves.set(prefix, resolved.type ?? "string");
  };
  walk(schema, "");
  leafCache = leaves;
  return leaves;
}

interface SchemaNode {
  type?: string;
  $ref?: string;
  properties?: Record<string, SchemaNode>;
  definitions?: Record<string, SchemaNode>;
}

/** `gen.hooks.before` → `CODEGEN_GEN_HOOKS_BEFORE`. */
export function envName(key: string): string {
  return "CODEGEN_" + key.replace(/\./g, "_").toUpperCase();
}

function envValues(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, type] of configLeaves()) {
    const raw = env[envName(key)];
    if (raw === undefined || raw === "") continue;
    out[key] = coerce(raw, type, envName(key));
  }
  return out;
}

function coerce(raw: string, type: string, name: string): unknown {
  if (type === "boolean") {
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new CodegenError(diag("CONFIG_INVALID", `${name} must be true or false, got "${raw}"`), 2);
  }
  if (type === "array") return raw.split(",").map((s) => s.trim()).filter(Boolean);
  if (type === "object") {
    // An object-valued key (inputs) is given as kind=glob pairs separated by commas.
    return Object.fromEntries(raw.split(",").map((p) => p.split("=").map((s) => s.trim()) as [string, string]));
  }
  return raw;
}

function setDotted(target: CodegenConfig, key: string, value: unknown, prov: Map<string, Layer>, layer: Layer): void {
  const parts = key.split(".");
  let node = target as unknown as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
  prov.set(key, layer);
}

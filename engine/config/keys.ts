/** Config keys as dotted paths: the leaves of a config schema, their environment names and values. */
import { CodegenError, diag } from "../diagnostics/index.js";
import type { SchemaNode } from "../packs/index.js";

/** `project`: read from a file of the project the pack names (the module from its module file). */
export type Layer = "default" | "pack" | "file" | "env" | "flag" | "project";

/** Leaf keys of a config schema (`gen.hooks.before`) with their JSON types. */
export function leavesOf(schema: SchemaNode): Map<string, string> {
  const leaves = new Map<string, string>();
  const walk = (node: SchemaNode, prefix: string): void => {
    const resolved = node.$ref ? (schema.definitions?.[node.$ref.replace("#/definitions/", "")] ?? node) : node;
    if (resolved.properties) {
      for (const [k, child] of Object.entries(resolved.properties)) walk(child, prefix ? `${prefix}.${k}` : k);
    } else leaves.set(prefix, typeof resolved.type === "string" ? resolved.type : "string");
  };
  walk(schema, "");
  return leaves;
}

/** `gen.hooks.before` → `CODEGEN_GEN_HOOKS_BEFORE`. */
export function envName(key: string): string {
  return "CODEGEN_" + key.replace(/\./g, "_").toUpperCase();
}

/** Values of these keys set in the environment. */
export function envValues(env: NodeJS.ProcessEnv, keys: Iterable<[string, string]>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, type] of keys) {
    const raw = env[envName(key)];
    if (raw === undefined || raw === "") continue;
    out[key] = coerce(raw, type, envName(key));
  }
  return out;
}

/** A value given as text (an environment variable, `new --set`) as the key's JSON type; `name` is what errors call it. */
export function coerce(raw: string, type: string, name: string): unknown {
  if (type === "boolean") {
    if (/^(1|true|yes|on)$/i.test(raw)) return true;
    if (/^(0|false|no|off)$/i.test(raw)) return false;
    throw new CodegenError(diag("CONFIG_INVALID", `${name} must be true or false, got "${raw}"`), 2);
  }
  if (type === "integer" || type === "number") {
    const n = Number(raw);
    if (raw.trim() === "" || Number.isNaN(n) || (type === "integer" && !Number.isInteger(n))) {
      throw new CodegenError(
        diag("CONFIG_INVALID", `${name} must be ${type === "integer" ? "a whole number" : "a number"}, got "${raw}"`),
        2,
      );
    }
    return n;
  }
  if (type === "array")
    return raw
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (type === "object") {
    // An object-valued key (inputs) is given as kind=glob pairs separated by commas.
    const pairs = raw.split(",").map((p) => /^\s*([^=\s]+)\s*=\s*(\S.*?)\s*$/.exec(p));
    if (pairs.some((m) => m === null))
      throw new CodegenError(
        diag("CONFIG_INVALID", `${name} must be kind=glob pairs separated by commas, got "${raw}"`),
        2,
      );
    return Object.fromEntries(pairs.map((m) => [m![1]!, m![2]!]));
  }
  return raw;
}

export function setDotted(target: object, key: string, value: unknown, prov: Map<string, Layer>, layer: Layer): void {
  const parts = key.split(".");
  let node = target as Record<string, unknown>;
  for (const part of parts.slice(0, -1)) {
    node[part] ??= {};
    node = node[part] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = value;
  prov.set(key, layer);
}

export function valueAt(source: unknown, key: string): unknown {
  return key
    .split(".")
    .reduce<unknown>((v, k) => (v && typeof v === "object" ? (v as Record<string, unknown>)[k] : undefined), source);
}

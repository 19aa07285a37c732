/**
 * A pack's `config:` section: default values for config keys, and a JSON Schema fragment for the
 * keys it adds (`sql.cache`, ...) or whose meaning it gives (`module`). Over the extends chain it
 * becomes the project's whole config schema (the engine's keys plus the packs') and the `pack`
 * layer of defaults, which sits between the engine's built-in defaults and .codegen.yaml.
 */
import { readFileSync } from "node:fs";
import { CodegenError, diag } from "../diagnostics/index.js";
import type { YamlDoc } from "../schema/index.js";
import { compileSchema, schemaPath, validateDocWith } from "../schema/index.js";

export interface SchemaNode {
  type?: string | string[];
  description?: string;
  properties?: Record<string, SchemaNode>;
  additionalProperties?: unknown;
  $ref?: string;
  definitions?: Record<string, SchemaNode>;
  /** On an engine key: a pack may give its default (frame, migrate.dir). */
  "x-pack-default"?: boolean;
  [keyword: string]: unknown;
}

export interface ConfigSection {
  defaults?: Record<string, unknown>;
  schema?: { properties?: Record<string, SchemaNode> };
}

export interface PackConfig {
  /** The config schema: the engine's keys plus those of every pack in the chain. */
  schema: SchemaNode;
  /** Defaults of the chain, the extending pack's over its parent's (mappings merged key by key). */
  defaults: Record<string, unknown>;
}

let engineSchema: SchemaNode | undefined;

/** schemas/codegen.schema.json: the keys the engine itself reads. */
export function engineConfigSchema(): SchemaNode {
  engineSchema ??= JSON.parse(readFileSync(schemaPath("codegen.schema.json"), "utf8")) as SchemaNode;
  return engineSchema;
}

export async function packConfig(
  section: ConfigSection | undefined,
  parent: PackConfig | null,
  doc: YamlDoc,
): Promise<PackConfig> {
  const base = parent ?? { schema: engineConfigSchema(), defaults: {} };
  if (!section) return base;
  const schema = section.schema ? extend(base.schema, section.schema, [], doc) : base.schema;
  try {
    await compileSchema(schema);
  } catch (e) {
    throw new CodegenError(
      diag(
        "PACK_INVALID",
        `config.schema is not a valid JSON Schema: ${(e as Error).message}`,
        doc.spanAt(["config", "schema"]),
      ),
    );
  }
  const own = section.defaults ?? {};
  await validateDocWith(doc, schema, "PACK_INVALID", own, ["config", "defaults"]);
  checkDefaultable(own, [], doc);
  return { schema, defaults: mergeDefaults(base.defaults, own) };
}

/** The engine's schema node at a key path, if the engine defines that key. */
function engineNode(path: string[]): SchemaNode | undefined {
  let node: SchemaNode | undefined = engineConfigSchema();
  for (const key of path) node = node?.properties?.[key];
  return node;
}

/**
 * Add a fragment's keys to a schema. An engine key keeps its type: the fragment may only say
 * what it means for this pack (`description`) or add keys inside it (`sql.cache`). Keys of a
 * parent pack may be redefined by the pack extending it.
 */
function extend(
  base: SchemaNode,
  fragment: { properties?: Record<string, SchemaNode> },
  path: string[],
  doc: YamlDoc,
): SchemaNode {
  const properties = { ...(base.properties ?? {}) };
  for (const [key, node] of Object.entries(fragment.properties ?? {})) {
    const at = [...path, key];
    const current = properties[key];
    const engine = engineNode(at);
    if (engine) {
      const retyped = Object.keys(node).filter((k) => k !== "description" && k !== "properties");
      if (retyped.length > 0 || (node.properties && !engine.properties)) {
        const span = doc.spanAt(["config", "schema", ...at.flatMap((k) => ["properties", k])]);
        throw new CodegenError(
          diag(
            "PACK_INVALID",
            `config key ${at.join(".")} is the engine's: a pack may describe it or add keys inside a mapping, not change its type (${retyped.join(", ") || "properties"})`,
            span,
          ),
        );
      }
    }
    if (current?.properties && node.properties) {
      properties[key] = {
        ...extend(current, node, at, doc),
        ...(node.description ? { description: node.description } : {}),
      };
    } else if (engine && current) {
      properties[key] = { ...current, ...(node.description ? { description: node.description } : {}) };
    } else {
      properties[key] = closed(node);
    }
  }
  return { ...base, properties };
}

/** A mapping a pack adds is a mapping and rejects unknown keys unless it says otherwise, like the engine's. */
function closed(node: SchemaNode): SchemaNode {
  if (!node.properties) return node;
  const properties = Object.fromEntries(Object.entries(node.properties).map(([k, v]) => [k, closed(v)]));
  return { type: "object", additionalProperties: false, ...node, properties };
}

/** A pack may default its own keys and the engine keys marked x-pack-default, never trust, hooks or the pack itself. */
function checkDefaultable(defaults: Record<string, unknown>, path: string[], doc: YamlDoc): void {
  for (const [key, value] of Object.entries(defaults)) {
    const at = [...path, key];
    const engine = engineNode(at);
    if (!engine || engine["x-pack-default"]) continue;
    if (engine.properties && isMapping(value)) {
      checkDefaultable(value, at, doc);
      continue;
    }
    throw new CodegenError(
      diag(
        "PACK_INVALID",
        `a pack cannot set the default of ${at.join(".")}: the engine owns it`,
        doc.spanAt(["config", "defaults", ...at], { key: true }),
      ),
    );
  }
}

function mergeDefaults(parent: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> {
  const out = { ...parent };
  for (const [k, v] of Object.entries(child)) {
    const p = out[k];
    out[k] = isMapping(p) && isMapping(v) ? mergeDefaults(p, v) : v;
  }
  return out;
}

function isMapping(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

/**
 * `codegen new --set key=value`: config keys (the engine's or the pack's) given on the command
 * line, checked against the pack's schema, seen by the seed, and kept in the new project's
 * config file.
 */
import { readFileSync } from "node:fs";
import { CodegenError, diag } from "../diagnostics/index.js";
import { coerce } from "../config/index.js";
import { replaceFile } from "../fs/index.js";
import { parseYaml, validateDocWith, yamlLib } from "../schema/index.js";

export interface Setting {
  key: string;
  raw: string;
}

/** Keys with flags of their own (`--frame`, `--module`, `--pack`) or that the project's name gives. */
const OWN_FLAGS = new Set(["name", "module", "frame", "pack"]);

export function parseSettings(given: string | string[] | undefined): Setting[] {
  const list = given === undefined ? [] : Array.isArray(given) ? given : [given];
  return list.map((s) => {
    const m = /^([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*)*)=(.*)$/s.exec(String(s));
    if (!m)
      throw new CodegenError(
        diag(
          "USAGE",
          `--set ${JSON.stringify(String(s))} is not key=value (a dotted config key: --set deploy.docker=true)`,
        ),
        2,
      );
    if (OWN_FLAGS.has(m[1]!))
      throw new CodegenError(
        diag("USAGE", `--set ${m[1]}: give it with --${m[1] === "name" ? "<name> argument" : m[1]}`),
        2,
      );
    return { key: m[1]!, raw: m[2]! };
  });
}

/** The settings as a config layer, each value of its key's type (`keys`: every leaf key of the pack's schema). */
export function settingsLayer(settings: Setting[], keys: Map<string, string>): Record<string, unknown> {
  const layer: Record<string, unknown> = {};
  for (const { key, raw } of settings) {
    const type = keys.get(key);
    if (type === undefined) {
      throw new CodegenError(
        diag(
          "USAGE",
          `--set ${key}: no such config key`,
          undefined,
          "codegen config --schema lists the keys of the pack",
        ),
        2,
      );
    }
    layer[key] = coerce(raw, type, `--set ${key}`);
  }
  return layer;
}

/** The settings against the config schema (a key's pattern, range or enum), before anything is made. */
export async function checkSettings(layer: Record<string, unknown>, schema: object): Promise<void> {
  const nested: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(layer)) {
    const parts = key.split(".");
    let node = nested;
    for (const part of parts.slice(0, -1)) node = (node[part] ??= {}) as Record<string, unknown>;
    node[parts[parts.length - 1]!] = value;
  }
  try {
    await validateDocWith(parseYaml(yamlLib().stringify(nested), "--set", "USAGE"), schema, "USAGE");
  } catch (e) {
    if (!(e instanceof CodegenError)) throw e;
    throw new CodegenError(
      e.diagnostics.map((d) => diag("USAGE", `--set ${d.message}`)),
      2,
    );
  }
}

/** Writes the settings into the config file, keeping its comments and other keys. */
export function keepSettings(file: string, layer: Record<string, unknown>): void {
  const doc = yamlLib().parseDocument(readFileSync(file, "utf8"));
  for (const [key, value] of Object.entries(layer)) doc.setIn(key.split("."), doc.createNode(value));
  replaceFile(file, doc.toString());
}

#!/usr/bin/env node
// The IR's TypeScript types, generated from its JSON Schemas so that the schema is their one
// source: `npm run ir-types` writes engine/ir/ir.ts and engine/ir/proto.ts; `--check` only
// says whether they are up to date (exit 1 when not). A unit test runs the check.
//
// It reads the subset of JSON Schema the IR schemas use: `type` (one or a list), `enum`,
// `const`, `oneOf`/`anyOf`, `$ref` (to a definition, or to a sibling schema file's root), objects
// with `properties`/`required` or `additionalProperties`, arrays with `items`, `{}` for any value. A definition (or a
// root) with a `title` becomes an exported type of that name; `description`s become doc
// comments. Anything else is refused, so the schema cannot say more than the types do.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = dirname(dirname(fileURLToPath(import.meta.url)));

/** Each schema and the module its types are written to. */
export const OUTPUTS = [
  ["ir.schema.json", "engine/ir/ir.ts"],
  ["ir-proto.schema.json", "engine/ir/proto.ts"],
  ["ir-jsonschema.schema.json", "engine/ir/jsonschema.ts"],
];

const KNOWN = new Set([
  "$schema",
  "$id",
  "title",
  "description",
  "type",
  "enum",
  "const",
  "oneOf",
  "anyOf",
  "$ref",
  "properties",
  "required",
  "additionalProperties",
  "items",
  "definitions",
  "minimum",
  "discriminator",
]);

/** The text of every output module, from the schemas in `schemasDir`: [path relative to the repository, text]. */
export function irTypes(schemasDir = join(root, "schemas")) {
  const load = (file) => JSON.parse(readFileSync(join(schemasDir, file), "utf8"));
  const moduleOf = new Map(
    OUTPUTS.map(([schema, out]) => [schema, `./${out.split("/").pop().replace(/\.ts$/, ".js")}`]),
  );
  return OUTPUTS.map(([file, out]) => [out, new Module(file, load(file), load, moduleOf).text()]);
}

class Module {
  constructor(file, schema, load, moduleOf) {
    this.file = file;
    this.schema = schema;
    this.load = load;
    this.moduleOf = moduleOf;
    /** Types imported from sibling modules: name → module. */
    this.imports = new Map();
  }

  text() {
    const blocks = [];
    for (const [key, def] of Object.entries(this.schema.definitions ?? {})) {
      if (def.title) blocks.push(this.named(def.title, def, `#/definitions/${key}`));
    }
    if (this.schema.title) blocks.push(this.named(this.schema.title, this.schema, "#"));
    const head = [
      `// Generated from schemas/${this.file} by scripts/ir-types.mjs (npm run ir-types): edit the schema, not this file.`,
    ];
    for (const [name, from] of [...this.imports].sort()) head.push(`import type { ${name} } from "${from}";`);
    return `${head.join("\n")}\n\n${blocks.join("\n\n")}\n`;
  }

  /** One exported type: an interface for an object with properties, a type alias otherwise. */
  named(name, def, at) {
    check(def, at);
    const doc = comment(def.description, "");
    if (def.properties && !def.oneOf && !def.anyOf) return `${doc}export interface ${name} ${this.object(def, "", at)}`;
    let type = this.type({ ...def, title: undefined, description: undefined }, "", at);
    // A long union of literals gets a line per member.
    if (!type.includes("\n") && `export type ${name} = ${type};`.length > 100)
      type = type
        .split(" | ")
        .map((t) => `\n  | ${t}`)
        .join("");
    return `${doc}export type ${name} =${type.startsWith("\n") ? "" : " "}${type};`;
  }

  /** The TypeScript for a schema; `indent` is the indentation of the line it starts on. */
  type(s, indent, at) {
    check(s, at);
    if (s.$ref) return this.ref(s.$ref, at);
    if (s.oneOf || s.anyOf) {
      // null last, as the engine's code reads (`T | null`).
      const branches = [...(s.oneOf ?? s.anyOf)].sort((a, b) => Number(a.type === "null") - Number(b.type === "null"));
      const parts = branches.map((b, i) => this.type(b, `${indent}  `, `${at}/oneOf/${i}`));
      if (parts.every((p) => !p.includes("\n")) && branches.some((b) => b.properties))
        return parts.map((p) => `\n${indent}  | ${p}`).join("");
      return parts.join(" | ");
    }
    if ("const" in s) return JSON.stringify(s.const);
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
    // No constraint on the kind of value (`{}`, a fact's value): any JSON value.
    if (s.type === undefined && !s.properties && !s.items) return "unknown";
    if (Array.isArray(s.type)) return s.type.map((t) => this.type({ ...s, type: t }, indent, at)).join(" | ");
    switch (s.type) {
      case "string":
      case "boolean":
      case "null":
        return s.type;
      case "integer":
      case "number":
        return "number";
      case "array": {
        if (!s.items) throw new Error(`${this.file}${at}: an array without items`);
        const item = this.type(s.items, indent, `${at}/items`);
        return /[|\n]/.test(item) ? `Array<${item.trim()}>` : `${item}[]`;
      }
      case "object":
        if (s.properties) return this.object(s, indent, at);
        if (s.additionalProperties && typeof s.additionalProperties === "object")
          return `Record<string, ${this.type(s.additionalProperties, indent, `${at}/additionalProperties`)}>`;
        return "Record<string, unknown>";
      default:
        throw new Error(`${this.file}${at}: no type this generator reads`);
    }
  }

  /** An object's properties: one line when none has a description (a union's branch), else one per line. */
  object(s, indent, at) {
    const required = new Set(s.required ?? []);
    const props = Object.entries(s.properties);
    const member = ([key, p]) =>
      `${key}${required.has(key) ? "" : "?"}: ${this.type(p, `${indent}  `, `${at}/properties/${key}`)}`;
    if (props.every(([, p]) => !p.description) && !s.title) {
      const line = `{ ${props.map(member).join("; ")} }`;
      if (!line.includes("\n")) return line;
    }
    const lines = props.map(([key, p]) => `${comment(p.description, `${indent}  `)}${indent}  ${member([key, p])};`);
    return `{\n${lines.join("\n")}\n${indent}}`;
  }

  ref(ref, at) {
    const local = /^#\/definitions\/([^/]+)$/.exec(ref);
    if (local) {
      const def = this.schema.definitions?.[local[1]];
      if (!def?.title) throw new Error(`${this.file}${at}: ${ref} has no title to name its type by`);
      return def.title;
    }
    const from = this.moduleOf.get(ref);
    const other = from ? this.load(ref) : null;
    if (!other?.title) throw new Error(`${this.file}${at}: ${ref} is no schema this generator writes types for`);
    this.imports.set(other.title, from);
    return other.title;
  }
}

function check(s, at) {
  for (const key of Object.keys(s))
    if (!KNOWN.has(key)) throw new Error(`${at}: "${key}" is a keyword scripts/ir-types.mjs does not turn into a type`);
}

/** A doc comment: one line when it fits in 120 columns, else wrapped at 100. */
function comment(text, indent) {
  if (!text) return "";
  const one = `${indent}/** ${text} */`;
  if (one.length <= 120) return `${one}\n`;
  const lines = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && indent.length + 3 + line.length + 1 + word.length > 100) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return `${indent}/**\n${lines.map((l) => `${indent} * ${l}`).join("\n")}\n${indent} */\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const checkOnly = process.argv.includes("--check");
  const stale = [];
  for (const [out, text] of irTypes()) {
    const path = join(root, out);
    let current = null;
    try {
      current = readFileSync(path, "utf8");
    } catch {
      // not written yet
    }
    if (current === text) continue;
    stale.push(out);
    if (!checkOnly) writeFileSync(path, text);
  }
  if (checkOnly && stale.length > 0) {
    console.error(`not generated from the schemas: ${stale.join(", ")}; run npm run ir-types`);
    process.exit(1);
  }
  if (!checkOnly) console.log(stale.length > 0 ? `wrote ${stale.join(", ")}` : "the IR types are up to date");
}

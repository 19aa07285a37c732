import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ErrorObject, ValidateFunction } from "ajv";
import { CodegenError, diag } from "../diagnostics/index.js";
import type { YamlDoc } from "./yaml-doc.js";
import { ajvVersion, cachedValidator, keepValidator, precompiled, writePrecompiled } from "./compiled.js";
import { packageRoot } from "../cache/index.js";

export const schemasDir = join(packageRoot, "schemas");
const compiled = new Map<string, ValidateFunction>();

/** The repository's `schemas/` folder (JSON Schemas shipped with the tool). */
export function schemaPath(name: string): string {
  return join(schemasDir, name);
}

// discriminator: the IR's type expressions are a oneOf chosen by `kind` (one branch checked, not all seven).
const OPTIONS = { allErrors: true, strict: false, useDefaults: false, discriminator: true };

let shipped: string | undefined;
/** What a shipped schema's validator is compiled from: ajv, its options, and every shipped schema. */
export function compiledFrom(name: string): string {
  shipped ??= [
    ajvVersion(),
    JSON.stringify(OPTIONS),
    ...readdirSync(schemasDir)
      .filter((f) => f.endsWith(".json"))
      .sort()
      .map((f) => `${f}\0${readFileSync(join(schemasDir, f), "utf8")}`),
  ].join("\0");
  return `${name}\0${shipped}`;
}

async function validatorFor(name: string): Promise<ValidateFunction> {
  const hit = compiled.get(name);
  if (hit) return hit;
  const text = readFileSync(schemaPath(name), "utf8");
  const fn =
    precompiled(name, compiledFrom(name)) ??
    (await withSiblings(await newAjv(), name)).compile(JSON.parse(text) as object);
  compiled.set(name, fn);
  return fn;
}

/** Schemas refer to each other by file name (ir.schema.json → ir-proto.schema.json). */
async function withSiblings(ajv: AjvInstance, name: string): Promise<AjvInstance> {
  for (const other of readdirSync(schemasDir).filter((f) => f.endsWith(".json") && f !== name)) {
    ajv.addSchema(JSON.parse(readFileSync(join(schemasDir, other), "utf8")) as object);
  }
  return ajv;
}

/** Build step: write every shipped schema's validator (schema/compiled.ts); returns their names. */
export async function precompileSchemas(): Promise<string[]> {
  const names = readdirSync(schemasDir)
    .filter((f) => f.endsWith(".schema.json"))
    .sort();
  for (const name of names) writePrecompiled(name, compiledFrom(name), await standaloneValidator(name));
  return names;
}

/** CommonJS source of a shipped schema's validator. */
async function standaloneValidator(name: string): Promise<string> {
  const ajv = await withSiblings(await newAjv({ code: { source: true } }), name);
  return standaloneCode(ajv, ajv.compile(JSON.parse(readFileSync(schemaPath(name), "utf8")) as object));
}

interface AjvInstance {
  compile(s: object): ValidateFunction;
  addSchema(s: object): void;
}

async function newAjv(extra: object = {}): Promise<AjvInstance> {
  // ajv is CommonJS; its default export is the class under `.default` when imported from ESM.
  const mod = (await import("ajv")) as unknown as { default: { default?: unknown } };
  const Ajv = (mod.default.default ?? mod.default) as new (o: object) => AjvInstance;
  return new Ajv({ ...OPTIONS, ...extra });
}

/** Validate a YAML document against one of our JSON Schemas; errors point at file:line:col. */
export async function validateDoc(
  doc: YamlDoc,
  schema: string,
  code: string,
  value: unknown = doc.value,
  basePath: ReadonlyArray<string | number> = [],
  options: CheckOptions = {},
): Promise<void> {
  report(await validatorFor(schema), doc, code, value, basePath, options);
}

/** Validate against a schema built at run time (the config schema a pack extends). */
export async function validateDocWith(
  doc: YamlDoc,
  schema: object,
  code: string,
  value: unknown = doc.value,
  basePath: ReadonlyArray<string | number> = [],
): Promise<void> {
  report(await compileSchema(schema), doc, code, value, basePath, {}, schema);
}

export interface CheckOptions {
  /** Leave unknown keys alone: a later check that knows more keys (a pack's) reports them. */
  allowUnknownKeys?: boolean;
}

const built = new WeakMap<object, ValidateFunction>();

/**
 * Compile a schema object once; an invalid schema throws (callers say whose schema it is). The
 * validator's code is kept in the cache by the schema's digest, so later runs load it instead.
 */
export async function compileSchema(schema: object): Promise<ValidateFunction> {
  const hit = built.get(schema);
  if (hit) return hit;
  const text = `${JSON.stringify(OPTIONS)}\0${JSON.stringify(schema)}`;
  const fn = cachedValidator(text) ?? (await compileAndKeep(schema, text));
  built.set(schema, fn);
  return fn;
}

async function compileAndKeep(schema: object, text: string): Promise<ValidateFunction> {
  const ajv = await newAjv({ code: { source: true } });
  const fn = ajv.compile(schema);
  keepValidator(text, await standaloneCode(ajv, fn));
  return fn;
}

async function standaloneCode(ajv: AjvInstance, fn: ValidateFunction): Promise<string> {
  const standalone = (await import("ajv/dist/standalone/index.js")) as unknown as { default: { default?: unknown } };
  const toCode = (standalone.default.default ?? standalone.default) as (
    ajv: AjvInstance,
    fn: ValidateFunction,
  ) => string;
  return toCode(ajv, fn);
}

function report(
  validate: ValidateFunction,
  doc: YamlDoc,
  code: string,
  value: unknown,
  basePath: ReadonlyArray<string | number>,
  options: CheckOptions,
  root?: object,
): void {
  if (validate(value)) return;
  const all = (validate.errors ?? []).filter(
    (e) => !(options.allowUnknownKeys && e.keyword === "additionalProperties"),
  );
  if (all.length === 0) return;
  const errors = all.filter((e) => e.keyword !== "if" && e.keyword !== "oneOf" && e.keyword !== "anyOf");
  const list = (errors.length > 0 ? errors : all).map((e) => {
    const path = [...basePath, ...pointerPath(e.instancePath)];
    const unknownKey = e.keyword === "additionalProperties";
    return diag(
      code,
      describe(e, path, root),
      doc.spanAt(unknownKey ? [...path, String(e.params["additionalProperty"])] : path, { key: unknownKey }),
    );
  });
  throw new CodegenError(dedupe(list));
}

function pointerPath(pointer: string): Array<string | number> {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split("/")
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"))
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

function describe(e: ErrorObject, path: Array<string | number>, root: object | undefined): string {
  const where = path.length ? path.join(".") : "document";
  const said = e.keyword === "pattern" ? patternMessage(root, e.schemaPath) : undefined;
  if (said) return `${where} ${said}`;
  if (e.keyword === "additionalProperties")
    return `unknown key "${String(e.params["additionalProperty"])}" in ${where}`;
  if (e.keyword === "required") return `${where} is missing "${String(e.params["missingProperty"])}"`;
  if (e.keyword === "enum") return `${where} must be one of ${(e.params["allowedValues"] as unknown[]).join(", ")}`;
  return `${where} ${e.message ?? "is invalid"}`;
}

/**
 * What a schema says about a value its `pattern` refuses: the `x-pattern-message` beside it
 * ("must be a folder inside the project"), found by the error's schema path in the root schema
 * (a regular expression is no message for a person). Undefined when there is none.
 */
function patternMessage(root: object | undefined, schemaPath: string): string | undefined {
  if (!root || !schemaPath.startsWith("#/")) return undefined;
  let node: unknown = root;
  for (const part of pointerPath(schemaPath.slice(1)).slice(0, -1)) {
    if (node === null || typeof node !== "object") return undefined;
    node = (node as Record<string | number, unknown>)[part];
  }
  const message =
    node !== null && typeof node === "object" ? (node as Record<string, unknown>)["x-pattern-message"] : undefined;
  return typeof message === "string" ? message : undefined;
}

function dedupe<T extends { message: string; span?: { line: number; column: number } }>(list: T[]): T[] {
  const seen = new Set<string>();
  return list.filter((d) => {
    const k = `${d.span?.line}:${d.span?.column}:${d.message}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** Validate an in-memory value (the IR); returns readable errors, [] when valid. */
export async function validateValue(value: unknown, schema: string): Promise<string[]> {
  const validate = await validatorFor(schema);
  if (validate(value)) return [];
  return (validate.errors ?? []).slice(0, 10).map((e) => `${e.instancePath || "/"} ${e.message ?? "is invalid"}`);
}

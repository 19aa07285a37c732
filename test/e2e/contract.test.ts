/**
 * The contract differential test: what the OpenAPI document promises is what the service does,
 * and what the TypeScript client's types allow. The project (test/fixtures/e2e/contract) has one
 * route per shape of request field (required, optional, omitempty, default, an empty default,
 * options in both forms, ranges, pointer, optional pointer, slice, map, nested, path, form, header). For each, instances are drawn from the
 * OpenAPI document itself (a valid one; then each field missing, of the wrong type, null, past
 * each bound of its range or outside its options, and each field of a nested object missing), judged by a JSON Schema validator
 * (ajv), sent to the running service, and typed through the compiled client: the service answers
 * 2xx exactly when the schema allows the instance (400 otherwise), and an instance that misses a
 * field or has one of the wrong type compiles exactly when the schema allows it (a range or a set
 * of options is no TypeScript type, so those are judged by the service only).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { checkGoProject, freePort, startService, type Service } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { strictFlags } from "../support/typescript.js";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type Schema = { [key: string]: unknown };
interface Param {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}
interface Operation {
  operationId: string;
  parameters?: Param[];
  requestBody?: { content: { "application/json": { schema: Schema } } };
}
interface Instance {
  /** Handler, and what was changed from the valid instance. */
  label: string;
  /** Request type name in the TypeScript client. */
  type: string;
  path: string;
  params: Record<string, Json>;
  body: { [key: string]: Json } | null;
  /** The schema's verdict. */
  valid: boolean;
  /** Whether TypeScript can express the difference (a missing field or a wrong type). */
  typed: boolean;
}

const require = createRequire(import.meta.url);
const Ajv = require("ajv") as new (
  options: object,
) => { addSchema(s: object, key: string): void; compile(s: object): (data: unknown) => boolean };

const test = suite("contract: OpenAPI, the service and the TypeScript client agree on every field shape");
const work = scratch("e2e-contract");
const dir = join(work, "contract");
let service: Service | undefined;
let doc: { paths: Record<string, { post: Operation }>; components: { schemas: Record<string, Schema> } };
let genOutput = "";

test.before(async () => {
  cpSync(join(fixtures, "e2e/contract"), dir, { recursive: true });
  genOutput = codegenOk(["gen"], dir).stdout;
  doc = JSON.parse(readFileSync(join(dir, "desc/swagger/contract.swagger.json"), "utf8")) as typeof doc;
  const port = await freePort();
  writeFileSync(
    join(dir, "etc/test.yaml"),
    readFileSync(join(dir, "etc/etc.yaml"), "utf8").replace("Port: 8001", `Port: ${port}`),
  );
  checkGoProject(dir);
  service = await startService(dir, "etc/test.yaml", port);
});

test.after(async () => {
  await service?.stop();
  rmSync(work, { recursive: true, force: true });
});

/** OpenAPI 3.0's schema words as JSON Schema (draft 07) says them: exclusive bounds are numbers. */
function jsonSchema(s: Schema): Schema {
  const out: Schema = {};
  for (const [k, v] of Object.entries(s)) {
    if (k === "$ref") out[k] = String(v).replace("#/components/schemas/", "");
    else if (k === "exclusiveMinimum" || k === "exclusiveMaximum") continue;
    else if (k === "properties")
      out[k] = Object.fromEntries(Object.entries(v as Record<string, Schema>).map(([p, ps]) => [p, jsonSchema(ps)]));
    else if (k === "items" || k === "additionalProperties") out[k] = jsonSchema(v as Schema);
    else out[k] = v;
  }
  if (s["exclusiveMinimum"] === true) {
    out["exclusiveMinimum"] = s["minimum"];
    delete out["minimum"];
  }
  if (s["exclusiveMaximum"] === true) {
    out["exclusiveMaximum"] = s["maximum"];
    delete out["maximum"];
  }
  if (s["allOf"]) out["allOf"] = (s["allOf"] as Schema[]).map(jsonSchema);
  if (s["nullable"] === true) {
    delete out["nullable"];
    return { anyOf: [out, { type: "null" }] };
  }
  return out;
}

const resolve = (s: Schema): Schema =>
  typeof s["$ref"] === "string"
    ? resolve(doc.components.schemas[s["$ref"].replace("#/components/schemas/", "")]!)
    : Array.isArray(s["allOf"])
      ? resolve(s["allOf"][0] as Schema)
      : s;

/** A value the schema allows. */
function validValue(raw: Schema): Json {
  const s = resolve(raw);
  if (Array.isArray(s["enum"])) return s["enum"][0] as Json;
  const min = s["minimum"] as number | undefined;
  const max = s["maximum"] as number | undefined;
  switch (s["type"]) {
    case "integer":
      return min === undefined ? 3 : s["exclusiveMinimum"] ? min + 1 : min;
    case "number":
      return min === undefined ? 0.5 : max === undefined ? min + 1 : (min + max) / 2;
    case "string":
      return "x";
    case "boolean":
      return true;
    case "array":
      return [validValue(s["items"] as Schema)];
    case "object": {
      const props = (s["properties"] ?? {}) as Record<string, Schema>;
      if (s["additionalProperties"]) return { k: validValue(s["additionalProperties"] as Schema) };
      return Object.fromEntries(Object.entries(props).map(([k, p]) => [k, validValue(p)]));
    }
  }
  throw new Error(`no valid value for ${JSON.stringify(s)}`);
}

/** A value of another JSON type than the schema's. */
function wrongValue(raw: Schema): Json {
  const s = resolve(raw);
  return s["type"] === "string" ? 12345 : s["type"] === "array" ? { not: "a list" } : "abc";
}

/** Values of the schema's type outside its options or range: past each bound, the bound itself where it is exclusive. */
function outsideValues(raw: Schema): Json[] {
  const s = resolve(raw);
  if (Array.isArray(s["enum"])) return ["none-of-these"];
  const max = s["maximum"] as number | undefined;
  const min = s["minimum"] as number | undefined;
  const step = s["type"] === "integer" ? 1 : 0.25;
  return [
    ...(max === undefined ? [] : [max + step, ...(s["exclusiveMaximum"] ? [max] : [])]),
    ...(min === undefined ? [] : [min - step, ...(s["exclusiveMinimum"] ? [min] : [])]),
  ];
}

/** Every instance of every route: the valid one, then one change at a time. */
function instances(): Instance[] {
  const out: Instance[] = [];
  for (const [path, { post: op }] of Object.entries(doc.paths)) {
    const type = `${op.operationId}Req`;
    const bodySchema = op.requestBody?.content["application/json"].schema;
    const params = op.parameters ?? [];
    const body = bodySchema ? (validValue(bodySchema) as { [key: string]: Json }) : null;
    const validParams = Object.fromEntries(params.map((p) => [p.name, validValue(p.schema)]));
    const base = { type, path, params: validParams, body };
    out.push({ ...base, label: `${op.operationId}: valid`, valid: true, typed: true });
    const props = bodySchema ? ((resolve(bodySchema)["properties"] ?? {}) as Record<string, Schema>) : {};
    for (const [name, schema] of Object.entries(props)) {
      const without = { ...body };
      delete without[name];
      out.push({ ...base, label: `${op.operationId}: body without ${name}`, body: without, valid: false, typed: true });
      out.push({
        ...base,
        label: `${op.operationId}: body ${name} of the wrong type`,
        body: { ...body, [name]: wrongValue(schema) },
        valid: false,
        typed: true,
      });
      out.push({
        ...base,
        label: `${op.operationId}: body ${name} = null`,
        body: { ...body, [name]: null },
        valid: false,
        typed: true,
      });
      for (const outside of outsideValues(schema))
        out.push({
          ...base,
          label: `${op.operationId}: body ${name} = ${JSON.stringify(outside)}`,
          body: { ...body, [name]: outside },
          valid: false,
          typed: false,
        });
      const nested = resolve(schema)["properties"] as Record<string, Schema> | undefined;
      for (const inner of Object.keys(nested ?? {})) {
        const value = { ...(body![name] as { [key: string]: Json }) };
        delete value[inner];
        out.push({
          ...base,
          label: `${op.operationId}: body ${name} without ${inner}`,
          body: { ...body, [name]: value },
          valid: false,
          typed: true,
        });
      }
    }
    for (const p of params) {
      if (p.in !== "path") {
        const without = { ...validParams };
        delete without[p.name];
        out.push({
          ...base,
          label: `${op.operationId}: ${p.in} ${p.name} missing`,
          params: without,
          valid: false,
          typed: true,
        });
      }
      if (resolve(p.schema)["type"] !== "string")
        out.push({
          ...base,
          label: `${op.operationId}: ${p.in} ${p.name} not a number`,
          params: { ...validParams, [p.name]: "abc" },
          valid: false,
          typed: true,
        });
      for (const outside of outsideValues(p.schema))
        out.push({
          ...base,
          label: `${op.operationId}: ${p.in} ${p.name} = ${JSON.stringify(outside)}`,
          params: { ...validParams, [p.name]: outside },
          valid: false,
          typed: false,
        });
    }
  }
  return out;
}

/** The schema's verdict on an instance (body by the component schema; parameters as the text a request carries). */
function judge(list: Instance[]): Instance[] {
  const ajv = new Ajv({ strict: false, validateFormats: false });
  for (const [name, s] of Object.entries(doc.components.schemas)) ajv.addSchema(jsonSchema(s), name);
  const params = new Ajv({ strict: false, validateFormats: false, coerceTypes: true });
  return list.map((i) => {
    const op = doc.paths[i.path]!.post;
    const bodySchema = op.requestBody?.content["application/json"].schema;
    let valid = bodySchema ? ajv.compile(jsonSchema(bodySchema))(i.body) : true;
    for (const p of op.parameters ?? []) {
      const value = i.params[p.name];
      if (value === undefined) valid &&= !p.required;
      else valid &&= params.compile({ type: "object", properties: { v: jsonSchema(p.schema) } })({ v: String(value) });
    }
    return { ...i, valid };
  });
}

async function send(i: Instance): Promise<number> {
  const op = doc.paths[i.path]!.post;
  let path = i.path;
  const query = new URLSearchParams();
  const headers: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    const value = i.params[p.name];
    if (value === undefined) continue;
    if (p.in === "path") path = path.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else if (p.in === "query") query.set(p.name, String(value));
    else headers[p.name] = String(value);
  }
  if (i.body) headers["Content-Type"] = "application/json";
  const r = await fetch(`${service!.url}${path}${query.size > 0 ? `?${query}` : ""}`, {
    method: "POST",
    headers,
    ...(i.body ? { body: JSON.stringify(i.body) } : {}),
  });
  await r.arrayBuffer();
  return r.status;
}

test("gen warns once, at the tag, that omitempty does not make a request field optional", () => {
  const warnings = genOutput.split("\n").filter((l) => l.includes("API_OMITEMPTY_REQUIRED"));
  assert.equal(warnings, [
    'warning: desc/api/contract.api:23:18: API_OMITEMPTY_REQUIRED field V is tagged json:"v,omitempty" but requests must still carry it: go-zero\'s parsing ignores omitempty',
  ]);
  assert.match(genOutput, /hint: add optional if requests may leave it out: json:"v,omitempty,optional"/);
});

test("the service answers 2xx exactly when the OpenAPI schema allows the request", async () => {
  const all = judge(instances());
  assert.ok(all.length >= 50, `${all.length} instances`);
  assert.ok(
    all.some((i) => i.valid && i.label.includes("without")),
    "some missing fields are allowed (optional, default, map)",
  );
  assert.ok(
    all.some((i) => i.valid && i.label.endsWith("= null")),
    "null is allowed where the tag says optional",
  );
  const wrong: string[] = [];
  for (const i of all) {
    const status = await send(i);
    const accepted = status >= 200 && status < 300;
    if (accepted !== i.valid || (!accepted && status !== 400))
      wrong.push(`${i.label}: schema ${i.valid ? "allows" : "refuses"}, service answered ${status}`);
  }
  assert.equal(wrong, []);
});

test("the TypeScript client's request types compile exactly the instances the schema allows", () => {
  const all = judge(instances()).filter((i) => i.typed);
  const tsDir = scratch("contract-tsc");
  copyFileSync(join(dir, "web/api/index.ts"), join(tsDir, "index.ts"));
  writeFileSync(join(tsDir, "package.json"), '{ "type": "module" }\n');
  const types = [...new Set(all.map((i) => i.type))].sort();
  // One instance per line: tsc's errors name the line, so the instance.
  const lines = [
    `import type { ${types.join(", ")} } from "./index.js";`,
    ...all.map((i, n) => `export const c${n}: ${i.type} = ${JSON.stringify({ ...i.body, ...i.params })};`),
  ];
  writeFileSync(join(tsDir, "instances.ts"), lines.join("\n") + "\n");
  const tsc = join(repoRoot, "node_modules/typescript/bin/tsc");
  const r = spawnSync(
    process.execPath,
    [tsc, ...strictFlags, "--pretty", "false", "--noEmit", join(tsDir, "index.ts"), join(tsDir, "instances.ts")],
    { cwd: tsDir, encoding: "utf8", timeout: 120_000 },
  );
  const failing = new Set(
    [...`${r.stdout}${r.stderr}`.matchAll(/instances\.ts\((\d+),\d+\): error/g)].map((m) => Number(m[1]) - 2),
  );
  assert.ok(r.status === 0 || failing.size > 0, `tsc failed (exit ${r.status}):\n${r.stdout}${r.stderr}`);
  assert.not.match(`${r.stdout}`, /index\.ts\(/, "the client itself compiles");
  const wrong = all.flatMap((i, n) =>
    failing.has(n) === i.valid
      ? [
          `${i.label}: schema ${i.valid ? "allows" : "refuses"}, tsc ${failing.has(n) ? "refuses" : "allows"} ${JSON.stringify({ ...i.body, ...i.params })}`,
        ]
      : [],
  );
  assert.equal(wrong, []);
  assert.ok(failing.size > 0 && failing.size < all.length, `tsc refused ${failing.size} of ${all.length}`);
});

test.run();

// Generated from schemas/ir.schema.json by scripts/ir-types.mjs (npm run ir-types): edit the schema, not this file.
import type { JsonSchemaIR } from "./jsonschema.js";
import type { ProtoIR } from "./proto.js";

/** Where a declaration is written. */
export interface IrPosition {
  /** Project-relative posix path of the descriptor file. */
  file: string;
  line: number;
  column: number;
}

/** A type as written in the descriptor; `text` is its source form without package qualifiers. */
export type ApiTypeExpr =
  | { kind: "builtin"; name: string; text: string }
  | { kind: "named"; name: string; package: string; text: string }
  | { kind: "pointer"; elem: ApiTypeExpr; text: string }
  | { kind: "slice"; elem: ApiTypeExpr; text: string }
  | { kind: "array"; length: number; elem: ApiTypeExpr; text: string }
  | { kind: "map"; key: ApiTypeExpr; value: ApiTypeExpr; text: string }
  | { kind: "struct"; fields: ApiField[]; text: string };

export interface ApiTag {
  /** `json`, `form`, `path`, `header`, `validate`, ... */
  key: string;
  /** First comma-separated part of the value (`id` in `json:"id,optional"`). */
  name: string;
  /**
   * The other parts (`optional`, `default=1`, `options=a|b`, `range=[1:2]`); a comma inside
   * brackets stays in its part (`options=[a,b]`).
   */
  options: string[];
  /** The whole value between the quotes. */
  value: string;
  /** Where the value starts (just after its opening quote), for diagnostics about a part of it. */
  pos: IrPosition;
}

export interface ApiField {
  /** Field name; for an embedded field, the embedded type's name. */
  name: string;
  embedded: boolean;
  type: ApiTypeExpr;
  /** Raw tag text between the backquotes, "" when there is none. */
  tag: string;
  tags: ApiTag[];
  /**
   * True when a tag carries the `optional` option (`optional` or `optional=<field>`); `omitempty`
   * is not one: the request must still carry the field.
   */
  optional: boolean;
  /** Comment lines written above the field, without the comment markers. */
  docs: string[];
  /** Trailing comment on the field's line, without the marker, "" if none. */
  comment: string;
  pos: IrPosition;
}

export interface ApiType {
  name: string;
  /**
   * The file's package: the value of the info key the pack names (its `api.package_key`), "" for
   * the default package.
   */
  package: string;
  file: string;
  fields: ApiField[];
  docs: string[];
  pos: IrPosition;
}

export interface ApiRoute {
  /** Lower-case HTTP method. */
  method: "get" | "post" | "put" | "delete" | "patch" | "head" | "options" | "connect" | "trace";
  /** The path as written in the route (without the block prefix). */
  path: string;
  /** Block prefix + path, normalised to one leading slash and no double slashes. */
  fullPath: string;
  /** Names of `:name` segments in order. */
  pathParams: string[];
  /** Handler name as written (`@handler getUser` gives `getUser`). */
  handler: string;
  request: ApiTypeExpr | null;
  response: ApiTypeExpr | null;
  /** `@doc "x"` gives {summary: "x"}; `@doc(k: v)` gives its keys. */
  doc: Record<string, string>;
  /** Comment lines written above the route. */
  docs: string[];
  /** Index of the block (in `ApiIR.blocks`) this route belongs to. */
  block: number;
  /** The block's handler group folder ("" when none), repeated here for convenience. */
  group: string;
  file: string;
  pos: IrPosition;
}

/** One `@server(...)` annotation plus the `service ... { }` body it decorates. */
export interface ApiBlock {
  index: number;
  file: string;
  service: string;
  /** Every `@server` key with its raw value (known keys are also split out below). */
  server: Record<string, string>;
  prefix: string;
  /** Handler group folder (`a/b`), "" when none. */
  group: string;
  jwt: string;
  jwtTransition: string;
  middleware: string[];
  timeout: string;
  /** `timeout` in milliseconds (fractional below 1ms), 0 when there is none. */
  timeoutMs: number;
  maxBytes: string;
  routes: ApiRoute[];
  pos: IrPosition;
}

/** Routes merged by handler group folder across all blocks and files. */
export interface ApiGroup {
  /** Folder ("" for the root group). */
  name: string;
  routes: ApiRoute[];
}

export interface ApiFile {
  /** Project-relative posix path. */
  path: string;
  syntax: string;
  info: Record<string, string>;
  /** Where each info value is written (its value), by key. */
  infoPos: Record<string, IrPosition>;
  /** The file's package (see ApiType.package). */
  package: string;
  /** Project-relative paths of the files it imports. */
  imports: string[];
  /** True when the file was given as a root (not only reached by import). */
  root: boolean;
  services: string[];
}

export interface ApiPackage {
  /** "" for the default package. */
  name: string;
  types: ApiType[];
}

/**
 * The IR of `.api` descriptors: facts about what the files declare, nothing about what to generate.
 * Template packs read it through rules (jsonata) and templates (Liquid).
 */
export interface ApiIR {
  files: ApiFile[];
  /** Every declared type, each once, in declaration order. */
  types: ApiType[];
  /** Types grouped by package, default package first. */
  packages: ApiPackage[];
  blocks: ApiBlock[];
  /** All routes of all blocks, in declaration order. */
  routes: ApiRoute[];
  groups: ApiGroup[];
  /** Distinct middleware names, in first-use order. */
  middlewares: string[];
  /** Distinct jwt config names (`Auth`), in first-use order. */
  jwts: string[];
  /** Distinct `jwtTransition` config names, in first-use order. */
  jwtTransitions: string[];
}

export type SqlDialect = "mysql" | "postgres" | "sqlite";

/**
 * A column type's family: int (see `bits`, `unsigned`), float (see `bits`), decimal (exact
 * numerics; see `precision`, `scale`), bool, string (char, varchar, text, enum, set, uuid), bytes
 * (binary, varbinary, blob, bytea), datetime (datetime, timestamp, with or without time zone),
 * date, time, json (json, jsonb), unknown (anything else; packs map it to a documented fallback).
 */
export type SqlTypeFamily =
  | "int"
  | "float"
  | "decimal"
  | "bool"
  | "string"
  | "bytes"
  | "datetime"
  | "date"
  | "time"
  | "json"
  | "unknown";

export interface SqlColumn {
  name: string;
  /** Lower-case base type name as declared (`varchar`, `bigint`, `timestamp`, `int4`). */
  type: string;
  /** Declaration as written, normalised to lower case (`bigint(20) unsigned`). */
  rawType: string;
  family: SqlTypeFamily;
  /** Integer/float width in bits (8, 16, 32, 64), 0 when not applicable. */
  bits: number;
  unsigned: boolean;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  /** Default as SQL text (`0`, `'x'`, `CURRENT_TIMESTAMP`), null when none. */
  default: string | null;
  autoIncrement: boolean;
  /** Computed by the database from an expression (`GENERATED ALWAYS AS (...)`): never written. */
  generated: boolean;
  /** `ON UPDATE` expression (MySQL) as SQL text, null when none: the database sets it on update. */
  onUpdate: string | null;
  comment: string;
  /** Allowed values of enum/set columns, [] otherwise. */
  enumValues: string[];
}

export interface SqlIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface SqlTable {
  name: string;
  comment: string;
  columns: SqlColumn[];
  primaryKey: string[];
  /** Unique keys other than the primary key (single and composite), sorted by name. */
  uniqueKeys: SqlIndex[];
  /** Non-unique indexes, sorted by name. */
  indexes: SqlIndex[];
  /** Name of the auto-increment / identity / serial column, "" when none. */
  autoIncrement: string;
  dialect: SqlDialect;
  /** Where the table was read from: a DDL file or a datasource (its password shown as ***). */
  source: string;
  pos: IrPosition | null;
}

/**
 * The IR of SQL schemas, read from DDL files or a live database. Column types are normalised into
 * SQL type families; packs map families to their language's types.
 */
export interface SqlIR {
  tables: SqlTable[];
}

/** A plugin the host loads (serverless.plugins), read from its own config. */
export interface IrPlugin {
  name: string;
  dir: string;
  module: string;
  frame: string;
  mono: boolean;
}

export interface IrProject {
  name: string;
  module: string;
  frame: string;
  /**
   * The folder of the module's root (the pack's module_source file) relative to the project: ""
   * when the project is the module's root or no module file was found, "../.." for a project below
   * it.
   */
  moduleRoot?: string;
  /** The plugins the host loads (serverless.plugins), read from their own config. */
  plugins?: IrPlugin[];
}

/**
 * The one JSON document packs read: project facts plus one property per descriptor kind.
 * engine/ir/ir.ts is generated from it (scripts/ir-types.mjs).
 */
export interface IR {
  project: IrProject;
  api?: ApiIR;
  proto?: ProtoIR;
  jsonschema?: JsonSchemaIR;
  sql?: SqlIR;
}

// Generated from schemas/ir-proto.schema.json by scripts/ir-types.mjs (npm run ir-types): edit the schema, not this file.

/** Where a declaration is written. */
export interface ProtoPosition {
  /** Project-relative posix path of the file (for third-party files: their import path). */
  file: string;
  /** 1-based line and column of the declaration's name. */
  line: number;
  column: number;
}

export interface ProtoImport {
  /** The path as written in the `import` statement. */
  path: string;
  public: boolean;
  weak: boolean;
  /**
   * Where it was found: `project` (a file under the project root), `include` (a third-party include
   * directory), `builtin` (definitions bundled with the parser) or `missing` (not found; accepted,
   * with a warning, only when nothing from it is used).
   */
  source: "project" | "include" | "builtin" | "missing";
  /** Project-relative path for `project` imports; the import path otherwise. */
  file: string;
  pos: ProtoPosition;
}

export interface ProtoFile {
  /** Project-relative posix path. */
  path: string;
  /**
   * The path the protobuf compiler knows the file by: relative to the proto root (the pack's
   * `proto.root`) when inside it, else `path`.
   */
  protoPath: string;
  /** True when the file was given as input (not only reached through an import). */
  root: boolean;
  /** `proto3`, `proto2` or `editions`. */
  syntax: string;
  /** The edition (`2023`) for editions files, "" otherwise. */
  edition: string;
  /** Proto package, "" when none. */
  package: string;
  options: ProtoOptions;
  imports: ProtoImport[];
  /** Full names of the services, messages (nested included) and enums it declares. */
  services: string[];
  messages: string[];
  enums: string[];
  hasServices: boolean;
  /** A message of the file carries `buf.validate` rules, or a service of the file takes such a message. */
  hasValidation: boolean;
  pos: ProtoPosition;
  optionPos: ProtoOptionPositions;
}

/** A third-party file a referenced declaration comes from. */
export interface ProtoExternalFile {
  /** The import path (what a type reference's `file` says). */
  path: string;
  /**
   * The file options written in it with plain names (`java_package`, `optimize_for`), values as
   * written: strings, numbers, true/false, other identifiers as strings; aggregate values and
   * extensions are left out (the file is not evaluated). Empty for bundled definitions.
   */
  options: Record<string, unknown>;
}

/** A reference to a declared message or enum (project or third-party). */
export interface ProtoTypeRef {
  fullName: string;
  /** Simple name (`Address`). */
  name: string;
  /** Name inside the package (`User.Address`). */
  localName: string;
  kind: "message" | "enum";
  package: string;
  /**
   * Declaring file: project-relative path (one of `files`), or the import path of a third-party
   * file (one of `externalFiles`; "" when unknown).
   */
  file: string;
  /** Declared in a third-party file (well-known types, google.api, ...). */
  external: boolean;
}

export interface ProtoMapValue {
  /** Scalar name or full name of the message/enum. */
  type: string;
  kind: "scalar" | "message" | "enum";
  typeRef: ProtoTypeRef | null;
}

export interface ProtoField {
  name: string;
  /** `json_name` when given, else the protobuf default (lowerCamelCase of the name). */
  jsonName: string;
  number: number;
  /** Scalar name (`string`, `int64`, ...) or full name of a message or enum; for maps, the value type. */
  type: string;
  kind: "scalar" | "message" | "enum" | "map";
  /** The message or enum a `message`/`enum` field (or a map's value) refers to; null for scalars. */
  typeRef: ProtoTypeRef | null;
  repeated: boolean;
  /** Declared `optional` (explicit presence). */
  optional: boolean;
  /** proto2 `required`. */
  required: boolean;
  /** Name of the oneof it belongs to, "" when none (the hidden oneof of a proto3 `optional` field is not reported). */
  oneof: string;
  /** Key scalar type for map fields, null otherwise. */
  mapKey: string | null;
  mapValue: ProtoMapValue | null;
  deprecated: boolean;
  /** Comment written above the field or at the end of its line, "" when none. */
  comment: string;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  /** The `(buf.validate.field)` option value (`{string: {min_len: 2}, required: true, cel: [...]}`), null when none. */
  rules: Record<string, unknown> | null;
  pos: ProtoPosition;
}

export interface ProtoOneof {
  name: string;
  /** Names of its fields, in declaration order. */
  fields: string[];
  /** The `(buf.validate.oneof)` option value, null when none. */
  rules: Record<string, unknown> | null;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  comment: string;
  pos: ProtoPosition;
}

export interface ProtoMessage {
  fullName: string;
  name: string;
  localName: string;
  package: string;
  file: string;
  /** Full name of the enclosing message, "" for a top-level message. */
  parent: string;
  fields: ProtoField[];
  oneofs: ProtoOneof[];
  /** Full names of the messages and enums declared inside it. */
  nested: string[];
  /** The `(buf.validate.message)` option value (`{cel: [{id, message, expression}]}`), null when none. */
  rules: Record<string, unknown> | null;
  /** The message, one of its fields or one of its oneofs carries `buf.validate` rules. */
  hasValidation: boolean;
  /** Same, or any message it reaches through its fields does (what a validator walks). */
  hasDeepValidation: boolean;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  comment: string;
  pos: ProtoPosition;
}

export interface ProtoEnumValue {
  name: string;
  number: number;
  comment: string;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  pos: ProtoPosition;
}

export interface ProtoEnum {
  fullName: string;
  name: string;
  localName: string;
  package: string;
  file: string;
  parent: string;
  values: ProtoEnumValue[];
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  comment: string;
  pos: ProtoPosition;
}

/** One binding of a `(google.api.http)` rule (the rule itself or one of its `additional_bindings`). */
export interface ProtoHttpRule {
  /** Upper-case verb (`GET`, `POST`, ...); for `custom` the kind as written. */
  method: string;
  /** True for a `custom` pattern. */
  custom: boolean;
  /** The path template as written (`/v1/{name=users/*}:cancel`). */
  path: string;
  /** The path with each variable as one `:field` segment (`/v1/:name:cancel`), for colon-style routers. */
  colonPath: string;
  /** Field paths of the path variables, in order (`id`, `user.id`). */
  pathParams: string[];
  /** Variables written with a pattern (`{name=users/*}`): field path to pattern. */
  pathPatterns: Record<string, string>;
  /** The `:verb` suffix of the template without the colon, "" when none. */
  verb: string;
  /** `body`: "" none, `*` the whole request, or a field name. */
  body: string;
  /** `response_body`: "" for the whole response, or a field name. */
  responseBody: string;
  /** False for the main binding, true for an `additional_bindings` entry. */
  additional: boolean;
}

export interface ProtoMethod {
  name: string;
  /** `pkg.Service.Method`. */
  fullName: string;
  /** The method's wire path, `/pkg.Service/Method`. */
  rpcPath: string;
  /** Full name of the service. */
  service: string;
  inputType: ProtoTypeRef;
  outputType: ProtoTypeRef;
  clientStreaming: boolean;
  serverStreaming: boolean;
  /** The `(google.api.http)` bindings, main one first; empty when the method has none. */
  http: ProtoHttpRule[];
  /** The input message, or a message it reaches, carries `buf.validate` rules. */
  hasValidation: boolean;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  comment: string;
  pos: ProtoPosition;
}

export interface ProtoService {
  name: string;
  fullName: string;
  package: string;
  file: string;
  methods: ProtoMethod[];
  /** A method has a `(google.api.http)` rule. */
  hasHttp: boolean;
  /** A method streams in either direction. */
  hasStreaming: boolean;
  /** A method's input carries `buf.validate` rules. */
  hasValidation: boolean;
  options: ProtoOptions;
  optionPos: ProtoOptionPositions;
  comment: string;
  pos: ProtoPosition;
}

/**
 * Where each option of the declaration is written (the value of the first statement setting it), by
 * the names its options use: plain names as written, extensions by full name.
 */
export type ProtoOptionPositions = Record<string, ProtoPosition>;

/**
 * Every option of the declaration, custom ones included, by name: plain names as written,
 * extensions by full name (google.api.http); values as plain JSON (engine/ir/proto.ts).
 */
export type ProtoOptions = Record<string, unknown>;

/**
 * The IR of `.proto` descriptors (the `proto` property of the IR): facts about what the files
 * declare (packages, messages, enums, services, options), nothing about what to generate. Template
 * packs read it through rules (jsonata) and templates (Liquid). Names: `fullName` is the protobuf
 * full name without the leading dot (`user.v1.User`); `localName` is the name inside the package
 * (`User.Address` for a nested message). Option values are plain JSON: messages become objects
 * keyed by field name (as written in the .proto, snake_case), repeated fields arrays, enums their
 * value names, 64-bit integers numbers when they fit in a double and strings otherwise.
 * engine/ir/proto.ts is generated from it (scripts/ir-types.mjs).
 */
export interface ProtoIR {
  /** Project files, input order, then files reached only through imports. */
  files: ProtoFile[];
  /** Every service of the project files, in file then declaration order. */
  services: ProtoService[];
  /** Every message (nested included) of the project files, in file then declaration order. */
  messages: ProtoMessage[];
  enums: ProtoEnum[];
  /** Import paths of the third-party files the project uses (`google/api/annotations.proto`), sorted. */
  thirdParty: string[];
  /**
   * Third-party files (from include folders or bundled definitions) that declare a message or enum
   * the project refers to, sorted by path: a type reference with `external` names one of them by
   * `file`, so a pack can place any referenced type by its file options.
   */
  externalFiles: ProtoExternalFile[];
  hasServices: boolean;
  hasHttp: boolean;
  hasValidation: boolean;
  hasStreaming: boolean;
  /**
   * Include folders where the third-party files the project imports were found, for a compiler step
   * (absolute paths of this machine, compiler order). Set by the reader registry.
   */
  includeDirs?: string[];
}

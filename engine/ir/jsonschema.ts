// Generated from schemas/ir-jsonschema.schema.json by scripts/ir-types.mjs (npm run ir-types): edit the schema, not this file.

/** Where a value or a member name is written. */
export interface JsonSchemaPosition {
  /** Project-relative posix path of the file. */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
}

export interface JsonSchemaDocument {
  /** Project-relative posix path of the file. */
  file: string;
  /** The file's name without its folder and its last extension (`user` for schemas/user.json). */
  name: string;
  schema: JsonSchemaNode;
}

/** One schema (the document's, a property's or an array's items). */
export interface JsonSchemaNode {
  pos: JsonSchemaPosition;
  /**
   * Every keyword of the schema except `properties`, `required` and `items` (which are read into
   * the fields below), with its value as plain JSON.
   */
  keywords: Record<string, unknown>;
  /**
   * Where each keyword's value, and each value inside one, is written, keyed by JSON Pointer below
   * the schema without the leading slash (`x-indexes`, `x-indexes/0/key/email`).
   */
  keywordPos: Record<string, JsonSchemaPosition>;
  /** The `properties` keyword's members, in the order they are written. */
  properties: JsonSchemaProperty[];
  /** The `items` keyword's schema, when it is one schema. */
  items?: JsonSchemaNode;
}

export interface JsonSchemaProperty {
  name: string;
  /** Where the property's name is written. */
  pos: JsonSchemaPosition;
  /** Whether the parent schema's `required` list names it. */
  required: boolean;
  schema: JsonSchemaNode;
}

/**
 * The IR of JSON Schema documents (the `jsonschema` property of the IR), one per file: what each
 * schema says, in the order it says it, with positions. Keywords are kept as written, whatever
 * their vocabulary (`type`, `bsonType`, `x-` extensions...): their meaning is the pack's.
 * engine/ir/jsonschema.ts is generated from it (scripts/ir-types.mjs).
 */
export interface JsonSchemaIR {
  /** One per file, in file order. */
  documents: JsonSchemaDocument[];
}

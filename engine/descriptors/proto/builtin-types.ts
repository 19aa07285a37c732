/** The option message of each declaration kind, and proto's scalar types. */
import type { OptionTarget } from "./outline.js";

export const OPTIONS_TYPES: Record<OptionTarget, string> = {
  file: "google.protobuf.FileOptions",
  message: "google.protobuf.MessageOptions",
  field: "google.protobuf.FieldOptions",
  oneof: "google.protobuf.OneofOptions",
  enum: "google.protobuf.EnumOptions",
  enumValue: "google.protobuf.EnumValueOptions",
  service: "google.protobuf.ServiceOptions",
  method: "google.protobuf.MethodOptions",
};

/** Field pseudo-options that are descriptor fields rather than FieldOptions. */
export const FIELD_PSEUDO: Record<string, string> = { json_name: "string", default: "" };

const SCALARS = new Set([
  "double",
  "float",
  "int32",
  "int64",
  "uint32",
  "uint64",
  "sint32",
  "sint64",
  "fixed32",
  "fixed64",
  "sfixed32",
  "sfixed64",
  "bool",
  "string",
  "bytes",
]);
export const UNSIGNED = new Set(["uint32", "uint64", "fixed32", "fixed64"]);

export function isScalar(type: string): boolean {
  return SCALARS.has(type);
}

/**
 * The outline of one .proto file: every declaration (message, enum, service, rpc, field,
 * enum value, oneof, extension) and every option, with source positions and option values
 * parsed into small trees. protobufjs parses the same text for types and resolution; the
 * outline adds what it lacks: positions, the option name paths as written (to check them),
 * the file's own options (protobufjs puts them on the shared package namespace), imports.
 *
 * This file holds the outline's shape; the scanner that fills it (and its entry point,
 * scanProto) is scanner.ts.
 */
import type { OptionNamePart, OptionValue, Pos, TypeName } from "./cursor.js";
import type { Token } from "./tokens.js";

export { ScanError } from "./cursor.js";
export type { OptionEntry, OptionNamePart, OptionValue, Pos, TypeName } from "./cursor.js";

export type OptionTarget = "file" | "message" | "field" | "oneof" | "enum" | "enumValue" | "service" | "method";

export interface ScannedOption {
  target: OptionTarget;
  /** Full name of the declaration it belongs to ("" for file options). */
  owner: string;
  /** Full name of the scope the option name is resolved in. */
  scope: string;
  parts: OptionNamePart[];
  value: OptionValue;
  pos: Pos;
}

export type DeclKind = "message" | "enum" | "service" | "rpc" | "field" | "enumValue" | "oneof" | "extension";

export interface Decl {
  kind: DeclKind;
  name: string;
  /** Full name without the leading dot. Enum values are named `Enum.VALUE` here. */
  fullName: string;
  /** Full name of the enclosing package, message, enum, service or oneof's message. */
  scope: string;
  pos: Pos;
  /** Fields: the type as written (for maps, the value type). Extensions: the same. */
  type?: TypeName;
  keyType?: TypeName;
  label?: "optional" | "required" | "repeated" | "";
  number?: number;
  numberPos?: Pos;
  /** Oneof a field is declared in. */
  oneof?: string;
  /** Extensions: the extended message as written. */
  extendee?: TypeName;
  /** rpc: request and response. */
  input?: TypeName & { stream: boolean };
  output?: TypeName & { stream: boolean };
  options: ScannedOption[];
}

export interface ScannedImport {
  path: string;
  public: boolean;
  weak: boolean;
  pos: Pos;
  pathPos: Pos;
}

export interface Outline {
  syntax: string;
  edition: string;
  package: string;
  packagePos: Pos | null;
  imports: ScannedImport[];
  fileOptions: ScannedOption[];
  decls: Decl[];
  /** Every option of the file, in source order. */
  options: ScannedOption[];
  tokens: Token[];
}

/** An outline with nothing read yet: a file protobufjs reads alone, or the start of a scan. */
export function emptyOutline(syntax: string, tokens: Token[] = []): Outline {
  return {
    syntax,
    edition: "",
    package: "",
    packagePos: null,
    imports: [],
    fileOptions: [],
    decls: [],
    options: [],
    tokens,
  };
}

/**
 * The syntax tree of one `.api` file, as written (before imports, scopes and checks).
 * Positions are character offsets into the file text (`at` = start, `end` = end).
 */

export interface AstPair {
  key: string;
  /** The value with quotes removed and escapes decoded; bare values are trimmed. */
  value: string;
  valueKind: "string" | "raw" | "bare";
  at: number;
  valueAt: number;
}

export type AstTypeExpr =
  | { kind: "named"; name: string; at: number }
  | { kind: "pointer"; elem: AstTypeExpr; at: number }
  | { kind: "slice"; elem: AstTypeExpr; at: number }
  /** `length` is null for `[...]T`. */
  | { kind: "array"; length: number | null; elem: AstTypeExpr; at: number }
  | { kind: "map"; key: AstTypeExpr; value: AstTypeExpr; at: number }
  | { kind: "interface"; at: number }
  | { kind: "struct"; fields: AstField[]; at: number };

export interface AstField {
  /**
   * `named`: `Name Type`; `embedded`: `Type` or `*Type`; `inline`: `Name { ... }`;
   * `legacyNested`: `Name struct { ... }` (parsed so it can be rejected with a clear message).
   */
  kind: "named" | "embedded" | "inline" | "legacyNested";
  name: string;
  type: AstTypeExpr;
  /** Text between the backquotes, or null when the field has no tag. */
  tag: string | null;
  tagAt: number;
  at: number;
  end: number;
}

export interface AstTypeDecl {
  name: string;
  /** `struct`: a struct body; `alias`: `Name = T`; `other`: `Name T` with a non-struct T. */
  kind: "struct" | "alias" | "other";
  fields: AstField[];
  /** The aliased or defined type of an `alias`/`other` declaration. */
  target: AstTypeExpr | null;
  at: number;
  /** Start of the statement (`type` keyword for a single declaration), for doc comments. */
  docAt: number;
  end: number;
}

export interface AstAnnotation {
  kind: "server" | "doc" | "handler";
  at: number;
  /** `@server(...)` and `@doc(k: v)` pairs. */
  pairs: AstPair[];
  /** `@doc "x"` / `@doc ("x")` text, or the `@handler` name. */
  text: string | null;
  textAt: number;
}

export interface AstRoute {
  annotations: AstAnnotation[];
  method: string;
  methodAt: number;
  path: string;
  pathAt: number;
  /** undefined: not written; null: written as `()`. */
  request: AstTypeExpr | null | undefined;
  response: AstTypeExpr | null | undefined;
  at: number;
  end: number;
}

export interface AstService {
  server: AstAnnotation | null;
  name: string;
  nameAt: number;
  at: number;
  routes: AstRoute[];
}

export type AstStatement =
  | { kind: "syntax"; value: string; at: number; valueAt: number }
  | { kind: "info"; pairs: AstPair[]; at: number }
  | { kind: "import"; paths: Array<{ path: string; at: number }>; at: number }
  | { kind: "type"; decls: AstTypeDecl[]; at: number }
  | { kind: "service"; service: AstService; at: number };

/** A comment: `//` to the end of its line, or `/* ... *\/`; [start, end) in the text. */
export interface AstComment {
  start: number;
  end: number;
}

export interface AstFile {
  /** Display path (root-relative posix). */
  file: string;
  text: string;
  statements: AstStatement[];
  /** Every comment of the file, in order (none inside a string, tag, path or bare value). */
  comments: AstComment[];
}

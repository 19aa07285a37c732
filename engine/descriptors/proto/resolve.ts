/**
 * Name resolution over the outline of each project file: every field type, map value, rpc
 * request and response and extendee must name a declared message or enum (rpc types must be
 * messages), declared in the file itself or in a file it imports (directly, or through
 * `import public`). protobufjs resolves across all loaded files and stops at the first
 * failure; this walk reports every problem with the position of the type name.
 */
import protobuf from "protobufjs";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { LoadedFile } from "./load.js";
import { didYouMean } from "../did-you-mean.js";
import { isScalar } from "./builtin-types.js";
import { declsIn } from "./scopes.js";
import { resolveName } from "./scoping.js";
import type { Pos, TypeName } from "./outline.js";

export type Declared = protobuf.Type | protobuf.Enum;

/** The protobufjs object for a full name (with or without the leading dot), as a namespace to look up from. */
export function scopeOf(root: protobuf.Root, scope: string): protobuf.Namespace {
  const obj = scope ? root.lookup(scope) : root;
  return (obj instanceof protobuf.Namespace ? obj : root) as protobuf.Namespace;
}

/** Resolve a type name as written, from a scope, the way protobuf scoping does (scoping.ts). */
export function lookupType(root: protobuf.Root, scope: string, name: string): Declared | null {
  return resolveName(scopeOf(root, scope), name, "type") as Declared | null;
}

/** Files whose declarations `file` may use: itself, its imports, and what those re-export with `import public`. */
export function visibleFiles(file: LoadedFile): Set<string> {
  const seen = new Set<string>([file.path]);
  const addPublic = (f: LoadedFile) => {
    for (const imp of f.imports) {
      if (imp.public && imp.target && !seen.has(imp.target.path)) {
        seen.add(imp.target.path);
        addPublic(imp.target);
      }
    }
  };
  for (const imp of file.imports) {
    if (!imp.target) continue;
    seen.add(imp.target.path);
    addPublic(imp.target);
  }
  return seen;
}

export class Resolver {
  private allNames: string[] | null = null;

  constructor(
    private readonly root: protobuf.Root,
    private readonly filesByPath: Map<string, LoadedFile>,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Check every type reference of a project file. */
  checkFile(file: LoadedFile): void {
    const visible = visibleFiles(file);
    const proto3 = file.outline.syntax === "proto3";
    for (const d of file.outline.decls) {
      if ((d.kind === "field" || d.kind === "extension") && d.number !== undefined && d.numberPos) {
        if (d.number < 1 || d.number > 536870911)
          this.error(
            file,
            d.numberPos,
            "PROTO_FIELD_NUMBER",
            `field number ${d.number} is out of range (1 to 536870911)`,
          );
        else if (d.number >= 19000 && d.number <= 19999)
          this.error(
            file,
            d.numberPos,
            "PROTO_FIELD_NUMBER",
            `field number ${d.number} is reserved by protobuf (19000 to 19999)`,
          );
      }
      if (proto3 && d.kind === "enum") {
        const first = declsIn(file.outline, d.fullName).find((v) => v.kind === "enumValue");
        if (first && first.number !== 0 && first.numberPos)
          this.error(file, first.numberPos, "PROTO_ENUM_ZERO", `the first value of enum ${d.name} must be 0 in proto3`);
      }
      if ((d.kind === "field" || d.kind === "extension") && d.type) {
        if (d.keyType && !isScalar(d.keyType.name))
          this.error(file, d.keyType.pos, "PROTO_MAP_KEY", `map key type must be a scalar, not ${d.keyType.name}`);
        if (!isScalar(d.type.name)) this.reference(file, visible, d.scope, d.type, "type");
      }
      if (d.kind === "extension" && d.extendee) {
        const target = this.reference(file, visible, d.scope, d.extendee, "extendee");
        if (target instanceof protobuf.Enum)
          this.error(
            file,
            d.extendee.pos,
            "PROTO_NOT_MESSAGE",
            `${d.extendee.name} is an enum; only messages can be extended`,
          );
      }
      if (d.kind === "rpc") {
        for (const side of [d.input, d.output]) {
          if (!side) continue;
          if (isScalar(side.name)) {
            this.error(
              file,
              side.pos,
              "PROTO_NOT_MESSAGE",
              `rpc ${d.name} uses ${side.name}, a scalar: request and response types must be messages`,
              "wrap it in a message, or use a well-known wrapper such as google.protobuf.StringValue",
            );
            continue;
          }
          const t = this.reference(file, visible, d.scope, side, "type");
          if (t instanceof protobuf.Enum)
            this.error(
              file,
              side.pos,
              "PROTO_NOT_MESSAGE",
              `rpc ${d.name} uses ${side.name}, an enum: request and response types must be messages`,
            );
        }
      }
    }
  }

  /** Check that a used extension (an option) is declared in a visible file. */
  checkExtension(file: LoadedFile, field: protobuf.Field, pos: Pos, name: string): void {
    const from = field.filename;
    if (from && !visibleFiles(file).has(from)) {
      this.error(
        file,
        pos,
        "PROTO_IMPORT_MISSING",
        `option (${name}) is declared in ${from}, which ${file.path} does not import`,
        `add: import "${this.importPathOf(from)}";`,
      );
    }
  }

  private reference(
    file: LoadedFile,
    visible: Set<string>,
    scope: string,
    type: TypeName,
    what: string,
  ): Declared | null {
    const found = lookupType(this.root, scope, type.name);
    if (!found) {
      const hint =
        didYouMean(type.name.replace(/^\./, ""), this.names(), undefined, this.diagnostics) ??
        this.missingImportHint(file);
      this.error(file, type.pos, "PROTO_UNKNOWN_TYPE", `unknown ${what} ${type.name}`, hint);
      return null;
    }
    const from = found.filename;
    if (from && !visible.has(from)) {
      this.error(
        file,
        type.pos,
        "PROTO_IMPORT_MISSING",
        `${type.name} is declared in ${from}, which ${file.path} does not import`,
        `add: import "${this.importPathOf(from)}";`,
      );
    }
    return found;
  }

  private importPathOf(path: string): string {
    return this.filesByPath.get(path)?.protoPath ?? path;
  }

  private missingImportHint(file: LoadedFile): string | undefined {
    const missing = file.imports.filter((i) => i.source === "missing").map((i) => `"${i.path}"`);
    return missing.length > 0 ? `the import ${missing.join(", ")} could not be found` : undefined;
  }

  /** Full and simple names of every message and enum, for "did you mean". */
  private names(): string[] {
    if (!this.allNames) {
      const out = new Set<string>();
      const walk = (ns: protobuf.NamespaceBase) => {
        for (const obj of ns.nestedArray) {
          if (obj instanceof protobuf.Type || obj instanceof protobuf.Enum) {
            out.add(obj.fullName.slice(1));
            out.add(obj.name);
          }
          if (obj instanceof protobuf.Namespace || obj instanceof protobuf.Type) walk(obj as protobuf.NamespaceBase);
        }
      };
      walk(this.root);
      this.allNames = [...out];
    }
    return this.allNames;
  }

  private error(file: LoadedFile, pos: Pos, code: string, message: string, hint?: string): void {
    this.diagnostics.push(diag(code, message, { file: file.path, line: pos.line, column: pos.column }, hint));
  }
}

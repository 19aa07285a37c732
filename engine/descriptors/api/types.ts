/**
 * Type declarations to IR: fields, tags, comments, and the rules on where each kind of
 * type may appear (struct literals only as inline fields, literal map keys, sized arrays,
 * struct embedding, no type containing itself by value). Internal to the api reader.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiField, ApiType, ApiTypeExpr } from "../../ir/index.js";
import type { AstField, AstTypeExpr } from "./ast.js";
import type { LoadedFile } from "./load.js";
import type { Declaration, TypeScope } from "./scope.js";
import { isOptional, parseTags } from "./tags.js";

/** Where a type expression appears; struct literals are only allowed as a field's own type. */
type Context = "field" | "nested" | "mapKey" | "request" | "response";

const where: Record<Context, string> = {
  field: "here",
  nested: "inside a pointer, slice, array or map",
  mapKey: "as a map key",
  request: "as a request body",
  response: "as a response body",
};

export class TypeBuilder {
  constructor(
    private readonly scope: TypeScope,
    private readonly diagnostics: Diagnostic[],
    private readonly warnings: Diagnostic[] = [],
  ) {}

  /** The IR of every declared struct type, in discovery order. */
  types(): ApiType[] {
    const types = this.scope.declarations.map((d) => this.declaration(d));
    this.checkRecursion(types);
    return types;
  }

  /** Convert a type expression; null (with a diagnostic) when it is not allowed. */
  expr(e: AstTypeExpr, file: LoadedFile, ctx: Context): ApiTypeExpr | null {
    const fail = (code: string, message: string, hint?: string): null => {
      this.diagnostics.push(diag(code, message, file.src.pos(e.at), hint));
      return null;
    };
    switch (e.kind) {
      case "named": {
        const r = this.scope.resolve(e.name, file, e.at);
        if ("builtin" in r) return { kind: "builtin", name: r.builtin, text: r.builtin };
        if ("rejected" in r) return null;
        if ("error" in r) {
          this.diagnostics.push(r.error);
          return null;
        }
        if (ctx === "mapKey")
          return fail("API_MAP_KEY", `map key ${e.name} must be a built-in type such as string or int64`);
        return { kind: "named", name: e.name, package: r.declaration.package, text: e.name };
      }
      case "interface":
        if (ctx === "mapKey") return fail("API_MAP_KEY", "map key must be a built-in type such as string or int64");
        return { kind: "builtin", name: "interface{}", text: "interface{}" };
      case "struct":
        if (ctx === "mapKey") return fail("API_MAP_KEY", "map key must be a built-in type such as string or int64");
        return fail(
          "API_NESTED_STRUCT",
          `a struct type cannot be written ${where[ctx]}`,
          "declare a named type and use its name",
        );
      default:
        break;
    }
    if (ctx === "mapKey") return fail("API_MAP_KEY", "map key must be a built-in type such as string or int64");
    if (e.kind === "pointer") {
      const elem = this.expr(e.elem, file, "nested");
      return elem && { kind: "pointer", elem, text: `*${elem.text}` };
    }
    if (e.kind === "slice") {
      const elem = this.expr(e.elem, file, "nested");
      return elem && { kind: "slice", elem, text: `[]${elem.text}` };
    }
    if (e.kind === "array") {
      const elem = this.expr(e.elem, file, "nested");
      if (e.length === null)
        return fail(
          "API_ARRAY_LENGTH",
          "arrays need an explicit length: [...] is not supported",
          "write [N]T or use a slice []T",
        );
      return elem && { kind: "array", length: e.length, elem, text: `[${e.length}]${elem.text}` };
    }
    const key = this.expr(e.key, file, "mapKey");
    const value = this.expr(e.value, file, "nested");
    return key && value && { kind: "map", key, value, text: `map[${key.text}]${value.text}` };
  }

  private declaration(d: Declaration): ApiType {
    const { decl, file } = d;
    return {
      name: decl.name,
      package: d.package,
      file: file.path,
      fields: this.fields(decl.fields, file),
      docs: file.src.docsAbove(decl.docAt),
      pos: file.src.pos(decl.at),
    };
  }

  private fields(list: AstField[], file: LoadedFile): ApiField[] {
    const out: ApiField[] = [];
    const names = new Map<string, number>();
    for (const f of list) {
      const field = this.field(f, file);
      if (!field) continue;
      const first = names.get(field.name);
      if (first !== undefined) {
        this.diagnostics.push(
          diag("API_DUPLICATE_FIELD", `field ${field.name} is declared twice (first on line ${first})`, field.pos),
        );
        continue;
      }
      names.set(field.name, field.pos.line);
      out.push(field);
    }
    return out;
  }

  private field(f: AstField, file: LoadedFile): ApiField | null {
    const pos = file.src.pos(f.at);
    if (f.kind === "legacyNested") {
      this.diagnostics.push(
        diag(
          "API_LEGACY_NESTED_STRUCT",
          `field ${f.name} declares a nested struct with the struct keyword`,
          pos,
          `write ${f.name} { ... } or declare a named type`,
        ),
      );
      return null;
    }
    let type: ApiTypeExpr | null;
    if (f.type.kind === "struct" && f.kind === "inline") {
      const fields = this.fields(f.type.fields, file);
      type = { kind: "struct", fields, text: structText(fields) };
    } else {
      type = this.expr(f.type, file, "field");
    }
    if (type && f.kind === "embedded" && !isEmbeddable(type)) {
      this.diagnostics.push(
        diag("API_EMBEDDED_TYPE", `cannot embed ${type.text}: only declared struct types can be embedded`, pos),
      );
      return null;
    }
    const tag = f.tag ?? "";
    const parsed = parseTags(tag);
    if ("error" in parsed) {
      this.diagnostics.push(
        diag(
          "API_INVALID_TAG",
          `invalid tag on field ${f.name}: ${parsed.error}`,
          file.src.pos(f.tagAt + 1 + parsed.offset),
        ),
      );
      return null;
    }
    if (parsed.tidied.length > 0) {
      const hint = `write ${parsed.tidied.join(" ")} (go vet rejects a space in a tag value)`;
      this.warnings.push(
        diag(
          "API_TAG_SPACE",
          `tag of field ${f.name} has a stray space in a value; generated as \`${parsed.tag}\``,
          file.src.pos(f.tagAt + 1),
          hint,
        ),
      );
    }
    if (!type) return null;
    return {
      name: f.name,
      embedded: f.kind === "embedded",
      type,
      tag: parsed.tag,
      tags: parsed.tags.map((t, i) => ({ ...t, pos: file.src.pos(f.tagAt + 1 + (parsed.valueOffsets[i] ?? 0)) })),
      optional: isOptional(parsed.tags),
      docs: file.src.docsAbove(f.at),
      comment: file.src.trailing(f.end),
      pos,
    };
  }

  /** Report types that contain themselves by value (through fields, arrays or inline structs). */
  private checkRecursion(types: ApiType[]): void {
    const byKey = new Map(types.map((t) => [keyOf(t.package, t.name), t]));
    const state = new Map<string, "active" | "done">();
    const visit = (key: string, chain: string[]): void => {
      const s = state.get(key);
      if (s === "done") return;
      const t = byKey.get(key);
      if (!t) return;
      if (s === "active") {
        const cycle = [...chain.slice(chain.indexOf(key)), key].map((k) => byKey.get(k)?.name ?? k);
        this.diagnostics.push(
          diag(
            "API_RECURSIVE_TYPE",
            `type ${t.name} contains itself (${cycle.join(" -> ")})`,
            t.pos,
            "use a pointer, slice or map for the recursive field",
          ),
        );
        return;
      }
      state.set(key, "active");
      for (const dep of t.fields.flatMap((f) => valueDeps(f.type))) visit(dep, [...chain, key]);
      state.set(key, "done");
    };
    for (const key of byKey.keys()) visit(key, []);
  }
}

const keyOf = (pkg: string, name: string): string => `${pkg}\u0000${name}`;

function valueDeps(t: ApiTypeExpr): string[] {
  if (t.kind === "named") return [keyOf(t.package, t.name)];
  if (t.kind === "array") return valueDeps(t.elem);
  if (t.kind === "struct") return t.fields.flatMap((f) => valueDeps(f.type));
  return [];
}

function isEmbeddable(t: ApiTypeExpr): boolean {
  return t.kind === "named" || (t.kind === "pointer" && t.elem.kind === "named");
}

/** Go source of an inline struct type on one line. */
function structText(fields: ApiField[]): string {
  if (fields.length === 0) return "struct{}";
  const parts = fields.map(
    (f) => `${f.embedded ? f.type.text : `${f.name} ${f.type.text}`}${f.tag ? ` \`${f.tag}\`` : ""}`,
  );
  return `struct { ${parts.join("; ")} }`;
}

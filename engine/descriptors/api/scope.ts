/**
 * Type declarations and name resolution. Each file belongs to a package (the value of the
 * info key the pack names, "" by default). As the .api language has it, every file reached from an entry file
 * shares one scope: a file sees the types of every file in the import graph of each entry that
 * reaches it (so `order.api`, imported by `main.api`, may use `BaseResp` from `base.api`, which
 * `main.api` also imports). A name declared in the file's own package wins; a name found only
 * in other packages must be unique among them. Internal to the api reader.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { AstTypeDecl } from "./ast.js";
import { documentOf, type LoadedFile } from "./load.js";
import { didYouMean, SUGGESTED_PROBLEMS } from "../did-you-mean.js";

export const BUILTIN_TYPES = new Set([
  "bool",
  "string",
  "byte",
  "rune",
  "int",
  "int8",
  "int16",
  "int32",
  "int64",
  "uint",
  "uint8",
  "uint16",
  "uint32",
  "uint64",
  "uintptr",
  "float32",
  "float64",
  "complex64",
  "complex128",
]);

export interface Declaration {
  decl: AstTypeDecl;
  file: LoadedFile;
  package: string;
  key: string;
}

/** `rejected`: the name belongs to a declaration already reported, so uses of it are not reported again. */
export type Resolution =
  | { builtin: string }
  | { declaration: Declaration }
  | { error: Diagnostic }
  | { rejected: true };

export class TypeScope {
  /** Struct declarations in discovery order, each (package, name) once. */
  readonly declarations: Declaration[] = [];
  private readonly byName = new Map<string, Declaration[]>();
  private readonly visible = new Map<LoadedFile, Set<LoadedFile>>();
  private readonly rejected = new Set<string>();

  constructor(
    files: LoadedFile[],
    private readonly packageOf: (file: LoadedFile) => string,
    private readonly byAbs: Map<string, LoadedFile>,
    diagnostics: Diagnostic[],
    private readonly roots: LoadedFile[] = [],
  ) {
    const seen = new Map<string, Declaration>();
    for (const file of files) {
      for (const stmt of file.ast.statements) {
        if (stmt.kind !== "type") continue;
        for (const decl of stmt.decls) {
          const pos = file.src.pos(decl.at);
          if (decl.kind !== "struct" || decl.name === "any") this.rejected.add(decl.name);
          if (BUILTIN_TYPES.has(decl.name) || decl.name === "any") {
            diagnostics.push(diag("API_RESERVED_TYPE_NAME", `type ${decl.name} uses the name of a built-in type`, pos));
            continue;
          }
          if (decl.kind !== "struct") {
            diagnostics.push(
              diag(
                "API_TYPE_ALIAS",
                `type ${decl.name} is not a struct; only struct types can be declared`,
                pos,
                `write type ${decl.name} { ... } and use the other type in its fields`,
              ),
            );
            continue;
          }
          const pkg = packageOf(file);
          const key = `${pkg}\u0000${decl.name}`;
          const first = seen.get(key);
          if (first) {
            const where = `${first.file.path}:${first.file.src.pos(first.decl.at).line}`;
            const inPkg = pkg === "" ? "" : ` in package ${pkg}`;
            diagnostics.push(
              diag("API_DUPLICATE_TYPE", `type ${decl.name} is declared twice${inPkg} (first at ${where})`, pos),
            );
            continue;
          }
          const d: Declaration = { decl, file, package: pkg, key };
          seen.set(key, d);
          this.declarations.push(d);
          this.byName.set(decl.name, [...(this.byName.get(decl.name) ?? []), d]);
        }
      }
    }
  }

  /** Resolve a type name used in `file` at offset `at`. */
  resolve(name: string, file: LoadedFile, at: number): Resolution {
    if (BUILTIN_TYPES.has(name)) return { builtin: name };
    const pos = file.src.pos(at);
    const all = this.byName.get(name) ?? [];
    const visible = this.visibleFrom(file);
    const candidates = all.filter((d) => visible.has(d.file));
    const own = candidates.find((d) => d.package === this.packageOf(file));
    if (own) return { declaration: own };
    if (candidates.length === 0 && this.rejected.has(name)) return { rejected: true };
    const packages = [...new Set(candidates.map((d) => d.package))];
    if (packages.length === 1 && candidates[0]) return { declaration: candidates[0] };
    if (packages.length > 1) {
      const list = packages.map((p) => (p === "" ? "the default package" : p)).join(", ");
      return {
        error: diag("API_AMBIGUOUS_TYPE", `type ${name} is declared in several imported packages (${list})`, pos),
      };
    }
    const hint =
      name === "any"
        ? "write interface{} instead of any"
        : all[0]
          ? `${name} is declared in ${all[0].file.path}, which ${file.path} does not import`
          : this.suggest(name, file);
    return { error: diag("API_UNKNOWN_TYPE", `unknown type ${name}`, pos, hint) };
  }

  /** "did you mean" among the types `file` sees and the built-in ones (the first few unknown names only). */
  private suggest(name: string, file: LoadedFile): string | undefined {
    if (this.suggested >= SUGGESTED_PROBLEMS) return undefined;
    this.suggested++;
    const visible = this.visibleFrom(file);
    const names = this.declarations.filter((d) => visible.has(d.file)).map((d) => d.decl.name);
    return didYouMean(name, [...names, ...BUILTIN_TYPES]);
  }

  private suggested = 0;

  private visibleFrom(file: LoadedFile): Set<LoadedFile> {
    let set = this.visible.get(file);
    if (!set) {
      set = new Set(documentOf(file, this.byAbs));
      for (const doc of this.documents()) if (doc.has(file)) for (const f of doc) set.add(f);
      this.visible.set(file, set);
    }
    return set;
  }

  private docs: Array<Set<LoadedFile>> | null = null;
  /** Each entry file's import graph. */
  private documents(): Array<Set<LoadedFile>> {
    this.docs ??= this.roots.map((r) => new Set(documentOf(r, this.byAbs)));
    return this.docs;
  }
}

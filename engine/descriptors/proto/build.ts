/**
 * Building the ProtoIR from the loaded files (already checked): protobufjs objects give the
 * types, the outlines give positions, the evaluated options give values. Here: messages,
 * enums, files and the project-wide lists (third-party imports, validation flags); services
 * and their methods are built by services.ts.
 */
import protobuf from "protobufjs";
import type { Diagnostic } from "../../diagnostics/index.js";
import type {
  ProtoEnum,
  ProtoExternalFile,
  ProtoField,
  ProtoFile,
  ProtoIR,
  ProtoMessage,
  ProtoOneof,
  ProtoPosition,
  ProtoService,
  ProtoTypeRef,
} from "../../ir/index.js";
import { writtenFileOptions } from "./file-options.js";
import type { LoadedFile } from "./load.js";
import { jsonNameOf } from "./names.js";
import { isScalar } from "./builtin-types.js";
import type { OptionsResult, OptionValues } from "./options.js";
import type { Decl, Pos } from "./outline.js";
import { lookupType, type Declared } from "./resolve.js";
import { declsIn } from "./scopes.js";
import { buildService, type ServiceContext } from "./services.js";

const FIELD_RULES = "buf.validate.field";
const MESSAGE_RULES = "buf.validate.message";
const ONEOF_RULES = "buf.validate.oneof";

export interface BuildInput {
  root: protobuf.Root;
  project: LoadedFile[];
  filesByPath: Map<string, LoadedFile>;
  /** Evaluated options (values and where they are written) per project file, keyed `target:owner`. */
  options: Map<LoadedFile, Pick<OptionsResult, "values" | "positions">>;
}

export function buildIR(input: BuildInput, diagnostics: Diagnostic[]): ProtoIR {
  return new Builder(input, diagnostics).build();
}

class Builder implements ServiceContext {
  private readonly messages = new Map<string, ProtoMessage>();
  private readonly deep = new Map<string, boolean>();
  /** Third-party files a type reference points into, by import path. */
  private readonly external = new Map<string, LoadedFile>();

  constructor(
    private readonly input: BuildInput,
    readonly diagnostics: Diagnostic[],
  ) {}

  get root(): protobuf.Root {
    return this.input.root;
  }

  build(): ProtoIR {
    const files: ProtoFile[] = [];
    const services: ProtoService[] = [];
    const enums: ProtoEnum[] = [];
    for (const file of this.input.project) {
      for (const d of file.outline.decls) {
        if (d.kind === "message") this.message(file, d);
        else if (d.kind === "enum") {
          const e = this.enumOf(file, d);
          if (e) enums.push(e);
        }
      }
    }
    const messages = [...this.messages.values()];
    for (const m of messages) this.deepValidation(m.fullName, new Set());
    for (const m of messages) m.hasDeepValidation = this.hasDeepValidation(m.fullName);
    for (const file of this.input.project) {
      for (const d of file.outline.decls) if (d.kind === "service") services.push(buildService(this, file, d));
    }
    for (const file of this.input.project) files.push(this.file(file, messages, services, enums));

    const thirdParty = new Set<string>();
    for (const file of this.input.project)
      for (const imp of file.imports) if (imp.target && !imp.target.project) thirdParty.add(imp.path);
    return {
      files,
      services,
      messages,
      enums,
      thirdParty: [...thirdParty].sort(),
      externalFiles: this.externalFiles(),
      hasServices: services.length > 0,
      hasHttp: services.some((s) => s.hasHttp),
      hasValidation: files.some((f) => f.hasValidation),
      hasStreaming: services.some((s) => s.hasStreaming),
    };
  }

  // ---- helpers ------------------------------------------------------------------------

  pos(file: LoadedFile, p: Pos): ProtoPosition {
    return { file: file.path, line: p.line, column: p.column };
  }

  opts(file: LoadedFile, key: string): OptionValues {
    return this.input.options.get(file)?.values.get(key) ?? {};
  }

  optionPos(file: LoadedFile, key: string): Record<string, ProtoPosition> {
    const positions = this.input.options.get(file)?.positions.get(key) ?? {};
    return Object.fromEntries(Object.entries(positions).map(([name, p]) => [name, this.pos(file, p)]));
  }

  /** The file's options: evaluated for project files, as written for the others (not evaluated). */
  private fileOptions(file: LoadedFile): Record<string, unknown> {
    return this.input.options.get(file)?.values.get("file:") ?? writtenFileOptions(file.outline);
  }

  private externalFiles(): ProtoExternalFile[] {
    return [...this.external.values()]
      .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
      .map((f) => ({ path: f.path, options: this.fileOptions(f) }));
  }

  private packageOf(file: LoadedFile | undefined, fullName: string): string {
    if (file && !file.builtin) return file.outline.package;
    return fullName.split(".").slice(0, -1).join(".");
  }

  typeRef(t: Declared): ProtoTypeRef {
    const fullName = t.fullName.slice(1);
    const file = t.filename ? this.input.filesByPath.get(t.filename) : undefined;
    let pkg = this.packageOf(file, fullName);
    if (file && !file.project) this.external.set(file.path, file);
    if (file?.builtin) {
      // Bundled definitions: the package is the namespace chain outside the outermost message.
      let p: protobuf.ReflectionObject | null = t.parent;
      while (p && (p instanceof protobuf.Type || p instanceof protobuf.Enum)) p = p.parent;
      pkg = p && p !== this.input.root ? p.fullName.slice(1) : "";
    }
    return {
      fullName,
      name: t.name,
      localName: pkg && fullName.startsWith(`${pkg}.`) ? fullName.slice(pkg.length + 1) : fullName,
      kind: t instanceof protobuf.Type ? "message" : "enum",
      package: pkg,
      file: t.filename ?? "",
      external: !file?.project,
    };
  }

  hasDeepValidation(fullName: string): boolean {
    return this.deep.get(fullName) ?? false;
  }

  // ---- messages and enums -------------------------------------------------------------

  /** Names and place of a project message or enum, the fields both IR entries start with. */
  private placement(
    file: LoadedFile,
    d: Decl,
  ): Pick<ProtoMessage & ProtoEnum, "fullName" | "name" | "localName" | "package" | "file" | "parent"> {
    const pkg = file.outline.package;
    return {
      fullName: d.fullName,
      name: d.name,
      localName: pkg ? d.fullName.slice(pkg.length + 1) : d.fullName,
      package: pkg,
      file: file.path,
      parent: d.scope === pkg ? "" : d.scope,
    };
  }

  private message(file: LoadedFile, d: Decl): void {
    const type = this.input.root.lookup(d.fullName, [protobuf.Type]) as protobuf.Type | null;
    if (!type || this.messages.has(d.fullName)) return;
    const decls = new Map(declsIn(file.outline, d.fullName).map((x) => [x.name, x]));
    const fields: ProtoField[] = [];
    for (const f of type.fieldsArray) {
      if (f.name.startsWith(".")) continue;
      const fd = decls.get(f.name);
      fields.push(this.field(file, d.fullName, f, fd));
    }
    const oneofs: ProtoOneof[] = [];
    for (const o of type.oneofsArray) {
      const od = decls.get(o.name);
      if (od?.kind !== "oneof") continue;
      const options = this.opts(file, `oneof:${od.fullName}`);
      oneofs.push({
        name: o.name,
        fields: [...o.oneof],
        rules: asRules(options[ONEOF_RULES]),
        options,
        optionPos: this.optionPos(file, `oneof:${od.fullName}`),
        comment: o.comment ?? "",
        pos: this.pos(file, od.pos),
      });
    }
    const options = this.opts(file, `message:${d.fullName}`);
    const rules = asRules(options[MESSAGE_RULES]);
    this.messages.set(d.fullName, {
      ...this.placement(file, d),
      fields,
      oneofs,
      nested: declsIn(file.outline, d.fullName)
        .filter((x) => x.kind === "message" || x.kind === "enum")
        .map((x) => x.fullName),
      rules,
      hasValidation: rules !== null || fields.some((f) => f.rules !== null) || oneofs.some((o) => o.rules !== null),
      hasDeepValidation: false,
      options,
      optionPos: this.optionPos(file, `message:${d.fullName}`),
      comment: type.comment ?? "",
      pos: this.pos(file, d.pos),
    });
  }

  private field(file: LoadedFile, scope: string, f: protobuf.Field, d: Decl | undefined): ProtoField {
    const options = d ? this.opts(file, `field:${d.fullName}`) : {};
    const resolve = (name: string) => (isScalar(name) ? null : lookupType(this.input.root, scope, name));
    const isMap = f instanceof protobuf.MapField;
    const t = resolve(f.type);
    const kind = t instanceof protobuf.Type ? "message" : t instanceof protobuf.Enum ? "enum" : "scalar";
    const typeRef = t ? this.typeRef(t) : null;
    const type = typeRef ? typeRef.fullName : f.type;
    const label = d?.label ?? "";
    return {
      name: f.name,
      jsonName: typeof options["json_name"] === "string" ? (options["json_name"] as string) : jsonNameOf(f.name),
      number: f.id,
      type,
      kind: isMap ? "map" : kind,
      typeRef,
      repeated: !isMap && f.repeated,
      optional: label === "optional",
      required: label === "required",
      oneof: d?.oneof ?? "",
      mapKey: isMap ? (f as protobuf.MapField).keyType : null,
      mapValue: isMap ? { type, kind, typeRef } : null,
      deprecated: options["deprecated"] === true,
      comment: f.comment ?? "",
      options,
      optionPos: d ? this.optionPos(file, `field:${d.fullName}`) : {},
      rules: asRules(options[FIELD_RULES]),
      pos: this.pos(file, d?.pos ?? { line: 1, column: 1 }),
    };
  }

  private enumOf(file: LoadedFile, d: Decl): ProtoEnum | null {
    const en = this.input.root.lookup(d.fullName, [protobuf.Enum]) as protobuf.Enum | null;
    if (!en) return null;
    const decls = new Map(declsIn(file.outline, d.fullName).map((x) => [x.name, x]));
    return {
      ...this.placement(file, d),
      values: Object.entries(en.values).map(([name, number]) => {
        const vd = decls.get(name);
        return {
          name,
          number,
          comment: en.comments[name] ?? "",
          options: vd ? this.opts(file, `enumValue:${vd.fullName}`) : {},
          optionPos: vd ? this.optionPos(file, `enumValue:${vd.fullName}`) : {},
          pos: this.pos(file, vd?.pos ?? d.pos),
        };
      }),
      options: this.opts(file, `enum:${d.fullName}`),
      optionPos: this.optionPos(file, `enum:${d.fullName}`),
      comment: en.comment ?? "",
      pos: this.pos(file, d.pos),
    };
  }

  /** Does the message, or anything it reaches through fields, carry rules? */
  private deepValidation(fullName: string, stack: Set<string>): boolean {
    const known = this.deep.get(fullName);
    if (known !== undefined) return known;
    const m = this.messages.get(fullName);
    if (!m || stack.has(fullName)) return false;
    stack.add(fullName);
    let result = m.hasValidation;
    for (const f of m.fields) {
      if (result) break;
      if (f.typeRef?.kind === "message") result = this.deepValidation(f.typeRef.fullName, stack);
    }
    stack.delete(fullName);
    this.deep.set(fullName, result);
    return result;
  }

  // ---- files --------------------------------------------------------------------------

  private file(file: LoadedFile, messages: ProtoMessage[], services: ProtoService[], enums: ProtoEnum[]): ProtoFile {
    const pkg = file.outline.package;
    const own = messages.filter((m) => m.file === file.path);
    const svcs = services.filter((s) => s.file === file.path);
    return {
      path: file.path,
      protoPath: file.protoPath,
      root: file.input,
      syntax: file.outline.syntax,
      edition: file.outline.edition,
      package: pkg,
      options: this.fileOptions(file),
      optionPos: this.optionPos(file, "file:"),
      imports: file.imports.map((imp) => ({
        path: imp.path,
        public: imp.public,
        weak: imp.weak,
        source: imp.source,
        file: imp.target?.project ? imp.target.path : imp.path,
        pos: this.pos(file, imp.pos),
      })),
      services: svcs.map((s) => s.fullName),
      messages: own.map((m) => m.fullName),
      enums: enums.filter((e) => e.file === file.path).map((e) => e.fullName),
      hasServices: svcs.length > 0,
      hasValidation: own.some((m) => m.hasValidation) || svcs.some((s) => s.hasValidation),
      pos: this.pos(file, file.outline.packagePos ?? { line: 1, column: 1 }),
    };
  }
}

function asRules(v: unknown): Record<string, unknown> | null {
  return v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null;
}

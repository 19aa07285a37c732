/**
 * The scanner that fills an Outline: one pass over the tokens of a .proto file, reading
 * declarations (message, enum, service, rpc, field, enum value, oneof, extension), imports
 * and options, each with its source position. The reading steps it is made of are in
 * cursor.ts; the shapes it fills in outline.ts.
 */
import { ScanError, TokenCursor, type TypeName } from "./cursor.js";
import {
  emptyOutline,
  type Decl,
  type DeclKind,
  type OptionTarget,
  type Outline,
  type ScannedOption,
} from "./outline.js";
import { tokenize, TokenizeError, type Token } from "./tokens.js";

const LABELS = new Set(["optional", "required", "repeated"]);

export class OutlineParser extends TokenCursor {
  private readonly out: Outline;

  constructor(tokens: Token[]) {
    super(tokens);
    this.out = emptyOutline("proto2", tokens);
  }

  file(): Outline {
    while (!this.done()) {
      const t = this.peek();
      if (this.isPunct(";")) {
        this.i++;
        continue;
      }
      switch (t.value) {
        case "syntax":
        case "edition": {
          this.i++;
          this.expect("=");
          const at = this.pos();
          const v = this.string();
          if (t.value === "syntax" && v !== "proto2" && v !== "proto3")
            throw new ScanError(`unknown syntax "${v}" (expected "proto2" or "proto3")`, at);
          if (t.value === "syntax") this.out.syntax = v;
          else {
            this.out.syntax = "editions";
            this.out.edition = v;
          }
          this.expect(";");
          break;
        }
        case "package": {
          this.i++;
          this.out.packagePos = this.pos();
          this.out.package = this.fullIdent().name;
          this.expect(";");
          break;
        }
        case "import":
          this.importStmt();
          break;
        case "option": {
          const opt = this.optionStmt("file", "", this.out.package);
          this.out.fileOptions.push(opt);
          break;
        }
        default:
          if (!this.common(this.out.package, t)) this.fail(`unexpected '${t.value}'`);
      }
    }
    return this.out;
  }

  // ---- declarations -------------------------------------------------------------------

  /** message / enum / service / extend, valid at top level and inside messages. */
  private common(scope: string, t: Token): boolean {
    if (t.kind !== "ident") return false;
    // Edition 2024 visibility: `export message X {` / `local enum Y {`.
    if (
      (t.value === "export" || t.value === "local") &&
      (this.peek(1).value === "message" || this.peek(1).value === "enum") &&
      this.peek(2).kind === "ident"
    ) {
      this.i++;
      return this.common(scope, this.peek());
    }
    switch (t.value) {
      case "message":
        this.message(scope);
        return true;
      case "enum":
        this.enumDecl(scope);
        return true;
      case "service":
        if (scope !== this.out.package) return false;
        this.service(scope);
        return true;
      case "extend":
        this.extend(scope);
        return true;
    }
    return false;
  }

  private message(scope: string): void {
    this.i++;
    const name = this.ident();
    const decl = this.decl("message", name.value, scope, name);
    this.messageBody(decl.fullName, decl);
  }

  /** `{ ... }` of a message or group. */
  private messageBody(scope: string, owner: Decl): void {
    this.block(() => {
      const t = this.peek();
      const next = this.peek(1);
      // `message Foo {` is a declaration; `message foo = 1;` a field whose type is named `message`.
      const isDecl =
        t.kind === "ident" &&
        this.peek(2).value !== "=" &&
        (next.kind === "ident" || (t.value === "extend" && next.value === "."));
      const visibility =
        (t.value === "export" || t.value === "local") &&
        (next.value === "message" || next.value === "enum") &&
        this.peek(2).kind === "ident";
      if (((t.value === "message" || t.value === "enum" || t.value === "extend") && isDecl) || visibility) {
        this.common(scope, t);
      } else if (t.value === "oneof" && isDecl) {
        this.oneof(scope);
      } else if (t.value === "option" && (next.kind === "ident" || next.value === "(")) {
        this.optionStmt("message", owner.fullName, scope, owner);
      } else if (
        (t.value === "reserved" || t.value === "extensions") &&
        next.value !== "=" &&
        this.peek(2).value !== "="
      ) {
        this.skipStatement();
      } else {
        this.field(scope, "field");
      }
    });
  }

  private oneof(scope: string): void {
    this.i++;
    const name = this.ident();
    const decl = this.decl("oneof", name.value, scope, name);
    this.block(() => {
      if (this.peek().value === "option" && this.peek(1).value !== "=")
        this.optionStmt("oneof", decl.fullName, scope, decl);
      else this.field(scope, "field", name.value);
    });
  }

  /** `[label] type name = N [opts];`, `map<K, V> name = N;`, or a proto2 group. */
  private field(scope: string, kind: "field" | "extension", oneof?: string, extendee?: TypeName): void {
    let label: Decl["label"] = "";
    if (LABELS.has(this.peek().value) && this.peek(1).value !== "=") label = this.next().value as Decl["label"];
    let keyType: TypeName | undefined;
    let type: TypeName;
    if (this.peek().value === "map" && this.peek(1).value === "<") {
      this.i += 2;
      keyType = this.fullIdent();
      this.expect(",");
      type = this.fullIdent();
      this.expect(">");
    } else if (this.peek().value === "group" && this.peek(1).kind === "ident" && this.peek(2).value === "=") {
      this.group(scope, label, kind, oneof, extendee);
      return;
    } else {
      type = this.fullIdent();
    }
    const name = this.ident();
    const decl = this.decl(kind, name.value, scope, name);
    decl.type = type;
    if (keyType) decl.keyType = keyType;
    this.fieldRest(decl, scope, label, oneof, extendee);
    this.expect(";");
  }

  private group(
    scope: string,
    label: Decl["label"],
    kind: "field" | "extension",
    oneof?: string,
    extendee?: TypeName,
  ): void {
    this.i++;
    const name = this.ident();
    // protobufjs names a group field with a lower-case first letter (protoc lower-cases it all).
    const fieldName = name.value.charAt(0).toLowerCase() + name.value.slice(1);
    const decl = this.decl(kind, fieldName, scope, name);
    decl.type = { name: name.value, pos: this.posOf(name) };
    this.fieldRest(decl, scope, label, oneof, extendee);
    const msg = this.decl("message", name.value, scope, name);
    this.messageBody(msg.fullName, msg);
  }

  /** What fields and groups share after the name: label, oneof, extendee, `= N [opts]`. */
  private fieldRest(decl: Decl, scope: string, label: Decl["label"], oneof?: string, extendee?: TypeName): void {
    decl.label = label;
    if (oneof) decl.oneof = oneof;
    if (extendee) decl.extendee = extendee;
    this.expect("=");
    decl.numberPos = this.pos();
    decl.number = this.integer();
    this.inlineOptions("field", decl, scope);
  }

  private enumDecl(scope: string): void {
    this.i++;
    const name = this.ident();
    const decl = this.decl("enum", name.value, scope, name);
    this.block(() => {
      const t = this.peek();
      if (t.value === "option" && this.peek(1).value !== "=") {
        this.optionStmt("enum", decl.fullName, scope, decl);
      } else if (t.value === "reserved" && this.peek(1).value !== "=") {
        this.skipStatement();
      } else {
        const v = this.ident();
        const value = this.decl("enumValue", v.value, decl.fullName, v);
        this.expect("=");
        value.numberPos = this.pos();
        value.number = this.integer();
        this.inlineOptions("enumValue", value, scope);
        this.expect(";");
      }
    });
  }

  private service(scope: string): void {
    this.i++;
    const name = this.ident();
    const decl = this.decl("service", name.value, scope, name);
    this.block(() => {
      const t = this.peek();
      if (t.value === "option") {
        this.optionStmt("service", decl.fullName, scope, decl);
      } else if (t.value === "rpc") {
        this.rpc(decl, scope);
      } else {
        this.fail(`unexpected '${t.value}' in service ${name.value}`);
      }
    });
  }

  private rpc(service: Decl, scope: string): void {
    this.i++;
    const name = this.ident();
    const decl = this.decl("rpc", name.value, service.fullName, name);
    const side = (): TypeName & { stream: boolean } => {
      this.expect("(");
      let stream = false;
      if (this.peek().value === "stream" && this.peek(1).value !== ")") {
        this.i++;
        stream = true;
      }
      const type = this.fullIdent();
      this.expect(")");
      return { ...type, stream };
    };
    decl.input = side();
    if (this.peek().value !== "returns") this.fail("expected 'returns'");
    this.i++;
    decl.output = side();
    if (this.isPunct("{")) {
      this.block(() => {
        if (this.peek().value === "option") this.optionStmt("method", decl.fullName, scope, decl);
        else this.fail(`unexpected '${this.peek().value}' in rpc ${name.value}`);
      });
    } else {
      this.expect(";");
    }
  }

  private extend(scope: string): void {
    this.i++;
    const extendee = this.fullIdent();
    this.block(() => this.field(scope, "extension", undefined, extendee));
  }

  /** `{ ... }`: `item` reads each entry up to the closing brace; empty statements are skipped. */
  private block(item: () => void): void {
    this.expect("{");
    while (!this.isPunct("}")) {
      if (this.done()) this.fail("missing '}'");
      if (this.isPunct(";")) this.i++;
      else item();
    }
    this.i++;
  }

  private decl(kind: DeclKind, name: string, scope: string, at: Token): Decl {
    const d: Decl = {
      kind,
      name,
      fullName: scope ? `${scope}.${name}` : name,
      scope,
      pos: this.posOf(at),
      options: [],
    };
    this.out.decls.push(d);
    return d;
  }

  // ---- imports and options ------------------------------------------------------------

  private importStmt(): void {
    const start = this.next();
    let pub = false;
    let weak = false;
    if (this.peek().value === "public") {
      this.i++;
      pub = true;
    } else if (this.peek().value === "weak") {
      this.i++;
      weak = true;
    } else if (this.peek().value === "option") {
      this.i++;
    }
    const pathPos = this.pos();
    const path = this.string();
    this.expect(";");
    this.out.imports.push({ path, public: pub, weak, pos: this.posOf(start), pathPos });
  }

  /** `option name = value;` */
  private optionStmt(target: OptionTarget, owner: string, scope: string, decl?: Decl): ScannedOption {
    this.i++;
    const opt = this.optionAssignment(target, owner, scope);
    this.expect(";");
    decl?.options.push(opt);
    return opt;
  }

  /** `[name = value, ...]` after a field or enum value. */
  private inlineOptions(target: OptionTarget, decl: Decl, scope: string): void {
    if (!this.isPunct("[")) return;
    this.i++;
    for (;;) {
      decl.options.push(this.optionAssignment(target, decl.fullName, scope));
      if (this.isPunct(",")) {
        this.i++;
        continue;
      }
      this.expect("]");
      return;
    }
  }

  private optionAssignment(target: OptionTarget, owner: string, scope: string): ScannedOption {
    const pos = this.pos();
    const parts = this.optionName();
    this.expect("=");
    const value = this.value(false);
    const opt: ScannedOption = { target, owner, scope, parts, value, pos };
    this.out.options.push(opt);
    return opt;
  }
}

/** Outline of one source text; throws ScanError (with a position) on text it cannot follow. */
export function scanProto(source: string): Outline {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch (e) {
    if (e instanceof TokenizeError) throw new ScanError(e.message, { line: e.line, column: e.column });
    throw e;
  }
  return new OutlineParser(tokens).file();
}

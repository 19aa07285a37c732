/**
 * Options: protobufjs accepts any option name and any field inside an option's value, so
 * every option written in a project file is checked here against the option messages
 * (google.protobuf.*Options for plain names, the extension's message type for `(ext)` names),
 * down to every key of an aggregate value. The same walk turns each value into plain JSON
 * (see engine/ir/proto.ts for the conventions), so the IR and the check never disagree.
 */
import protobuf from "protobufjs";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { OptionEntry, OptionValue, Pos, ScannedOption } from "./outline.js";
import { didYouMean } from "../did-you-mean.js";
import { resolveName } from "./scoping.js";
import { FIELD_PSEUDO, isScalar, OPTIONS_TYPES, UNSIGNED } from "./builtin-types.js";

/** Options of one declaration, by name: plain names as written, extensions by full name. */
export type OptionValues = Record<string, unknown>;

/** Where each option of one declaration is written: the value of the first statement that sets it, by the same names as OptionValues. */
export type OptionPositions = Record<string, Pos>;

export interface OptionsResult {
  /** Keyed `target:owner` (`file:` for file options). */
  values: Map<string, OptionValues>;
  /** Same keys. */
  positions: Map<string, OptionPositions>;
  /** Extensions used, with where (for the import visibility check). */
  extensions: Array<{ field: protobuf.Field; pos: Pos; name: string }>;
}

/**
 * Check every option of one file and build its values; problems go to `diagnostics`.
 * `partialHint(file)` explains, for a message declared in a reduced third-party copy, how to get the full one.
 */
export function evaluateOptions(
  root: protobuf.Root,
  fileName: string,
  options: ScannedOption[],
  diagnostics: Diagnostic[],
  partialHint: (declaringFile: string) => string | undefined = () => undefined,
): OptionsResult {
  return new OptionEvaluator(root, fileName, diagnostics, partialHint).run(options);
}

class OptionEvaluator {
  private readonly result: OptionsResult = { values: new Map(), positions: new Map(), extensions: [] };

  constructor(
    private readonly root: protobuf.Root,
    private readonly file: string,
    private readonly diagnostics: Diagnostic[],
    private readonly partialHint: (declaringFile: string) => string | undefined,
  ) {}

  run(options: ScannedOption[]): OptionsResult {
    for (const opt of options) this.option(opt);
    return this.result;
  }

  private error(code: string, message: string, pos: Pos, hint?: string): void {
    this.diagnostics.push(diag(code, message, { file: this.file, line: pos.line, column: pos.column }, hint));
  }

  private option(opt: ScannedOption): void {
    const optionsType = this.root.lookup(OPTIONS_TYPES[opt.target], [protobuf.Type]) as protobuf.Type | null;
    if (!optionsType) return;
    const key = `${opt.target}:${opt.owner}`;
    let values = this.result.values.get(key);
    let positions = this.result.positions.get(key);
    if (!values || !positions) {
      values = {};
      positions = {};
      this.result.values.set(key, values);
      this.result.positions.set(key, positions);
    }
    const [first, ...rest] = opt.parts;
    if (!first) return;
    const at = (optionName: string): void => {
      positions[optionName] ??= opt.value.pos;
    };

    // The first part: an extension of the options message, or one of its own fields.
    let field: protobuf.Field | null;
    let name: string;
    if (first.extension) {
      field = this.extension(first.name, opt.scope, optionsType, first.pos, `(${first.name})`);
      if (!field) return;
      name = field.fullName.slice(1);
    } else {
      name = first.name;
      field = optionsType.fields[first.name] ?? null;
      if (!field && opt.target === "field" && first.name in FIELD_PSEUDO) {
        if (rest.length > 0)
          return this.error(
            "PROTO_UNKNOWN_OPTION_FIELD",
            `option ${first.name} has no fields`,
            rest[0]?.pos ?? first.pos,
          );
        values[first.name] = this.pseudo(first.name, opt.value);
        at(first.name);
        return;
      }
      if (!field) {
        const names = [
          ...optionsType.fieldsArray.map((f) => f.name),
          ...(opt.target === "field" ? Object.keys(FIELD_PSEUDO) : []),
        ];
        return this.error(
          "PROTO_UNKNOWN_OPTION",
          `unknown ${opt.target === "enumValue" ? "enum value" : opt.target} option ${first.name}`,
          first.pos,
          didYouMean(first.name, names, undefined, this.diagnostics),
        );
      }
    }

    at(name);

    // Later parts: fields (or extensions) of the previous part's message.
    let holder: Record<string, unknown> = values;
    let holderKey = name;
    let label = first.extension ? `(${first.name})` : first.name;
    let labelPos = first.pos;
    for (const part of rest) {
      const type = this.messageType(field);
      if (!type)
        return this.error(
          "PROTO_UNKNOWN_OPTION_FIELD",
          `${label} is not a message, it has no field ${part.name}`,
          part.pos,
        );
      if (field.repeated)
        return this.error(
          "PROTO_OPTION_VALUE",
          `${label} is repeated: set it with an aggregate value ({ ... })`,
          labelPos,
        );
      const existing = holder[holderKey];
      const next: Record<string, unknown> =
        existing && typeof existing === "object" && !Array.isArray(existing)
          ? (existing as Record<string, unknown>)
          : {};
      holder[holderKey] = next;
      holder = next;
      const sub = part.extension
        ? this.extension(part.name, opt.scope, type, part.pos, `(${part.name})`)
        : this.member(type, part.name, part.pos, label);
      if (!sub) return;
      this.checkOneof(holder, sub, part.pos);
      field = sub;
      holderKey = part.extension ? `[${sub.fullName.slice(1)}]` : sub.name;
      label = `${label}.${part.extension ? `(${part.name})` : part.name}`;
      labelPos = part.pos;
    }
    const value = this.convert(opt.value, field, label);
    if (value !== undefined) this.assign(holder, holderKey, field, value, opt.value.pos, label);
  }

  /** Resolve `(name)` to an extension of `target`, with a diagnostic when it is unknown or extends something else. */
  private extension(
    name: string,
    scope: string,
    target: protobuf.Type,
    pos: Pos,
    label: string,
  ): protobuf.Field | null {
    const ns = (scope ? this.root.lookup(scope) : this.root) ?? this.root;
    const found = resolveName(
      ns instanceof protobuf.Namespace ? ns : this.root,
      name,
      "field",
    ) as protobuf.Field | null;
    if (found && found.extend !== undefined) {
      const extendee = found.parent ? resolveName(found.parent, found.extend, "type") : null;
      if (extendee === target) {
        this.result.extensions.push({ field: found, pos, name });
        return found;
      }
      this.error(
        "PROTO_OPTION_TARGET",
        `${label} extends ${found.extend.replace(/^\./, "")}, it cannot be used here (expected an extension of ${target.fullName.slice(1)})`,
        pos,
      );
      return null;
    }
    const candidates = this.extensionsOf(target);
    this.error(
      "PROTO_UNKNOWN_OPTION",
      `unknown option ${label}`,
      pos,
      didYouMean(name.replace(/^\./, ""), candidates, (c) => `(${c})`, this.diagnostics) ?? importHint(name),
    );
    return null;
  }

  private extensionsOf(target: protobuf.Type): string[] {
    return Object.keys(target.fields)
      .filter((k) => k.startsWith("."))
      .map((k) => k.slice(1));
  }

  private member(type: protobuf.Type, name: string, pos: Pos, label: string): protobuf.Field | null {
    const f = type.fields[name];
    if (f && !f.name.startsWith(".")) return f;
    this.error(
      "PROTO_UNKNOWN_OPTION_FIELD",
      `${type.fullName.slice(1)} has no field ${name} (in option ${label})`,
      pos,
      didYouMean(
        name,
        type.fieldsArray.map((x) => x.name).filter((n) => !n.startsWith(".")),
        undefined,
        this.diagnostics,
      ) ?? (type.filename ? this.partialHint(type.filename) : undefined),
    );
    return null;
  }

  private messageType(field: protobuf.Field): protobuf.Type | null {
    if (isScalar(field.type)) return null;
    const t = field.parent ? resolveName(field.parent as protobuf.NamespaceBase, field.type, "type") : null;
    return t instanceof protobuf.Type ? t : null;
  }

  private enumType(field: protobuf.Field): protobuf.Enum | null {
    if (isScalar(field.type)) return null;
    const t = field.parent ? resolveName(field.parent as protobuf.NamespaceBase, field.type, "type") : null;
    return t instanceof protobuf.Enum ? t : null;
  }

  /** Set a field in an object: repeated fields append, others may be set once; oneof members exclude each other. */
  private assign(
    holder: Record<string, unknown>,
    key: string,
    field: protobuf.Field,
    value: unknown,
    pos: Pos,
    label: string,
  ): void {
    if (field.repeated) {
      const list = Array.isArray(holder[key]) ? (holder[key] as unknown[]) : [];
      holder[key] = list.concat(Array.isArray(value) ? value : [value]);
      return;
    }
    if (key in holder) {
      const prev = holder[key];
      if (isObject(prev) && isObject(value)) {
        holder[key] = { ...prev, ...value };
        return;
      }
      return this.error("PROTO_OPTION_VALUE", `${label} is set twice`, pos);
    }
    this.checkOneof(holder, field, pos);
    holder[key] = value;
  }

  private checkOneof(holder: Record<string, unknown>, field: protobuf.Field, pos: Pos): void {
    const oneof = field.partOf;
    if (!oneof || (oneof.oneof.length === 1 && oneof.name.startsWith("_"))) return;
    const other = oneof.oneof.find((n) => n !== field.name && n in holder);
    if (other)
      this.error(
        "PROTO_OPTION_VALUE",
        `${field.name} and ${other} are both set, but they belong to the same oneof ${oneof.name}`,
        pos,
      );
  }

  /** Check a value against a field's type and turn it into JSON. */
  private convert(value: OptionValue, field: protobuf.Field, label: string): unknown {
    if (value.kind === "list") {
      if (!field.repeated)
        return this.error("PROTO_OPTION_VALUE", `${label} is not repeated, it takes a single value`, value.pos);
      const out: unknown[] = [];
      for (const item of value.items) {
        const v = this.convertOne(item, field, label);
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    return this.convertOne(value, field, label);
  }

  private convertOne(value: OptionValue, field: protobuf.Field, label: string): unknown {
    const type = this.messageType(field);
    if (type) {
      if (value.kind !== "message")
        return this.error(
          "PROTO_OPTION_VALUE",
          `${label} is a message (${type.fullName.slice(1)}): write its value as { ... }`,
          value.pos,
        );
      return this.message(value.entries, type, label);
    }
    if (value.kind !== "scalar")
      return this.error(
        "PROTO_OPTION_VALUE",
        `${label} takes a ${this.enumType(field) ? "enum value" : field.type}, not a ${value.kind === "message" ? "message" : "list"}`,
        value.pos,
      );
    const en = this.enumType(field);
    if (en) return this.enumValue(value, en, label);
    return this.scalar(value, field.type, label);
  }

  private message(entries: OptionEntry[], type: protobuf.Type, label: string): Record<string, unknown> {
    const obj: Record<string, unknown> = {};
    for (const entry of entries) {
      const sub = entry.extension ? this.textExtension(entry, type) : this.member(type, entry.key, entry.pos, label);
      if (!sub) continue;
      const key = entry.extension ? `[${sub.fullName.slice(1)}]` : sub.name;
      const subLabel = `${label}.${entry.key}`;
      const v = this.convert(entry.value, sub, subLabel);
      if (v !== undefined) this.assign(obj, key, sub, v, entry.pos, subLabel);
    }
    return obj;
  }

  /** `[pkg.ext]` inside an aggregate value; `[type.googleapis.com/...]` (Any expansion) is kept unchecked. */
  private textExtension(entry: OptionEntry, type: protobuf.Type): protobuf.Field | null {
    if (entry.key.includes("/")) return null;
    return this.extension(entry.key, type.fullName.slice(1), type, entry.pos, `[${entry.key}]`);
  }

  private enumValue(value: Extract<OptionValue, { kind: "scalar" }>, en: protobuf.Enum, label: string): unknown {
    if (value.token === "number") return (value.negative ? -1 : 1) * Number(value.value);
    if (value.token === "ident" && !value.negative && value.value in en.values) return value.value;
    return this.error(
      "PROTO_OPTION_VALUE",
      `${label} takes a value of ${en.fullName.slice(1)}, not ${value.token === "string" ? JSON.stringify(value.value) : value.value}`,
      value.pos,
      didYouMean(value.value, Object.keys(en.values), undefined, this.diagnostics),
    );
  }

  private scalar(value: Extract<OptionValue, { kind: "scalar" }>, type: string, label: string): unknown {
    const bad = (what: string) =>
      this.error(
        "PROTO_OPTION_VALUE",
        `${label} takes ${what}, not ${value.token === "string" ? JSON.stringify(value.value) : (value.negative ? "-" : "") + value.value}`,
        value.pos,
      );
    switch (type) {
      case "string":
      case "bytes":
        return value.token === "string" ? value.value : bad("a string");
      case "bool":
        if (value.token === "ident" && /^(true|True|t)$/.test(value.value)) return true;
        if (value.token === "ident" && /^(false|False|f)$/.test(value.value)) return false;
        if (value.token === "number" && (value.value === "0" || value.value === "1")) return value.value === "1";
        return bad("true or false");
      case "float":
      case "double": {
        if (value.token === "number") return (value.negative ? -1 : 1) * Number(value.value.replace(/[fF]$/, ""));
        if (value.token === "ident" && /^(inf|infinity)$/i.test(value.value))
          return value.negative ? "-Infinity" : "Infinity";
        if (value.token === "ident" && /^nan$/i.test(value.value)) return "NaN";
        return bad("a number");
      }
      default: {
        if (value.token !== "number" || !/^(0[xX][0-9A-Fa-f]+|0[0-7]*|[1-9][0-9]*)$/.test(value.value))
          return bad("an integer");
        if (value.negative && UNSIGNED.has(type)) return bad("a non-negative integer");
        const big =
          BigInt(/^0[0-7]+$/.test(value.value) ? `0o${value.value.slice(1)}` : value.value) *
          (value.negative ? -1n : 1n);
        const n = Number(big);
        return Number.isSafeInteger(n) ? n : big.toString();
      }
    }
  }

  private pseudo(name: string, value: OptionValue): unknown {
    if (value.kind !== "scalar") return undefined;
    if (name === "json_name" && value.token !== "string")
      return this.error("PROTO_OPTION_VALUE", "json_name takes a string", value.pos);
    if (value.token === "number") return (value.negative ? -1 : 1) * Number(value.value);
    if (value.token === "ident" && (value.value === "true" || value.value === "false")) return value.value === "true";
    return value.value;
  }
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === "object" && !Array.isArray(v);
}

/** A hint for an unknown option: the file of a well-known protobuf set, or else the scope its name gives. */
function importHint(name: string): string | undefined {
  const n = name.replace(/^\./, "");
  if (n.startsWith("google.api."))
    return 'it is declared in "google/api/annotations.proto": is that file imported, and found?';
  if (n.startsWith("buf.validate."))
    return 'it is declared in "buf/validate/validate.proto": is that file imported, and found?';
  const pkg = n.split(".").slice(0, -1).join(".");
  if (pkg) return `is the file that declares it (in ${pkg}) imported, and found?`;
  return undefined;
}

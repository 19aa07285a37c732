/**
 * A cursor over the tokens of one .proto file: the small reading steps the outline parser
 * is made of (names, strings, numbers, punctuation) and option values (constants and
 * aggregate text-format values), each with its source position.
 */
import type { Token } from "./tokens.js";

export interface Pos {
  line: number;
  column: number;
}

export interface TypeName {
  name: string;
  pos: Pos;
}

/** One part of an option name: `(google.api.http)` (extension) or `get`. */
export interface OptionNamePart {
  name: string;
  extension: boolean;
  pos: Pos;
}

export type OptionValue =
  | { kind: "scalar"; token: "string" | "number" | "ident"; value: string; negative: boolean; pos: Pos }
  | { kind: "message"; entries: OptionEntry[]; pos: Pos }
  | { kind: "list"; items: OptionValue[]; pos: Pos };

/** One `key: value` of an aggregate (text format) value; `[ext.name]` keys have `extension`. */
export interface OptionEntry {
  key: string;
  extension: boolean;
  pos: Pos;
  value: OptionValue;
}

export class ScanError extends Error {
  constructor(
    message: string,
    readonly pos: Pos,
  ) {
    super(message);
  }
}

export class TokenCursor {
  protected i = 0;

  constructor(protected readonly tokens: Token[]) {}

  /** `name`, `(ext.name)`, `(ext).field`, ... up to the `=`. */
  protected optionName(): OptionNamePart[] {
    const parts: OptionNamePart[] = [];
    for (;;) {
      const partPos = this.pos();
      if (this.isPunct("(")) {
        this.i++;
        const name = this.fullIdent();
        this.expect(")");
        parts.push({ name: name.name, extension: true, pos: partPos });
      } else {
        parts.push({ name: this.ident().value, extension: false, pos: partPos });
      }
      if (!this.isPunct(".")) return parts;
      this.i++;
    }
  }

  /** A constant or, with `{`, an aggregate; inside aggregates also `<...>` and `[...]` lists. */
  protected value(inAggregate: boolean): OptionValue {
    const pos = this.pos();
    const t = this.peek();
    if (t.value === "{" && t.kind === "punct") return this.aggregate("}");
    if (inAggregate && t.value === "<" && t.kind === "punct") return this.aggregate(">");
    if (inAggregate && t.value === "[" && t.kind === "punct") {
      this.i++;
      const items: OptionValue[] = [];
      while (!this.isPunct("]")) {
        if (this.done()) this.fail("missing ']'");
        items.push(this.value(true));
        if (this.isPunct(",")) this.i++;
        else if (!this.isPunct("]")) this.fail("expected ',' or ']'");
      }
      this.i++;
      return { kind: "list", items, pos };
    }
    let negative = false;
    if (t.kind === "punct" && (t.value === "-" || t.value === "+")) {
      negative = t.value === "-";
      this.i++;
    }
    const v = this.next();
    if (v.kind === "string") {
      let text = v.value;
      while (this.peek().kind === "string") text += this.next().value;
      return { kind: "scalar", token: "string", value: text, negative: false, pos };
    }
    if (v.kind === "number" || v.kind === "ident")
      return { kind: "scalar", token: v.kind, value: v.value, negative, pos };
    this.i--;
    return this.fail(`unexpected '${v.value}' in option value`);
  }

  private aggregate(close: string): OptionValue {
    const pos = this.pos();
    this.i++;
    const entries: OptionEntry[] = [];
    while (!this.isPunct(close)) {
      if (this.done()) this.fail(`missing '${close}'`);
      const keyPos = this.pos();
      let key: string;
      let extension = false;
      if (this.isPunct("[")) {
        this.i++;
        key = "";
        while (!this.isPunct("]")) {
          if (this.done()) this.fail("missing ']'");
          key += this.next().value;
        }
        this.i++;
        extension = true;
      } else {
        key = this.ident().value;
      }
      if (this.isPunct(":")) this.i++;
      const value = this.value(true);
      entries.push({ key, extension, pos: keyPos, value });
      if (this.isPunct(",") || this.isPunct(";")) this.i++;
    }
    this.i++;
    return { kind: "message", entries, pos };
  }

  // ---- token helpers ------------------------------------------------------------------

  protected done(): boolean {
    return this.i >= this.tokens.length;
  }

  protected peek(ahead = 0): Token {
    const t = this.tokens[this.i + ahead];
    if (t) return t;
    const last = this.tokens[this.tokens.length - 1];
    return {
      kind: "punct",
      value: "",
      line: last?.line ?? 1,
      column: (last?.column ?? 0) + (last ? last.end - last.offset : 1),
      offset: last?.end ?? 0,
      end: last?.end ?? 0,
    };
  }

  protected next(): Token {
    if (this.done()) this.fail("unexpected end of file");
    return this.tokens[this.i++] as Token;
  }

  protected isPunct(value: string): boolean {
    const t = this.tokens[this.i];
    return !!t && t.kind === "punct" && t.value === value;
  }

  protected pos(): Pos {
    return this.posOf(this.peek());
  }

  protected posOf(t: Token): Pos {
    return { line: t.line, column: t.column };
  }

  protected expect(value: string): void {
    if (!this.isPunct(value)) this.fail(`expected '${value}'${this.done() ? "" : ` but found '${this.peek().value}'`}`);
    this.i++;
  }

  protected ident(): Token {
    const t = this.peek();
    if (t.kind !== "ident") this.fail(`expected a name${this.done() ? "" : ` but found '${t.value}'`}`);
    this.i++;
    return t;
  }

  /** `a.b.c` or `.a.b.c`. */
  protected fullIdent(): TypeName {
    const pos = this.pos();
    let name = "";
    if (this.isPunct(".")) {
      this.i++;
      name = ".";
    }
    name += this.ident().value;
    while (this.isPunct(".")) {
      this.i++;
      name += `.${this.ident().value}`;
    }
    return { name, pos };
  }

  protected string(): string {
    const t = this.peek();
    if (t.kind !== "string") this.fail("expected a string");
    this.i++;
    let v = t.value;
    while (this.peek().kind === "string" && this.tokens[this.i]) v += this.next().value;
    return v;
  }

  protected integer(): number {
    let sign = 1;
    if (this.isPunct("-")) {
      this.i++;
      sign = -1;
    }
    const t = this.peek();
    if (t.kind !== "number") this.fail("expected a number");
    this.i++;
    const v = /^0[xX]/.test(t.value)
      ? parseInt(t.value, 16)
      : /^0[0-7]+$/.test(t.value)
        ? parseInt(t.value, 8)
        : Number(t.value);
    return sign * v;
  }

  protected skipStatement(): void {
    let depth = 0;
    while (!this.done()) {
      const t = this.next();
      if (t.kind !== "punct") continue;
      if (t.value === "[" || t.value === "{") depth++;
      else if (t.value === "]" || t.value === "}") depth--;
      else if (t.value === ";" && depth <= 0) return;
    }
  }

  protected fail(message: string): never {
    throw new ScanError(message, this.pos());
  }
}

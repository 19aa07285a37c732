/** A cursor over one statement's tokens with the helpers every SQL parser needs. Internal. */
import type { SqlDialect } from "../../ir/index.js";
import type { Token } from "./lexer.js";

/** A parse problem at a character offset of the file. */
export class ParseError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

export class Cursor {
  pos = 0;

  constructor(
    readonly tokens: Token[],
    readonly dialect: SqlDialect,
    /** Offset just past the statement, where "unexpected end" errors point. */
    readonly endOffset: number,
  ) {}

  peek(k = 0): Token | undefined {
    return this.tokens[this.pos + k];
  }

  atEnd(): boolean {
    return this.pos >= this.tokens.length;
  }

  next(): Token {
    const t = this.tokens[this.pos];
    if (!t) this.fail("unexpected end of statement");
    this.pos++;
    return t;
  }

  /** True when the next tokens are these words (lower case). */
  isWord(...words: string[]): boolean {
    return words.every((w, k) => {
      const t = this.peek(k);
      return t !== undefined && t.kind === "word" && t.value === w;
    });
  }

  isAnyWord(words: readonly string[]): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === "word" && words.includes(t.value);
  }

  /** Consumes the words when all of them are next. */
  acceptWord(...words: string[]): boolean {
    if (!this.isWord(...words)) return false;
    this.pos += words.length;
    return true;
  }

  expectWord(...words: string[]): void {
    for (const w of words) {
      if (!this.acceptWord(w)) this.fail(`expected ${w.toUpperCase()} but found ${this.describe()}`);
    }
  }

  isPunct(p: string): boolean {
    const t = this.peek();
    return t !== undefined && t.kind === "punct" && t.text === p;
  }

  acceptPunct(p: string): boolean {
    if (!this.isPunct(p)) return false;
    this.pos++;
    return true;
  }

  expectPunct(p: string): void {
    if (!this.acceptPunct(p)) this.fail(`expected '${p}' but found ${this.describe()}`);
  }

  /** True when the next token can be a name (bare word or quoted identifier). */
  isName(): boolean {
    const t = this.peek();
    return t !== undefined && (t.kind === "word" || t.kind === "qident");
  }

  /** A name; unquoted PostgreSQL names fold to lower case as the server does. */
  name(what = "a name"): string {
    const t = this.peek();
    if (!t || (t.kind !== "word" && t.kind !== "qident")) this.fail(`expected ${what} but found ${this.describe()}`);
    this.pos++;
    return nameOf(t, this.dialect);
  }

  /** `[schema.]name`: returns the last part. */
  qualifiedName(what = "a name"): string {
    let name = this.name(what);
    while (this.isPunct(".") && this.peek(1) && (this.peek(1)!.kind === "word" || this.peek(1)!.kind === "qident")) {
      this.pos++;
      name = this.name(what);
    }
    return name;
  }

  /** A string literal (in MySQL also "double-quoted"). */
  string(what = "a string"): string {
    const t = this.peek();
    if (t && (t.kind === "string" || (t.kind === "qident" && t.quote === '"' && this.dialect === "mysql"))) {
      this.pos++;
      return t.value;
    }
    this.fail(`expected ${what} but found ${this.describe()}`);
  }

  isString(): boolean {
    const t = this.peek();
    return (
      t !== undefined && (t.kind === "string" || (t.kind === "qident" && t.quote === '"' && this.dialect === "mysql"))
    );
  }

  /** Skips one token, or a whole parenthesised group. */
  skipOne(): void {
    if (this.isPunct("(")) {
      this.skipGroup();
      return;
    }
    this.next();
  }

  /** Skips `( ... )` with nesting; the cursor must be on `(`. */
  skipGroup(): void {
    const open = this.peek();
    this.expectPunct("(");
    let depth = 1;
    while (depth > 0) {
      const t = this.peek();
      if (!t) this.fail("unclosed '('", open?.start);
      this.pos++;
      if (t.kind === "punct" && t.text === "(") depth++;
      else if (t.kind === "punct" && t.text === ")") depth--;
    }
  }

  /** Skips tokens until `stop` is true at nesting depth 0 (or the end). */
  skipUntil(stop: (t: Token) => boolean): void {
    while (!this.atEnd()) {
      const t = this.peek()!;
      if (stop(t)) return;
      this.skipOne();
    }
  }

  /** How the next token reads in a message. */
  describe(): string {
    const t = this.peek();
    if (!t) return "end of statement";
    return t.kind === "string" ? `string ${t.text.length > 30 ? t.text.slice(0, 27) + "..." : t.text}` : `'${t.text}'`;
  }

  fail(message: string, offset?: number): never {
    throw new ParseError(message, offset ?? this.peek()?.start ?? this.endOffset);
  }
}

export function nameOf(t: Token, dialect: SqlDialect): string {
  if (t.kind === "qident") return t.value;
  return dialect === "postgres" ? t.text.toLowerCase() : t.text;
}

/**
 * A strict JSON parser (RFC 8259) that keeps where every value and member name is written, so
 * a reader can report a problem at the user's line and column. Nesting past NESTING_LIMIT is
 * refused with a position instead of exhausting the stack; a name given twice in one object is
 * refused (JSON leaves its meaning open).
 */
import { NESTING_LIMIT } from "../nesting.js";

export type JsonNode =
  | { kind: "object"; offset: number; members: Array<{ name: string; nameOffset: number; value: JsonNode }> }
  | { kind: "array"; offset: number; items: JsonNode[] }
  | { kind: "string"; offset: number; value: string }
  | { kind: "number"; offset: number; value: number }
  | { kind: "boolean"; offset: number; value: boolean }
  | { kind: "null"; offset: number };

export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
    readonly code: "JSON_SYNTAX" | "JSON_TOO_DEEP" | "JSON_DUPLICATE_KEY" = "JSON_SYNTAX",
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = { '"': '"', "\\": "\\", "/": "/", b: "\b", f: "\f", n: "\n", r: "\r", t: "\t" };

/** The document's value; throws JsonSyntaxError at the first problem. A leading byte order mark is skipped. */
export function parseJson(text: string): JsonNode {
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const ws = (): void => {
    for (;;) {
      const c = text.charCodeAt(i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) i++;
      else return;
    }
  };
  const found = (): string => (i >= text.length ? "the end of the file" : JSON.stringify(text[i]));
  const literal = (word: string): void => {
    if (!text.startsWith(word, i)) throw new JsonSyntaxError(`unexpected ${found()}; expected a value`, i);
    i += word.length;
  };
  const string = (): string => {
    const start = i++;
    let out = "";
    let from = i;
    for (;;) {
      if (i >= text.length) throw new JsonSyntaxError("unterminated string", start);
      const c = text.charCodeAt(i);
      if (c === 0x22) break;
      if (c < 0x20) throw new JsonSyntaxError("a control character inside a string must be escaped", i);
      if (c !== 0x5c) {
        i++;
        continue;
      }
      out += text.slice(from, i);
      const e = text[i + 1] ?? "";
      if (e === "u") {
        const hex = text.slice(i + 2, i + 6);
        if (!/^[0-9a-fA-F]{4}$/.test(hex))
          throw new JsonSyntaxError("\\u must be followed by four hexadecimal digits", i);
        out += String.fromCharCode(parseInt(hex, 16));
        i += 6;
      } else if (e in ESCAPES) {
        out += ESCAPES[e];
        i += 2;
      } else {
        throw new JsonSyntaxError(`unknown escape \\${e}`, i);
      }
      from = i;
    }
    out += text.slice(from, i);
    i++;
    return out;
  };
  const value = (depth: number): JsonNode => {
    ws();
    const offset = i;
    const c = text[i];
    if (c === "{" || c === "[") {
      if (depth >= NESTING_LIMIT)
        throw new JsonSyntaxError(
          `nesting deeper than ${NESTING_LIMIT} levels; codegen reads at most that much`,
          i,
          "JSON_TOO_DEEP",
        );
      i++;
      ws();
      if (c === "[") {
        const items: JsonNode[] = [];
        if (text[i] === "]") {
          i++;
          return { kind: "array", offset, items };
        }
        for (;;) {
          items.push(value(depth + 1));
          ws();
          if (text[i] === ",") i++;
          else if (text[i] === "]") {
            i++;
            return { kind: "array", offset, items };
          } else throw new JsonSyntaxError(`unexpected ${found()}; expected , or ]`, i);
        }
      }
      const members: Array<{ name: string; nameOffset: number; value: JsonNode }> = [];
      const seen = new Set<string>();
      if (text[i] === "}") {
        i++;
        return { kind: "object", offset, members };
      }
      for (;;) {
        ws();
        if (text[i] !== '"')
          throw new JsonSyntaxError(`unexpected ${found()}; expected a member name in double quotes`, i);
        const nameOffset = i;
        const name = string();
        if (seen.has(name))
          throw new JsonSyntaxError(
            `${JSON.stringify(name)} is given twice in one object`,
            nameOffset,
            "JSON_DUPLICATE_KEY",
          );
        seen.add(name);
        ws();
        if (text[i] !== ":") throw new JsonSyntaxError(`unexpected ${found()}; expected :`, i);
        i++;
        members.push({ name, nameOffset, value: value(depth + 1) });
        ws();
        if (text[i] === ",") i++;
        else if (text[i] === "}") {
          i++;
          return { kind: "object", offset, members };
        } else throw new JsonSyntaxError(`unexpected ${found()}; expected , or }`, i);
      }
    }
    if (c === '"') return { kind: "string", offset, value: string() };
    if (c === "t" || c === "f") {
      literal(c === "t" ? "true" : "false");
      return { kind: "boolean", offset, value: c === "t" };
    }
    if (c === "n") {
      literal("null");
      return { kind: "null", offset };
    }
    NUMBER.lastIndex = i;
    const m = NUMBER.exec(text);
    if (!m || m[0] === "-") throw new JsonSyntaxError(`unexpected ${found()}; expected a value`, i);
    i += m[0].length;
    const n = Number(m[0]);
    if (!Number.isFinite(n)) throw new JsonSyntaxError(`${m[0]} is out of range`, offset);
    return { kind: "number", offset, value: n };
  };
  const root = value(0);
  ws();
  if (i < text.length) throw new JsonSyntaxError(`unexpected ${found()} after the document's value`, i);
  return root;
}

/** The plain value of a node (objects keep their member order). */
export function plain(node: JsonNode): unknown {
  switch (node.kind) {
    case "object": {
      const out: Record<string, unknown> = {};
      for (const m of node.members) setOwn(out, m.name, plain(m.value));
      return out;
    }
    case "array":
      return node.items.map(plain);
    case "null":
      return null;
    default:
      return node.value;
  }
}

/** obj[name] = value, also for the name `__proto__` (an own property, never the prototype). */
export function setOwn<T>(obj: Record<string, T>, name: string, value: T): void {
  if (name === "__proto__")
    Object.defineProperty(obj, name, { value, enumerable: true, writable: true, configurable: true });
  else obj[name] = value;
}

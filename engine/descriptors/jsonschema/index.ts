/**
 * Reader of JSON Schema documents, one per file: each schema's keywords as written (any
 * vocabulary: `type`, a database's `bsonType`, `x-` extensions), its `properties` in order with
 * their `required` flag, its `items`, and where each is written. What a keyword means is the
 * pack's; the reader only refuses what is not a schema's structure.
 *
 * Diagnostic codes: JSON_SYNTAX, JSON_TOO_DEEP, JSON_DUPLICATE_KEY (the file is no JSON document),
 * JSONSCHEMA_READ (the file cannot be read), JSONSCHEMA_STRUCTURE (a schema is not an object, or
 * `properties`, `required` or `items` has the wrong shape), JSONSCHEMA_REQUIRED_UNKNOWN (warning: a
 * `required` name no property has).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { CodegenError, diag, orderDiagnostics, type Diagnostic, type SourceSpan } from "../../diagnostics/index.js";
import type { JsonSchemaIR, JsonSchemaNode, JsonSchemaPosition, JsonSchemaProperty } from "../../ir/index.js";
import { JsonSyntaxError, parseJson, plain, setOwn, type JsonNode } from "./json.js";

export { parseJson, type JsonNode } from "./json.js";

export interface ReadJsonSchemaOptions {
  /** Project root: file paths in the IR are posix paths relative to it. */
  root: string;
  onWarning?: (warning: Diagnostic) => void;
}

/** Read each file as one schema document. Throws CodegenError with every problem found. */
export async function readJsonSchema(files: string[], options: ReadJsonSchemaOptions): Promise<JsonSchemaIR> {
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const documents: JsonSchemaIR["documents"] = [];
  for (const file of files) {
    const abs = path.resolve(options.root, file);
    const rel = path.relative(options.root, abs).split(path.sep).join("/");
    const shown = displayPath(abs);
    let text: string;
    try {
      text = readFileSync(abs, "utf8");
    } catch (e) {
      diagnostics.push(
        diag("JSONSCHEMA_READ", `cannot read ${shown}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`),
      );
      continue;
    }
    const at = positions(text);
    let root: JsonNode;
    try {
      root = parseJson(text);
    } catch (e) {
      if (!(e instanceof JsonSyntaxError)) throw e;
      diagnostics.push(diag(e.code, e.message, { file: shown, ...at(e.offset) }));
      continue;
    }
    const reader = new SchemaReader(rel, shown, at, diagnostics, warnings);
    const schema = reader.schema(root, "the document");
    if (schema) documents.push({ file: rel, name: path.posix.basename(rel).replace(/\.[^.]*$/, ""), schema });
  }
  if (diagnostics.length > 0) throw new CodegenError(orderDiagnostics(diagnostics));
  for (const w of orderDiagnostics(warnings)) options.onWarning?.(w);
  return { documents };
}

type At = (offset: number) => { line: number; column: number };

class SchemaReader {
  constructor(
    private readonly rel: string,
    private readonly shown: string,
    private readonly at: At,
    private readonly diagnostics: Diagnostic[],
    private readonly warnings: Diagnostic[],
  ) {}

  private pos(offset: number): JsonSchemaPosition {
    return { file: this.rel, ...this.at(offset) };
  }

  private span(offset: number): SourceSpan {
    return { file: this.shown, ...this.at(offset) };
  }

  private wrong(node: JsonNode, message: string): void {
    this.diagnostics.push(diag("JSONSCHEMA_STRUCTURE", message, this.span(node.offset)));
  }

  /** One schema (an object: boolean schemas describe no fields); `what` names it in a diagnostic. */
  schema(node: JsonNode, what: string): JsonSchemaNode | null {
    if (node.kind !== "object") {
      this.wrong(node, `${what} must be a schema (a JSON object), not ${describe(node)}`);
      return null;
    }
    const out: JsonSchemaNode = { pos: this.pos(node.offset), keywords: {}, keywordPos: {}, properties: [] };
    let required: Array<{ name: string; node: JsonNode }> = [];
    for (const m of node.members) {
      if (m.name === "properties") {
        if (m.value.kind !== "object") {
          this.wrong(m.value, `properties must be an object of schemas, not ${describe(m.value)}`);
          continue;
        }
        for (const p of m.value.members) {
          const schema = this.schema(p.value, `property ${JSON.stringify(p.name)}`);
          if (schema) out.properties.push({ name: p.name, pos: this.pos(p.nameOffset), required: false, schema });
        }
      } else if (m.name === "required") {
        if (m.value.kind !== "array" || m.value.items.some((i) => i.kind !== "string")) {
          this.wrong(m.value, `required must be a list of property names, not ${describe(m.value)}`);
          continue;
        }
        required = m.value.items.map((i) => ({ name: (i as { value: string }).value, node: i }));
      } else if (m.name === "items" && m.value.kind !== "array") {
        const items = this.schema(m.value, "items");
        if (items) out.items = items;
      } else {
        setOwn(out.keywords, m.name, plain(m.value));
        this.positionsBelow(m.value, escapePointer(m.name), out.keywordPos);
      }
    }
    const byName = new Map<string, JsonSchemaProperty>(out.properties.map((p) => [p.name, p]));
    for (const r of required) {
      const p = byName.get(r.name);
      if (p) p.required = true;
      else
        this.warnings.push(
          diag(
            "JSONSCHEMA_REQUIRED_UNKNOWN",
            `required names ${JSON.stringify(r.name)}, which is not one of the schema's properties`,
            this.span(r.node.offset),
          ),
        );
    }
    return out;
  }

  /** The position of a keyword's value and of every value inside it, by JSON Pointer. */
  private positionsBelow(root: JsonNode, pointer: string, into: Record<string, JsonSchemaPosition>): void {
    const stack: Array<[JsonNode, string]> = [[root, pointer]];
    while (stack.length > 0) {
      const [node, at] = stack.pop()!;
      setOwn(into, at, this.pos(node.offset));
      if (node.kind === "object") for (const m of node.members) stack.push([m.value, `${at}/${escapePointer(m.name)}`]);
      else if (node.kind === "array") node.items.forEach((item, i) => stack.push([item, `${at}/${i}`]));
    }
  }
}

function escapePointer(name: string): string {
  return name.replace(/~/g, "~0").replace(/\//g, "~1");
}

function describe(node: JsonNode): string {
  return node.kind === "object"
    ? "an object"
    : node.kind === "array"
      ? "a list"
      : node.kind === "null"
        ? "null"
        : `a ${node.kind}`;
}

/** Offset → 1-based line and column (UTF-16 code units, as editors count them). */
function positions(text: string): At {
  const starts = [0];
  for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  };
}

function displayPath(abs: string): string {
  const rel = path.relative(process.cwd(), abs);
  return (rel.startsWith("..") || path.isAbsolute(rel) ? abs : rel).split(path.sep).join("/");
}

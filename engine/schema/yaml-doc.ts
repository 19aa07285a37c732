import { readFile } from "node:fs/promises";
import type { Document, LineCounter, Node } from "yaml";
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";
import { yamlLib } from "./yaml-lib.js";

/** A parsed YAML file that can point at the line and column of any value in it. */
export interface YamlDoc {
  file: string;
  value: unknown;
  /** Span of the value at a JSON-pointer-like path (["rules", 2, "path"]), or of the nearest parent. */
  spanAt(path: ReadonlyArray<string | number>, options?: { key?: boolean }): SourceSpan;
}

/**
 * Where every node of a document starts, by its path (JSON of the path's keys and indexes):
 * `v` the value (the key when the value is empty), `k` the key of a mapping entry, as [line, column].
 */
interface SpanTable {
  root: [number, number];
  nodes: Record<string, { v: [number, number]; k?: [number, number] }>;
}

export async function readYamlFile(path: string, displayPath: string, code: string): Promise<YamlDoc> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    throw new CodegenError(diag(code, `cannot read ${displayPath}: ${(e as Error).message}`));
  }
  return parseYaml(text, displayPath, code);
}

/** Parse a YAML document; its positions are kept for diagnostics at any value. */
export function parseYaml(text: string, file: string, code: string): YamlDoc {
  const { value, spans } = parseText(text, file, code);
  return fromTable(file, value, spans);
}

function parseText(text: string, file: string, code: string): { value: unknown; spans: SpanTable } {
  const { LineCounter, parseDocument } = yamlLib();
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const spanOfOffset = (offset: number): SourceSpan => {
    const p = lines.linePos(offset);
    return { file, line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    const errors: Diagnostic[] = doc.errors.map((e) =>
      diag(code, `invalid YAML: ${e.message.split("\n")[0]}`, spanOfOffset(e.pos[0])),
    );
    throw new CodegenError(errors);
  }
  let value: unknown;
  try {
    // Errors the parser leaves to conversion: an alias to an unknown anchor, alias bombs.
    value = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (e) {
    const alias = /: ([^\s:]+)$/.exec((e as Error).message.split("\n")[0] ?? "")?.[1];
    const offset = alias ? text.indexOf(`*${alias}`) : 0;
    throw new CodegenError(
      diag(code, `invalid YAML: ${(e as Error).message.split("\n")[0]}`, spanOfOffset(Math.max(0, offset))),
    );
  }
  return { value, spans: spanTable(doc, lines) };
}

function spanTable(doc: Document, lines: LineCounter): SpanTable {
  const { isMap, isSeq } = yamlLib();
  const at = (node: unknown): [number, number] => {
    const p = lines.linePos((node as Node | null)?.range?.[0] ?? 0);
    return [p.line, p.col];
  };
  const table: SpanTable = { root: at(doc.contents), nodes: {} };
  const walk = (node: unknown, path: Array<string | number>): void => {
    if (isMap(node)) {
      for (const pair of node.items) {
        const key = (pair.key as { value?: unknown } | null)?.value;
        if (typeof key !== "string" && typeof key !== "number") continue;
        const here = [...path, key];
        const name = JSON.stringify(here);
        // The first entry of a key is the one found (duplicates are errors anyway).
        if (name in table.nodes) continue;
        table.nodes[name] = { v: at(pair.value ?? pair.key), k: at(pair.key) };
        walk(pair.value, here);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        if (!item) return;
        table.nodes[JSON.stringify([...path, i])] = { v: at(item) };
        walk(item, [...path, i]);
      });
    }
  };
  walk(doc.contents, []);
  return table;
}

function fromTable(file: string, value: unknown, spans: SpanTable): YamlDoc {
  const span = ([line, column]: [number, number]): SourceSpan => ({ file, line, column });
  return {
    file,
    value,
    spanAt: (path, options) => {
      let found = spans.root;
      for (let i = 0; i < path.length; i++) {
        const entry = spans.nodes[JSON.stringify(path.slice(0, i + 1))];
        if (!entry) break;
        found = options?.key && i === path.length - 1 ? (entry.k ?? entry.v) : entry.v;
      }
      return span(found);
    },
  };
}

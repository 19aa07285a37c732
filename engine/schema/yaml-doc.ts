import { readFile } from "node:fs/promises";
import { LineCounter, parseDocument, isMap, isSeq, type Node, type Document } from "yaml";
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";

/** A parsed YAML file that can point at the line and column of any value in it. */
export interface YamlDoc {
  file: string;
  value: unknown;
  /** Span of the value at a JSON-pointer-like path (["rules", 2, "path"]), or of the nearest parent. */
  spanAt(path: ReadonlyArray<string | number>, options?: { key?: boolean }): SourceSpan;
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

export function parseYaml(text: string, file: string, code: string): YamlDoc {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const spanOfOffset = (offset: number): SourceSpan => {
    const p = lines.linePos(offset);
    return { file, line: p.line, column: p.col };
  };
  if (doc.errors.length > 0) {
    const errors: Diagnostic[] = doc.errors.map((e) => diag(code, `invalid YAML: ${e.message.split("\n")[0]}`, spanOfOffset(e.pos[0])));
    throw new CodegenError(errors);
  }
  let value: unknown;
  try {
    // Errors the parser leaves to conversion: an alias to an unknown anchor, alias bombs.
    value = doc.toJS({ maxAliasCount: 100 }) ?? {};
  } catch (e) {
    const alias = /: ([^\s:]+)$/.exec((e as Error).message.split("\n")[0] ?? "")?.[1];
    const offset = alias ? text.indexOf(`*${alias}`) : 0;
    throw new CodegenError(diag(code, `invalid YAML: ${(e as Error).message.split("\n")[0]}`, spanOfOffset(Math.max(0, offset))));
  }
  return {
    file,
    value,
    spanAt: (path, options) => spanOfOffset(nodeAt(doc, path, options?.key ?? false)?.range?.[0] ?? 0),
  };
}

function nodeAt(doc: Document, path: ReadonlyArray<string | number>, wantKey: boolean): Node | undefined {
  let node: unknown = doc.contents;
  let found = node as Node | undefined;
  for (const [i, key] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as { value?: unknown } | null)?.value === key);
      if (!pair) break;
      node = pair.value;
      found = (wantKey && i === path.length - 1 ? pair.key : (pair.value ?? pair.key)) as Node;
    } else if (isSeq(node) && typeof key === "number") {
      node = node.items[key];
      if (!node) break;
      found = node as Node;
    } else break;
  }
  return found;
}

/**
 * `merge` mode for YAML files the user owns (service config): keys the rendered file has and
 * the existing file lacks are added; every existing key, value and comment stays as it is.
 */
import type { Document, YAMLMap } from "yaml";
import { yamlLib } from "../schema/index.js";

import { CodegenError, diag } from "../diagnostics/index.js";

/** The existing file with the rendered one's missing keys added; the same object when nothing was added (the writer then keeps the file as it is). */
export function mergeYaml(existing: Buffer, rendered: Buffer, path: string): Buffer {
  const { isMap, parseDocument } = yamlLib();
  const current = parseDocument(existing.toString("utf8"));
  if (current.errors.length > 0) {
    const e = current.errors[0]!;
    throw new CodegenError(
      diag("MERGE_FAILED", `${path} is not valid YAML, so missing keys cannot be added: ${e.message.split("\n")[0]}`, {
        file: path,
        line: e.linePos?.[0]?.line ?? 1,
        column: e.linePos?.[0]?.col ?? 1,
      }),
    );
  }
  const wanted = parseDocument(rendered.toString("utf8"));
  if (!isMap(current.contents) || !isMap(wanted.contents)) return existing;
  const added = addMissing(current, current.contents, wanted.contents);
  return added ? Buffer.from(current.toString(), "utf8") : existing;
}

function addMissing(doc: Document, target: YAMLMap, source: YAMLMap): boolean {
  const { isMap } = yamlLib();
  let added = false;
  for (const pair of source.items) {
    const key = (pair.key as { value?: unknown } | null)?.value ?? pair.key;
    const have = target.items.find((p) => ((p.key as { value?: unknown } | null)?.value ?? p.key) === key);
    if (!have) {
      target.items.push(doc.createPair(key, pair.value));
      added = true;
    } else if (isMap(have.value) && isMap(pair.value)) {
      added = addMissing(doc, have.value, pair.value) || added;
    }
  }
  return added;
}

import { readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { corpusDir } from "./paths.js";

export interface CorpusEntry {
  file: string;
  kind: "api" | "proto" | "sql" | "migration";
  expect: "ok" | "error" | "split-error" | "import-only" | "unknown";
  import_as?: Record<string, string>;
  note?: string;
}

export function corpusEntries(kind?: CorpusEntry["kind"]): CorpusEntry[] {
  const all = parse(readFileSync(join(corpusDir, "manifest.yaml"), "utf8")) as CorpusEntry[];
  return kind ? all.filter((e) => e.kind === kind) : all;
}

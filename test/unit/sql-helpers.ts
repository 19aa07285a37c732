// Helpers for the SQL reader unit tests: DDL written to a scratch folder and read back.
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { SourceSpan } from "../../engine/diagnostics/index.js";
import { readSqlFiles } from "../../engine/descriptors/sql/index.js";
import type { SqlDialect, SqlIR, SqlTable } from "../../engine/ir/index.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");

export interface Read {
  ir: SqlIR;
  skipped: { what: string; line: number; column: number }[];
}

/** Reads DDL files given as name → text from a scratch folder. */
export async function readDdl(files: Record<string, string>, dialect?: SqlDialect): Promise<Read> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "codegen-sql-unit-"));
  try {
    for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
    const skipped: Read["skipped"] = [];
    const onSkip = (what: string, span: SourceSpan) => skipped.push({ what, line: span.line, column: span.column });
    const ir = await readSqlFiles(Object.keys(files), dialect ? { root: dir, dialect, onSkip } : { root: dir, onSkip });
    return { ir, skipped };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function table(ir: SqlIR, name: string): SqlTable {
  const t = ir.tables.find((x) => x.name === name);
  if (!t) throw new Error(`no table ${name} in ${ir.tables.map((x) => x.name).join(", ")}`);
  return t;
}

/** column name → "rawType family bits [unsigned] [null] [default=x] [ai] [generated] [onupdate=x]" */
export function columns(t: SqlTable): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of t.columns) {
    const parts = [c.rawType, c.family, String(c.bits)];
    if (c.unsigned) parts.push("unsigned");
    if (c.nullable) parts.push("null");
    if (c.default !== null) parts.push(`default=${c.default}`);
    if (c.autoIncrement) parts.push("ai");
    if (c.generated) parts.push("generated");
    if (c.onUpdate !== null) parts.push(`onupdate=${c.onUpdate}`);
    out[c.name] = parts.join(" ");
  }
  return out;
}

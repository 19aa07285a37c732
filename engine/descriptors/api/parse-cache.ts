/**
 * Parsed `.api` files are kept in the cache by the digest of their text and of the reader's
 * own code, so a gen after a one-file edit parses that file only. Failed parses are not kept:
 * their diagnostic is computed again (it is cheap next to a parse that succeeds).
 */
import { createHash } from "node:crypto";
import { cachedOutput, engineIdentity, storeOutput } from "../../cache/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import type { AstFile, AstStatement } from "./ast.js";
import { ohmVersion } from "./ohm.js";
import { parseOrDiagnose } from "./syntax.js";

let ohm: string | undefined;

/**
 * codegen's identity (its code, this reader's included, as the form that runs: engine/cache) and
 * ohm's version, which words the syntax errors. Reading and hashing the reader's twenty files
 * here instead took 4 ms of every run.
 */
function reader(): string {
  ohm ??= ohmVersion();
  return `${engineIdentity()}\0${ohm}`;
}

export async function parseCached(text: string, file: string): Promise<{ ast: AstFile } | { diagnostic: Diagnostic }> {
  const key = createHash("sha256").update(`api-ast\0${reader()}\0`).update(text).digest("hex");
  const hit = await cachedOutput(key);
  if (hit) {
    try {
      const json = hit.toString("utf8");
      // The reviver costs a call per value: only the rare entry with a non-finite number needs it.
      const { clean, statements } = (json.includes('"nonFinite"') ? JSON.parse(json, revive) : JSON.parse(json)) as { clean: string; statements: AstStatement[] };
      return { ast: { file, text: clean, statements } };
    } catch {
      // a damaged entry is parsed again below
    }
  }
  const parsed = parseOrDiagnose(text, file);
  if ("ast" in parsed) await storeOutput(key, Buffer.from(JSON.stringify({ clean: parsed.ast.text, statements: parsed.ast.statements }, keepNonFinite)));
  return parsed;
}

// JSON has no Infinity (an array length of 400 digits reads as one); the AST must come back equal.
const keepNonFinite = (_: string, v: unknown): unknown => (typeof v === "number" && !Number.isFinite(v) ? { nonFinite: String(v) } : v);
const revive = (_: string, v: unknown): unknown => {
  const n = (v as { nonFinite?: unknown } | null)?.nonFinite;
  return typeof n === "string" && Object.keys(v as object).length === 1 ? Number(n) : v;
};

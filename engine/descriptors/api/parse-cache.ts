/**
 * Parsed `.api` files are kept in the memo by their text (the memo's key holds the engine's
 * identity, so a changed parser misses), so a gen after a one-file edit parses that file only. Failed parses are not
 * kept: their diagnostic is computed again (it is cheap next to a parse that succeeds).
 */
import { memoized, type Codec } from "../../cache/index.js";
import type { Diagnostic } from "../../diagnostics/index.js";
import type { AstComment, AstFile, AstStatement } from "./ast.js";
import { parseOrDiagnose } from "./syntax.js";

type Parsed = { ast: AstFile } | { diagnostic: Diagnostic };

export async function parseCached(text: string, file: string): Promise<Parsed> {
  const codec: Codec<Parsed> = {
    encode: (parsed) =>
      "ast" in parsed
        ? Buffer.from(
            JSON.stringify(
              { clean: parsed.ast.text, statements: parsed.ast.statements, comments: parsed.ast.comments },
              keepNonFinite,
            ),
          )
        : null,
    decode: (bytes) => {
      const json = bytes.toString("utf8");
      // The reviver costs a call per value: only the rare entry with a non-finite number needs it.
      const { clean, statements, comments } = (
        json.includes('"nonFinite"') ? JSON.parse(json, revive) : JSON.parse(json)
      ) as { clean: string; statements: AstStatement[]; comments: AstComment[] };
      return { ast: { file, text: clean, statements, comments } };
    },
  };
  return memoized("api-cache", [text], () => parseOrDiagnose(text, file), codec);
}

// JSON has no Infinity (an array length of 400 digits reads as one); the AST must come back equal.
const keepNonFinite = (_: string, v: unknown): unknown =>
  typeof v === "number" && !Number.isFinite(v) ? { nonFinite: String(v) } : v;
const revive = (_: string, v: unknown): unknown => {
  const n = (v as { nonFinite?: unknown } | null)?.nonFinite;
  return typeof n === "string" && Object.keys(v as object).length === 1 ? Number(n) : v;
};

import { relative } from "node:path";
import { diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";

interface LiquidLike {
  message: string;
  token?: { file?: string; getPosition?: () => number[] };
  originalError?: Error;
}

/** Turn a liquidjs error into a diagnostic at the template's line and column when it knows them. */
export function liquidDiagnostic(e: unknown, fallback: SourceSpan, what: string): Diagnostic {
  const err = e as LiquidLike;
  const message = (err.originalError?.message ?? err.message ?? String(e)).split("\n")[0] ?? "";
  const file = err.token?.file;
  const pos = err.token?.getPosition?.();
  if (file && pos && pos.length >= 2) {
    const span = { file: relative(process.cwd(), file) || file, line: pos[0] ?? 1, column: pos[1] ?? 1 };
    return diag("TEMPLATE_ERROR", `${what}: ${message.replace(/, line:\d+, col:\d+$/, "")}`, span);
  }
  return diag("TEMPLATE_ERROR", `${what}: ${message}`, fallback);
}

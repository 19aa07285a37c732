/** One error type for everything a user can get wrong: a stable code, a message, a source span. */

export interface SourceSpan {
  /** Path as the user should see it (relative to the working directory when possible). */
  file: string;
  /** 1-based line and column. */
  line: number;
  column: number;
  /** Optional end of the span, 1-based, for caret excerpts. */
  endLine?: number;
  endColumn?: number;
}

export interface Diagnostic {
  code: string;
  message: string;
  span?: SourceSpan;
  /** A hint printed under the message. */
  hint?: string;
}

/** Thrown for bad input (exit 1) or usage errors (exit 2). Carries one or more diagnostics. */
export class CodegenError extends Error {
  readonly diagnostics: Diagnostic[];
  readonly exitCode: number;

  constructor(diagnostics: Diagnostic | Diagnostic[], exitCode = 1) {
    const list = Array.isArray(diagnostics) ? diagnostics : [diagnostics];
    super(list.map(formatDiagnostic).join("\n"));
    this.name = "CodegenError";
    this.diagnostics = list;
    this.exitCode = exitCode;
  }
}

export function diag(code: string, message: string, span?: SourceSpan, hint?: string): Diagnostic {
  const d: Diagnostic = { code, message };
  if (span) d.span = span;
  if (hint) d.hint = hint;
  return d;
}

export function fail(code: string, message: string, span?: SourceSpan, hint?: string): never {
  throw new CodegenError(diag(code, message, span, hint));
}

export function usageError(message: string, hint?: string): never {
  throw new CodegenError(diag("USAGE", message, undefined, hint), 2);
}

/** `path:line:col: CODE message`, the one format every diagnostic is printed in. */
export function formatDiagnostic(d: Diagnostic): string {
  const where = d.span ? `${d.span.file}:${d.span.line}:${d.span.column}: ` : "";
  const hint = d.hint ? `\n  hint: ${d.hint}` : "";
  return `${where}${d.code} ${d.message}${hint}`;
}

/** A caret excerpt of the line a span points at, or "" when the source is not at hand. */
export function excerpt(source: string, span: SourceSpan): string {
  return excerptOf(sourceLines(source), span);
}

/** The lines of a source, as `excerptOf` takes them (split once for many diagnostics of a file). */
export function sourceLines(source: string): string[] {
  return source.split(/\r?\n/);
}

/** `excerpt` over a source split into lines. */
export function excerptOf(lines: readonly string[], span: SourceSpan): string {
  const lineText = lines[span.line - 1];
  if (lineText === undefined) return "";
  const width =
    span.endLine === span.line && span.endColumn && span.endColumn > span.column ? span.endColumn - span.column : 1;
  // A long line is cut to a window around the column, so the caret still points at it.
  const MAX = 120;
  const from = lineText.length > MAX ? Math.max(0, Math.min(span.column - 1 - MAX / 2, lineText.length - MAX)) : 0;
  const shown =
    lineText.length > MAX
      ? `${from > 0 ? "…" : ""}${lineText.slice(from, from + MAX)}${from + MAX < lineText.length ? "…" : ""}`
      : lineText;
  const lead = from > 0 ? 1 : 0;
  const pad = (" ".repeat(lead) + lineText.slice(from, span.column - 1)).replace(/[^\t]/g, " ");
  return `  ${shown}\n  ${pad}${"^".repeat(Math.max(1, Math.min(width, MAX)))}`;
}

/** Line and column (1-based) of a character offset. */
export function positionOf(source: string, offset: number): { line: number; column: number } {
  let line = 1;
  let last = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source.charCodeAt(i) === 10) {
      line++;
      last = i + 1;
    }
  }
  return { line, column: offset - last + 1 };
}

/**
 * Diagnostics in reading order, without repeats: sorted by file (files in first-seen order),
 * line and column; those without a span first; ties keep their order.
 */
export function orderDiagnostics(list: Diagnostic[]): Diagnostic[] {
  const seen = new Set<string>();
  const unique = list.filter((d) => {
    const key = `${d.span?.file}:${d.span?.line}:${d.span?.column}:${d.code}:${d.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const fileOrder = new Map<string, number>();
  for (const d of unique) if (d.span && !fileOrder.has(d.span.file)) fileOrder.set(d.span.file, fileOrder.size);
  const rank = (d: Diagnostic): [number, number, number] =>
    d.span ? [fileOrder.get(d.span.file) ?? 0, d.span.line, d.span.column] : [-1, 0, 0];
  return unique
    .map((d, i) => ({ d, i, r: rank(d) }))
    .sort((a, b) => a.r[0] - b.r[0] || a.r[1] - b.r[1] || a.r[2] - b.r[2] || a.i - b.i)
    .map((x) => x.d);
}

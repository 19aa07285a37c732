import { existsSync, readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import { CodegenError, excerptOf, formatDiagnostic, sourceLines } from "../diagnostics/index.js";
import { systemRefusal } from "../fs/index.js";
import { redactDatasource } from "../secrets/index.js";
import type { Out } from "./report.js";
import { Interrupted, signalExitCode } from "../write/index.js";

/** Print an error the way users should see it and return the process exit code. */
export function reportError(e: unknown, out: Out, verbose: boolean): number {
  if (e instanceof CodegenError) {
    // Each file is read and split once: 5,000 diagnostics in one large file read it 5,000 times.
    const files = new Map<string, string[] | null>();
    const linesOf = (file: string): string[] | null => {
      if (!files.has(file)) {
        const text = readSource(file);
        files.set(file, text ? sourceLines(text) : null);
      }
      return files.get(file)!;
    };
    for (const d of e.diagnostics) {
      out.error(formatDiagnostic(d));
      if (d.span) {
        const lines = linesOf(d.span.file);
        // The quoted line may be a config file's datasource (etc.yaml's DataSource).
        const ex = lines ? redactDatasource(excerptOf(lines, d.span)) : "";
        if (ex) out.error(ex);
      }
    }
    return e.exitCode;
  }
  if (e instanceof Interrupted) {
    out.error(`codegen: ${e.message}; ${e.state}`);
    return signalExitCode(e.signal);
  }
  if (e instanceof Error && e.name === "CACError") {
    out.error(`codegen: ${e.message}; run codegen --help for usage`);
    return 2;
  }
  const refused = systemRefusal(e);
  if (refused) {
    out.error(formatDiagnostic(refused));
    return 1;
  }
  const err = e as Error;
  // A driver's or library's own message may quote a datasource.
  out.error(redactDatasource(`codegen: internal error: ${err?.message ?? String(e)}`));
  if (verbose && err?.stack) out.error(redactDatasource(err.stack));
  else out.error("run again with --verbose for the stack trace, and please report it");
  return 70;
}

function readSource(file: string): string | null {
  try {
    return readFileSync(resolve(file), "utf8");
  } catch {
    return null;
  }
}

/**
 * Descriptor diagnostics name files relative to the project root; when the command ran in a
 * subfolder, show them relative to where the user is, so the path (and the excerpt) resolve.
 */
export function rebaseSpans(e: unknown, root: string, cwd: string): unknown {
  if (!(e instanceof CodegenError) || root === cwd) return e;
  for (const d of e.diagnostics) {
    if (d.span && !existsSync(resolve(cwd, d.span.file)) && existsSync(resolve(root, d.span.file))) {
      d.span.file = relative(cwd, resolve(root, d.span.file));
    }
  }
  return e;
}

/**
 * Declarative descriptor checks: YAML files of `{code, message, query, kind?, severity?}`
 * whose jsonata query, run over the whole IR, returns violations
 * `{ pos: {file, line, column}, message?, args? }`, or `{ setting: [keys], ... }` for a violation
 * of the project as a whole, reported where its settings file writes the first of those keys.
 * The engine runs them before planning.
 * The file format is schemas/checks.schema.json; the built-in checks are in `rules/`.
 */
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";
import { loadChecks, type Check } from "./load.js";
import { evaluateExpression, SignalStop, stopOf } from "../expression/index.js";

export type { Check } from "./load.js";
export { loadChecks } from "./load.js";

export interface RunChecksOptions {
  /** Receives violations of `severity: warning` checks; they are not returned. */
  onWarning?: (warning: Diagnostic) => void;
  /** Variables every query sees (the pack's function library). */
  bindings?: Record<string, unknown>;
  /** Where the project's settings file writes the first of these dotted keys (a `setting` violation). */
  settingAt?: (keys: string[]) => SourceSpan | undefined;
}

/**
 * Load every check file in `dirs` and run the checks over `ir` (`{ api: ApiIR, ... }`).
 * Returns the violations of error checks, in check order; warnings go to `onWarning`.
 * Throws CodegenError when a check file is invalid or a query fails or returns bad data.
 */
export async function runChecks(ir: object, dirs: string[], options: RunChecksOptions = {}): Promise<Diagnostic[]> {
  return evaluateChecks(await loadChecks(dirs), ir, options);
}

export async function evaluateChecks(
  checks: Check[],
  ir: object,
  options: RunChecksOptions = {},
): Promise<Diagnostic[]> {
  const results = await Promise.all(checks.map((c) => runOne(c, ir, options)));
  const errors: Diagnostic[] = [];
  const broken: Diagnostic[] = [];
  results.forEach((r, i) => {
    if ("broken" in r) broken.push(r.broken);
    else if (checks[i]?.severity === "warning") r.found.forEach((w) => options.onWarning?.(w));
    else for (const d of r.found) errors.push(d); // not spread: 300,000 problems overflowed the stack
  });
  if (broken.length > 0) throw new CodegenError(broken);
  return errors;
}

async function runOne(
  check: Check,
  ir: object,
  options: RunChecksOptions,
): Promise<{ found: Diagnostic[] } | { broken: Diagnostic }> {
  if (check.kind && (ir as Record<string, unknown>)[check.kind] === undefined) return { found: [] };
  let value: unknown;
  try {
    value = await evaluateExpression(check.expression, ir, options.bindings ?? {});
  } catch (e) {
    const stop = stopOf(e);
    if (stop instanceof SignalStop) throw stop;
    if (stop) return { broken: diag("PACK_BUDGET", `check ${check.code}: ${stop.message}`, check.span) };
    return { broken: diag("CHECK_FAILED", `check ${check.code} failed: ${(e as Error).message}`, check.span) };
  }
  const list = value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];
  const found: Diagnostic[] = [];
  for (const v of list) {
    const d = toDiagnostic(check, v, options.settingAt);
    if (!d)
      return {
        broken: diag(
          "CHECK_FAILED",
          `check ${check.code} returned ${JSON.stringify(v)?.slice(0, 200)}, not {pos: {file, line, column} or setting: [keys], message?, args?}`,
          check.span,
        ),
      };
    found.push(d);
  }
  return { found };
}

function toDiagnostic(check: Check, v: unknown, settingAt: RunChecksOptions["settingAt"]): Diagnostic | null {
  if (!isRecord(v)) return null;
  let at: SourceSpan | undefined;
  if (isRecord(v["pos"])) {
    const { file, line, column } = v["pos"];
    if (typeof file !== "string" || typeof line !== "number" || typeof column !== "number") return null;
    at = { file, line, column };
  } else {
    const keys = typeof v["setting"] === "string" ? [v["setting"]] : v["setting"];
    if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === "string")) return null;
    at = settingAt?.(keys);
  }
  const args = isRecord(v["args"]) ? v["args"] : {};
  const message = typeof v["message"] === "string" ? v["message"] : fill(check.message, args);
  return diag(check.code, message, at, check.hint ? fill(check.hint, args) : undefined);
}

/** Replace `{name}` with args.name (strings as is, other values as JSON); unknown names stay. */
export function fill(template: string, args: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(args, name)) return whole;
    const value = args[name];
    return typeof value === "string" ? value : JSON.stringify(value);
  });
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

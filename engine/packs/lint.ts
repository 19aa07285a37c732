/**
 * `codegen template lint`: everything about a pack that can be checked without descriptors.
 * Schemas (through loading), every template of the pack parses in strict mode, every jsonata
 * expression compiles, every template, partial and static file a rule or template names exists.
 * All problems are collected, each at its file, line and column.
 */
import { existsSync, readdirSync } from "node:fs";
import { readPackText } from "../fs/index.js";
import { join, relative } from "node:path";
import jsonata from "jsonata";
import { Liquid } from "liquidjs";
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";
import { liquidDiagnostic } from "../render/index.js";
import { filters } from "../render/index.js";
import { loadPack } from "./load.js";

export interface LintResult {
  diagnostics: Diagnostic[];
  templates: number;
  expressions: number;
  rules: number;
}

export async function lintPack(dir: string): Promise<LintResult> {
  const result: LintResult = { diagnostics: [], templates: 0, expressions: 0, rules: 0 };
  let pack;
  try {
    pack = await loadPack(dir, process.cwd());
  } catch (e) {
    if (!(e instanceof CodegenError)) throw e;
    result.diagnostics.push(...e.diagnostics);
    return result;
  }
  const liquid = new Liquid({
    root: pack.templateDirs,
    partials: pack.templateDirs,
    extname: ".liquid",
    strictVariables: true,
    strictFilters: true,
    lenientIf: true,
  });
  for (const [name, fn] of Object.entries(filters)) liquid.registerFilter(name, fn as (...args: unknown[]) => unknown);
  const exists = (dirs: string[], name: string): boolean =>
    dirs.some((d) => existsSync(join(d, name)) || existsSync(join(d, `${name}.liquid`)));

  // The pack's own templates (inherited ones are their pack's business).
  const own = join(dir, "templates");
  for (const file of existsSync(own) ? listFiles(own) : []) {
    const full = join(own, file);
    const text = readPackText([dir], full) ?? "";
    const shown = relative(process.cwd(), full) || full;
    if (file.endsWith(".jsonata")) {
      result.expressions++;
      const problem = jsonataProblem(text);
      if (problem)
        result.diagnostics.push(
          diag("PACK_EXPRESSION", `invalid jsonata: ${problem.message}`, spanAt(shown, text, problem.position)),
        );
      continue;
    }
    if (!file.endsWith(".liquid")) continue;
    result.templates++;
    try {
      liquid.parse(text, full);
    } catch (e) {
      result.diagnostics.push(liquidDiagnostic(e, { file: shown, line: 1, column: 1 }, `template ${file}`));
    }
    for (const m of text.matchAll(/\{%-?\s*(render|include|layout)\s+['"]([^'"]+)['"]/g)) {
      if (!exists(pack.templateDirs, m[2]!)) {
        result.diagnostics.push(
          diag(
            "PACK_MISSING_FILE",
            `template ${file} ${m[1]}s "${m[2]}", which no templates/ folder of the pack chain has`,
            spanAt(shown, text, (m.index ?? 0) + m[0].indexOf(m[2]!)),
          ),
        );
      }
    }
  }

  // Its views and function library.
  const views = join(dir, "views");
  for (const file of existsSync(views) ? listFiles(views).filter((f) => f.endsWith(".jsonata")) : []) {
    const full = join(views, file);
    const text = readPackText([dir], full) ?? "";
    result.expressions++;
    const problem = jsonataProblem(text);
    if (problem)
      result.diagnostics.push(
        diag(
          "PACK_EXPRESSION",
          `invalid jsonata: ${problem.message}`,
          spanAt(relative(process.cwd(), full) || full, text, problem.position),
        ),
      );
  }

  for (const rule of pack.rules.filter((r) => r.pack === pack.name)) {
    result.rules++;
    const modeExpression =
      !["managed", "once", "merge"].includes(rule.mode.trim()) && !/\{[{%]/.test(rule.mode) ? rule.mode : null;
    for (const [what, source] of [
      ["each", rule.each],
      ["when", rule.when],
      ["data", rule.dataFile ? null : rule.data],
      ["mode", modeExpression],
    ] as const) {
      if (!source) continue;
      result.expressions++;
      const problem = jsonataProblem(source);
      if (problem)
        result.diagnostics.push(
          diag(
            "PACK_EXPRESSION",
            `rule "${rule.name}" ${what}: invalid jsonata "${source}": ${problem.message}`,
            rule.span,
          ),
        );
    }
    for (const [what, source] of [
      ["path", rule.path],
      ["mode", modeExpression ? "" : rule.mode],
      ["identity", rule.identity ?? ""],
    ] as const) {
      try {
        liquid.parse(source);
      } catch (e) {
        result.diagnostics.push(liquidDiagnostic(e, rule.span, `rule "${rule.name}" ${what}`));
      }
    }
    if (rule.template && !exists(pack.templateDirs, rule.template))
      result.diagnostics.push(
        diag(
          "PACK_MISSING_FILE",
          `rule "${rule.name}" renders ${rule.template}, which no templates/ folder of the pack chain has`,
          rule.span,
        ),
      );
    if (rule.copy && !pack.staticDirs.some((d) => existsSync(join(d, rule.copy!))))
      result.diagnostics.push(
        diag(
          "PACK_MISSING_FILE",
          `rule "${rule.name}" copies ${rule.copy}, which no static/ folder of the pack chain has`,
          rule.span,
        ),
      );
  }
  for (const step of pack.steps.filter((s) => !s.builtin || s.source === dir)) {
    for (const source of [step.args, step.when]) {
      if (!source) continue;
      result.expressions++;
      const problem = jsonataProblem(source);
      if (problem)
        result.diagnostics.push(
          diag("PACK_EXPRESSION", `step "${step.name}": invalid jsonata "${source}": ${problem.message}`, step.span),
        );
    }
  }
  return result;
}

function jsonataProblem(source: string): { message: string; position: number } | null {
  try {
    jsonata(source);
    return null;
  } catch (e) {
    const err = e as { message?: string; position?: number };
    return { message: err.message ?? String(e), position: err.position ?? 0 };
  }
}

function spanAt(file: string, text: string, offset: number): SourceSpan {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split("\n");
  return { file, line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split("\\").join("/"))
    .sort();
}

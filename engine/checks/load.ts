/**
 * Loading check files: every `*.yaml`/`*.yml` of the given folders, validated against
 * schemas/checks.schema.json, each query compiled once. Problems in the files themselves
 * (YAML, schema, jsonata syntax, repeated codes) are collected over all files and thrown
 * together with file:line:col. Internal to engine/checks.
 */
import { readdir } from "node:fs/promises";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import type { Compiled } from "../expression/index.js";
import { CodegenError, diag, type Diagnostic, type SourceSpan } from "../diagnostics/index.js";
import { validateDoc } from "../schema/index.js";
import { parseYaml } from "../schema/index.js";
import { layersOf, readPackText } from "../fs/index.js";

export interface Check {
  code: string;
  message: string;
  hint?: string;
  query: string;
  kind?: string;
  severity: "error" | "warning";
  expression: Compiled;
  /** Where the check is declared (its `code`), for problems while running it. */
  span: SourceSpan;
}

interface CheckEntry {
  code: string;
  message: string;
  hint?: string;
  query: string;
  kind?: string;
  severity?: "error" | "warning";
}

const compiled = new Map<string, Compiled>();

export async function loadChecks(dirs: string[]): Promise<Check[]> {
  const { compileExpression } = await import("../expression/index.js");
  const checks: Check[] = [];
  const problems: Diagnostic[] = [];
  const codes = new Map<string, SourceSpan>();
  for (const dir of dirs) {
    for (const path of await checkFiles(dir, problems)) {
      const file = displayPath(path);
      try {
        // Through real folders only, inside the folder holding checks/ (a pack's, or the project).
        const text = readPackText(layersOf([dir]), path, file);
        if (text === null) continue;
        const doc = parseYaml(text, file, "CHECK_INVALID");
        await validateDoc(doc, "checks.schema.json", "CHECK_INVALID");
        const entries = (doc.value ?? []) as CheckEntry[];
        entries.forEach((entry, i) => {
          const span = doc.spanAt([i, "code"]);
          const first = codes.get(entry.code);
          if (first) {
            problems.push(
              diag(
                "CHECK_INVALID",
                `check code ${entry.code} is already declared at ${first.file}:${first.line}`,
                span,
              ),
            );
            return;
          }
          codes.set(entry.code, span);
          try {
            const expression = compile(compileExpression, entry.query);
            checks.push({ ...entry, severity: entry.severity ?? "error", expression, span });
          } catch (e) {
            const err = e as { message?: string; position?: number };
            problems.push(
              diag(
                "CHECK_INVALID",
                `check ${entry.code}: invalid jsonata query: ${err.message ?? String(e)}`,
                querySpan(text, doc.spanAt([i, "query"]), entry.query, err.position),
              ),
            );
          }
        });
      } catch (e) {
        if (e instanceof CodegenError) problems.push(...e.diagnostics);
        else throw e;
      }
    }
  }
  if (problems.length > 0) throw new CodegenError(problems);
  return checks;
}

function compile(compileExpression: (source: string) => Compiled, query: string): Compiled {
  let expr = compiled.get(query);
  if (!expr) {
    expr = compileExpression(query);
    compiled.set(query, expr);
  }
  return expr;
}

async function checkFiles(dir: string, problems: Diagnostic[]): Promise<string[]> {
  try {
    const names = await readdir(dir);
    return names
      .filter((n) => /\.ya?ml$/.test(n))
      .sort()
      .map((n) => join(dir, n));
  } catch (e) {
    problems.push(diag("CHECK_INVALID", `cannot read the checks folder ${displayPath(dir)}: ${(e as Error).message}`));
    return [];
  }
}

/** Relative to the working directory when the file lies below it, else absolute; posix separators. */
function displayPath(path: string): string {
  const rel = relative(process.cwd(), resolve(path));
  return (rel.startsWith("..") || isAbsolute(rel) ? resolve(path) : rel).split(sep).join("/");
}

/** Line/column of a jsonata error position inside a (possibly block-scalar) query value. */
function querySpan(text: string, at: SourceSpan, query: string, position: number | undefined): SourceSpan {
  if (position === undefined) return at;
  const before = query.slice(0, Math.max(0, position - 1)).split("\n");
  const lineText = text.split(/\r?\n/)[at.line - 1] ?? "";
  const block = /^[|>]/.test(lineText.slice(at.column - 1));
  if (!block) return { ...at, column: at.column + (before[0]?.length ?? 0) };
  const bodyLine = at.line + before.length;
  const indent = /^\s*/.exec(text.split(/\r?\n/)[bodyLine - 1] ?? "")?.[0].length ?? 0;
  return { file: at.file, line: bodyLine, column: indent + (before[before.length - 1]?.length ?? 0) + 1 };
}

/**
 * View fixture tests: a view is a program (IR → template data), so a pack keeps examples of it.
 * Beside `views/<view>.jsonata`, the folder `views/<view>.test/` holds cases: `<case>.in.json`
 * (`{ "item": …, "ir": …, "project": …, "config": … }`; the view's input is the item, or the IR
 * when there is none) and `<case>.out.json`, the data the view must give. The function library
 * is tested the same way from `views/functions.test/`, whose cases give an `expression` to
 * evaluate. `update` rewrites the expected files instead of comparing (review their diff).
 */
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";
import { FUNCTIONS_FILE, type Pack } from "../packs/index.js";
import { readPackFile, readPackText } from "../fs/index.js";
import { bindFunctions } from "./functions.js";
import { evaluate, guardEmptyArrays } from "./jsonata.js";
import { ViewMemo, viewFunction } from "./views.js";

export interface ViewCaseResult {
  view: string;
  name: string;
  /** The `.in.json` file, as shown to the user. */
  file: string;
  outcome: "passed" | "failed" | "updated";
  /** For a failure: the first differing line, expected then actual. */
  difference?: string;
}

interface CaseInput {
  /** For the function library's cases: the expression to evaluate. */
  expression?: string;
  item?: unknown;
  ir?: object;
  project?: object;
  config?: object;
}

/** Runs the cases of the views of the pack's own layer (`layer`: its folder), with the whole chain's functions. */
export async function runViewTests(
  pack: Pack,
  layer: string,
  options: { update?: boolean; shown?: (p: string) => string } = {},
): Promise<ViewCaseResult[]> {
  const views = join(layer, "views");
  const shown = options.shown ?? ((p: string) => p);
  const results: ViewCaseResult[] = [];
  for (const testDir of existsSync(views) ? caseFolders(views) : []) {
    const view = relative(views, testDir).replace(/\.test$/, "");
    const viewFile = join(views, `${view}.jsonata`);
    if (!existsSync(viewFile))
      throw new CodegenError(
        diag("PACK_MISSING_FILE", `${shown(testDir)} tests a view that does not exist (${view}.jsonata)`),
      );
    const library = `${view}.jsonata` === FUNCTIONS_FILE;
    const viewSource = readPackText([layer], viewFile, shown(viewFile)) ?? "";
    for (const name of readdirSync(testDir)
      .filter((f) => f.endsWith(".in.json"))
      .sort()) {
      const inFile = join(testDir, name);
      const outFile = inFile.replace(/\.in\.json$/, ".out.json");
      const span: SourceSpan = { file: shown(inFile), line: 1, column: 1 };
      const input = readJson(layer, inFile, span) as CaseInput;
      const source = library ? input.expression : viewSource;
      if (typeof source !== "string")
        throw new CodegenError(
          diag("PACK_INVALID", `a case of the function library gives the "expression" to evaluate`, span),
        );
      const project = input.project ?? { name: "demo", module: "demo", frame: "api" };
      // As in a run: the IR holds the project beside each descriptor kind.
      const ir = { project, ...input.ir };
      guardEmptyArrays(ir);
      const base = { ir, project, config: input.config ?? {} };
      const bindings: Record<string, unknown> = { ...(await bindFunctions(pack, base)), ...base };
      bindings["view"] = viewFunction(pack, new ViewMemo(), () => bindings);
      const value = await evaluate(
        source,
        input.item ?? ir,
        bindings,
        library ? span : { file: shown(viewFile), line: 1, column: 1 },
      );
      const actual = `${JSON.stringify(value ?? null, null, 2)}\n`;
      const result = { view, name: name.replace(/\.in\.json$/, ""), file: shown(inFile) };
      if (options.update) {
        // Never written through a link: the file is read back (refused if linked) first.
        readPackFile([layer], outFile, shown(outFile));
        writeFileSync(outFile, actual);
        results.push({ ...result, outcome: "updated" });
        continue;
      }
      const expected = existsSync(outFile)
        ? `${JSON.stringify(readJson(layer, outFile, { ...span, file: shown(outFile) }), null, 2)}\n`
        : "";
      results.push(
        expected === actual
          ? { ...result, outcome: "passed" }
          : { ...result, outcome: "failed", difference: firstDifference(expected, actual) },
      );
    }
  }
  return results;
}

function caseFolders(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isDirectory() && e.name.endsWith(".test"))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

function readJson(layer: string, file: string, span: SourceSpan): unknown {
  const text = readPackText([layer], file, span.file);
  try {
    return JSON.parse(text ?? "") as unknown;
  } catch (e) {
    throw new CodegenError(diag("PACK_INVALID", `${(e as Error).message}`, span));
  }
}

function firstDifference(expected: string, actual: string): string {
  if (expected === "") return "no expected output (.out.json); run with --update and review it";
  const a = expected.split("\n");
  const b = actual.split("\n");
  const at = a.findIndex((line, i) => line !== b[i]);
  const i = at < 0 ? a.length : at;
  return `line ${i + 1}: expected ${JSON.stringify(a[i] ?? "")}, got ${JSON.stringify(b[i] ?? "")}`;
}

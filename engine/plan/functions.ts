/**
 * A pack's function library: `views/functions.jsonata` in any layer of the pack chain is a
 * jsonata expression whose value is an object of functions (`{ "shout": function($s) { $uppercase($s) } }`).
 * Every expression the engine evaluates for that pack (rules, views, steps, checks, plugin
 * commands) sees each of them as `$name`, so a naming rule or a path mapping is written once.
 * Layers are evaluated base first; a layer sees its base's functions and replaces them by name.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import type { Pack } from "../packs/index.js";
import { isFunction, JSONATA_FUNCTIONS, registerJsonataEquivalent } from "../expression/index.js";
import { compile, evaluate } from "./jsonata.js";

export type FunctionLibrary = Record<string, unknown>;

export async function bindFunctions(
  pack: Pick<Pack, "functions">,
  bindings: Record<string, unknown>,
): Promise<FunctionLibrary> {
  let library: FunctionLibrary = {};
  for (const layer of pack.functions) {
    const value = await evaluate(layer.source, {}, { ...bindings, ...library }, layer.span);
    if (
      value === null ||
      typeof value !== "object" ||
      Array.isArray(value) ||
      !Object.values(value).every(isFunction)
    ) {
      throw new CodegenError(
        diag(
          "PACK_EXPRESSION",
          `${layer.span.file} must evaluate to an object of functions ({ "name": function($x) { ... } })`,
          layer.span,
        ),
      );
    }
    const shadowing: string[] = [];
    for (const name of Object.keys(value)) if (JSONATA_FUNCTIONS.has(name)) shadowing.push(name);
    if (shadowing.length > 0) {
      throw new CodegenError(
        diag(
          "PACK_EXPRESSION",
          `${layer.span.file} redefines jsonata's own ${shadowing.map((n) => `$${n}`).join(", ")}; give the function another name`,
          layer.span,
        ),
      );
    }
    library = { ...library, ...(value as FunctionLibrary) };
  }
  const jsonataLibrary = lazy(() => jsonataFunctions(pack, bindings));
  for (const [name, f] of Object.entries(library))
    if (typeof f === "function") registerJsonataEquivalent(f, async () => (await jsonataLibrary())[name]);
  return library;
}

/**
 * The library as jsonata itself makes it: what jsonata runs with when an expression is left to
 * it, so it never calls a function of the fast evaluator (engine/expression/index.ts).
 */
async function jsonataFunctions(
  pack: Pick<Pack, "functions">,
  bindings: Record<string, unknown>,
): Promise<FunctionLibrary> {
  let library: FunctionLibrary = {};
  for (const layer of pack.functions) {
    const value = await compile(layer.source, layer.span).jsonata.evaluate({}, { ...bindings, ...library });
    library = { ...library, ...(value as FunctionLibrary) };
  }
  return library;
}

function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null;
  return () => (made ??= make());
}

/** The text every cached result of an expression depends on besides the expression itself. */
export function libraryKey(pack: Pick<Pack, "functions">): string {
  return pack.functions.map((f) => f.source).join("\0");
}

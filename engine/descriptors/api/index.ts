/**
 * Reader of `.api` descriptors (the .api language, plus packages named by an info key the pack
 * chooses): files in, ApiIR out, or a CodegenError listing every problem found with file:line:col.
 *
 * Stages: load (parse each file, follow imports), then analyze (statements, services,
 * types, routes). Checks that are rules over the finished IR (duplicate handlers or
 * routes, missing path parameters) live in the top-level `rules/` folder instead.
 *
 * Diagnostic codes:
 *   loading   API_SYNTAX, API_FILE_NOT_FOUND, API_IMPORT_NOT_FOUND, API_IMPORT_EMPTY, API_IMPORT_CYCLE
 *   files     API_DUPLICATE_SYNTAX, API_SYNTAX_VERSION, API_DUPLICATE_INFO, API_DUPLICATE_KEY,
 *             API_MULTIPLE_SERVICES
 *   types     API_UNKNOWN_TYPE, API_AMBIGUOUS_TYPE, API_DUPLICATE_TYPE, API_DUPLICATE_FIELD,
 *             API_RESERVED_TYPE_NAME, API_TYPE_ALIAS, API_MAP_KEY, API_ARRAY_LENGTH,
 *             API_NESTED_STRUCT, API_LEGACY_NESTED_STRUCT, API_EMBEDDED_TYPE, API_RECURSIVE_TYPE,
 *             API_INVALID_TAG
 *   warnings  API_TAG_SPACE (a space next to a comma in a json/xml/asn1 tag value, tidied)
 *   routes    API_REQUEST_TYPE, API_MISSING_HANDLER, API_DUPLICATE_ANNOTATION, API_INVALID_HANDLER,
 *             API_INVALID_PATH, API_INVALID_SERVER_VALUE
 *   paths     API_UNSAFE_PATH (a group or handler name that would leave the project)
 */
import { CodegenError, orderDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiIR } from "../../ir/index.js";
import { analyze } from "./analyze.js";
import { loadFiles } from "./load.js";

export { parseApiSource } from "./syntax.js";
export type { AstFile } from "./ast.js";

export interface ReadApiOptions {
  /** Project root: file paths in the IR and in diagnostics are posix paths relative to it. */
  root: string;
  /** The folder imports must stay inside (default: root); a descriptor named on the command line may lie outside the project. */
  scope?: string;
  /** The info key whose value names a file's package (the pack's `api.package_key`); none: one package. */
  packageKey?: string;
  /** Called with each warning once the files are known to be good. */
  onWarning?: (warning: Diagnostic) => void;
}

/**
 * Read the given root `.api` files (absolute or relative to `options.root`) and everything
 * they import. Throws CodegenError with all diagnostics when anything is wrong.
 */
export async function readApi(files: string[], options: ReadApiOptions): Promise<ApiIR> {
  const load = await loadFiles(files, options.root, options.scope);
  if (load.diagnostics.length > 0) throw new CodegenError(orderDiagnostics(load.diagnostics));
  const diagnostics: Diagnostic[] = [];
  const warnings: Diagnostic[] = [];
  const ir = analyze(load, diagnostics, warnings, options.packageKey ?? null);
  if (diagnostics.length > 0) throw new CodegenError(orderDiagnostics(diagnostics));
  for (const w of orderDiagnostics(warnings)) options.onWarning?.(w);
  return ir;
}

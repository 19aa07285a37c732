/**
 * Reader of `.proto` descriptors: files in, ProtoIR out, or a CodegenError listing every
 * problem found with file:line:col (codes PROTO_*).
 *
 * Stages: load (outline + protobufjs parse of each file and its imports, third-party files
 * from include folders: includes.ts), check (type references and import visibility:
 * resolve.ts; every option name and value: options.ts), build (build.ts,
 * services.ts).
 * An import that cannot be found is accepted with a warning when nothing from it is used.
 */
import { CodegenError, diag, orderDiagnostics, type Diagnostic } from "../../diagnostics/index.js";
import type { ProtoIR } from "../../ir/index.js";
import { buildIR } from "./build.js";
import { loadProtoFiles, type LoadedFile, type ReadProtoOptions } from "./load.js";
import { installHint } from "./import-sets.js";
import { evaluateOptions, type OptionsResult } from "./options.js";
import { Resolver } from "./resolve.js";

export type { ReadProtoOptions } from "./load.js";
export { findProtoIncludes, ProtoIncludeFinder, type ProtoIncludes, type ProtoIncludeDir } from "./includes.js";
export type {
  ProtoImportConfig,
  ProtoImportSet,
  ProtoImportSource,
  ImportCommandRunner,
  CommandOutput,
} from "./import-sets.js";

/**
 * Read the given `.proto` files (absolute, or relative to `options.root`) and the files they
 * import. Throws CodegenError with all diagnostics when anything is wrong.
 */
export async function readProto(files: string[], options: ReadProtoOptions): Promise<ProtoIR> {
  const load = await loadProtoFiles(files, options);
  const warn = (w: Diagnostic) => options.onWarning?.(w);
  if (load.diagnostics.length > 0) throw new CodegenError(orderDiagnostics(load.diagnostics));

  const diagnostics: Diagnostic[] = [];
  const filesByPath = new Map(load.files.map((f) => [f.path, f]));
  const resolver = new Resolver(load.root, filesByPath, diagnostics);
  const partialHint = (declaring: string): string | undefined => {
    const include = filesByPath.get(declaring)?.include;
    if (!include?.partial) return undefined;
    return `${declaring} was read from ${include.source}, a reduced copy; to get the full file, ${installHint(load.setFor(declaring))}`;
  };
  const optionValues = new Map<LoadedFile, OptionsResult>();
  for (const file of load.project) {
    resolver.checkFile(file);
    const evaluated = evaluateOptions(load.root, file.path, file.outline.options, diagnostics, partialHint);
    for (const ext of evaluated.extensions) resolver.checkExtension(file, ext.field, ext.pos, ext.name);
    optionValues.set(file, evaluated);
  }
  const ir =
    diagnostics.length === 0
      ? buildIR({ root: load.root, project: load.project, filesByPath, options: optionValues }, diagnostics)
      : null;

  // Imports that were not found: an error where the file has other problems (they may be the
  // cause), a warning otherwise (nothing from them is used).
  for (const { file, imp } of load.missing) {
    const set = load.setFor(imp.path);
    const d = diag(
      "PROTO_IMPORT_NOT_FOUND",
      `import "${imp.path}" not found${set ? ` (${set.title})` : ""}`,
      { file: file.path, line: imp.pathPos.line, column: imp.pathPos.column },
      set
        ? installHint(set)
        : `looked in ${load.protoRoot === "." ? "the project root" : load.protoRoot}, beside ${file.path}, and in the third-party include folders`,
    );
    if (hasErrorsIn(file, diagnostics) || (!file.project && diagnostics.length > 0)) diagnostics.push(d);
    else warn({ ...d, message: `${d.message}; nothing from it is used, so it is skipped` });
  }
  for (const w of load.warnings) warn(w);
  if (diagnostics.length > 0 || !ir) throw new CodegenError(orderDiagnostics(diagnostics));
  return ir;
}

function hasErrorsIn(file: LoadedFile, diagnostics: Diagnostic[]): boolean {
  return diagnostics.some((d) => d.span?.file === file.path);
}

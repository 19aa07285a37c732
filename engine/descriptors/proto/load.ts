/**
 * Loading: read each input file, outline it, follow its imports (project folders first, then
 * third-party include folders, then protobufjs's bundled well-known types) and parse every
 * file into one shared protobufjs Root. Syntax errors, unsafe paths, import cycles and
 * imports that cannot be found are reported here with file:line:col.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import protobuf from "protobufjs";
import { diag, type Diagnostic, type SourceSpan } from "../../diagnostics/index.js";
import { PathPolicy } from "../../fs/index.js";
import { withFieldIndex } from "./field-index.js";
import { ProtoIncludeFinder, type ProtoIncludeDir } from "./includes.js";
import { installHint, type ProtoImportConfig, type ProtoImportSet } from "./import-sets.js";
import { emptyOutline, ScanError, type Outline, type Pos, type ScannedImport } from "./outline.js";
import { protobufError } from "./protobuf-errors.js";
import { allObjects } from "./reflection-objects.js";
import { scanProto } from "./scanner.js";
import { textProblem } from "./text-problems.js";

export interface ReadProtoOptions {
  /** Project root: file paths in the IR and in diagnostics are posix paths relative to it. */
  root: string;
  /** Folder (relative to root) that import paths and compiler paths are relative to; default: the root itself. */
  protoRoot?: string;
  /**
   * Folders (relative to root) where the project keeps copies of third-party files: searched as
   * include folders, and their files are never read as the project's own. Default: none.
   */
  vendored?: string[];
  /** Extra include folders searched before the declared third-party sets. */
  includes?: string[];
  /** The third-party import sets the pack declares, and how to run their commands (none: only extra folders and the reader's copies). */
  imports?: ProtoImportConfig;
  /** Called with each warning (an unused import that cannot be found, a reduced third-party copy). */
  onWarning?: (warning: Diagnostic) => void;
}

export interface ResolvedImport extends ScannedImport {
  source: "project" | "include" | "builtin" | "missing";
  target: LoadedFile | null;
}

export interface LoadedFile {
  abs: string;
  /** Project-relative posix path for project files; the import path for third-party ones. */
  path: string;
  /** Path relative to the proto root (project files inside it), else `path`. */
  protoPath: string;
  project: boolean;
  /** Given as input. */
  input: boolean;
  source: string;
  outline: Outline;
  imports: ResolvedImport[];
  include: ProtoIncludeDir | null;
  /** Bundled definitions with no source text. */
  builtin: boolean;
}

export interface LoadResult {
  root: protobuf.Root;
  /** The proto root as given (project-relative posix path, "." for the project root), for messages. */
  protoRoot: string;
  files: LoadedFile[];
  /** Project files: inputs in the given order, then project files reached only by import. */
  project: LoadedFile[];
  diagnostics: Diagnostic[];
  warnings: Diagnostic[];
  /** Imports that could not be found (accepted when nothing from them turns out to be used). */
  missing: Array<{ file: LoadedFile; imp: ResolvedImport }>;
  /** The declared set serving an import path, if any. */
  setFor: (importPath: string) => ProtoImportSet | undefined;
}

const PARSE_OPTIONS = { keepCase: true, alternateCommentMode: true, preferTrailingComment: false };

export function toPosix(p: string): string {
  return p.split("\\").join("/");
}

/** Is an import path unsafe: absolute, with `..`, a backslash or a drive letter? */
function unsafePath(p: string): boolean {
  return (
    isAbsolute(p) ||
    p.startsWith("/") ||
    /^[A-Za-z]:/.test(p) ||
    p.includes("\\") ||
    p.split("/").some((s) => s === "..")
  );
}

export async function loadProtoFiles(inputs: string[], options: ReadProtoOptions): Promise<LoadResult> {
  const root = resolve(options.root);
  const protoRoot = resolve(root, options.protoRoot ?? ".");
  const vendored = (options.vendored ?? []).map((dir) => resolve(root, dir));
  const extra = [...(options.includes ?? []), ...vendored.filter((dir) => existsSync(dir))];
  const finder = new ProtoIncludeFinder({ root, extra, ...(options.imports ? { imports: options.imports } : {}) });
  const inside = (dir: string, abs: string): boolean => {
    const rel = toPosix(relative(dir, abs));
    return rel !== ".." && !rel.startsWith("../") && !isAbsolute(rel);
  };
  /** Third-party files kept inside the project: in a vendored folder, or at an import path a declared set serves (google/api/...). */
  const isVendored = (abs: string): boolean =>
    vendored.some((dir) => inside(dir, abs)) ||
    (inside(protoRoot, abs) && finder.setFor(toPosix(relative(protoRoot, abs))) !== undefined);
  // A file inside the project is read only through real folders: a link there (a cloned
  // project's) must not lead the reader, or the compiler after it, to a file outside.
  const policy = new PathPolicy(root);
  const pbRoot = new protobuf.Root();
  const result: LoadResult = {
    root: pbRoot,
    protoRoot: toPosix(relative(root, protoRoot)) || ".",
    files: [],
    project: [],
    diagnostics: [],
    warnings: [],
    missing: [],
    setFor: (p) => finder.setFor(p),
  };
  const byAbs = new Map<string, LoadedFile>();
  /** Files by the import path they are known by (third-party files, and project files under the proto root). */
  const byImportPath = new Map<string, LoadedFile>();
  const visiting = new Set<string>();
  const partialWarned = new Set<string>();

  const span = (file: LoadedFile, pos: Pos) => ({ file: file.path, line: pos.line, column: pos.column });

  /** Parse the file's text into the shared root, converting protobufjs errors to diagnostics. */
  const parseInto = (file: LoadedFile): void => {
    const parser = protobuf.parse as unknown as { filename: string | null };
    parser.filename = file.path;
    try {
      withFieldIndex(() => protobuf.parse(file.source, pbRoot, PARSE_OPTIONS));
    } catch (e) {
      const d = protobufError(e, file);
      if (file.project) result.diagnostics.push(d);
      else result.diagnostics.push({ ...d, message: `${d.message} (third-party file ${file.abs})` });
    } finally {
      parser.filename = null;
    }
  };

  const addBuiltin = (importPath: string): LoadedFile | null => {
    const def = (protobuf.common as unknown as { get(f: string): protobuf.INamespace | null }).get(importPath);
    if (!def?.nested) return null;
    const key = `builtin:${importPath}`;
    const existing = byAbs.get(key);
    if (existing) return existing;
    const before = new Set(allObjects(pbRoot));
    pbRoot.addJSON(def.nested);
    for (const obj of allObjects(pbRoot)) if (!before.has(obj) && !obj.filename) obj.filename = importPath;
    const file: LoadedFile = {
      abs: key,
      path: importPath,
      protoPath: importPath,
      project: false,
      input: false,
      source: "",
      outline: emptyOutline("proto3"),
      imports: [],
      include: null,
      builtin: true,
    };
    byAbs.set(key, file);
    byImportPath.set(importPath, file);
    result.files.push(file);
    return file;
  };

  /** Resolve one import of `from`: project folders, then include folders, then bundled definitions. */
  const resolveImport = async (from: LoadedFile, imp: ScannedImport): Promise<ResolvedImport> => {
    // An import path names one file, wherever it is imported from.
    const seen = byImportPath.get(imp.path);
    if (seen) return { ...imp, source: seen.project ? "project" : seen.builtin ? "builtin" : "include", target: seen };
    const base: string[] = [];
    if (from.project) base.push(protoRoot, dirname(from.abs));
    else if (from.include) base.push(join(from.include.dir), dirname(from.abs));
    for (const dir of base) {
      const abs = join(dir, imp.path);
      if (existsSync(abs) && statSync(abs).isFile()) {
        const project = from.project && !isVendored(abs);
        const target = await load(abs, {
          project,
          importPath: imp.path,
          include: project
            ? null
            : (from.include ?? { dir, strip: "", set: "extra", source: "project folder", partial: false }),
          at: span(from, imp.pathPos),
        });
        return { ...imp, source: target?.project ? "project" : "include", target };
      }
    }
    const located = await finder.resolve(imp.path);
    if (located) {
      if (located.include.partial && !partialWarned.has(located.include.set)) {
        partialWarned.add(located.include.set);
        result.warnings.push(
          diag(
            "PROTO_INCLUDE_PARTIAL",
            `"${imp.path}" was read from ${located.include.source}, which lacks some fields and file options`,
            span(from, imp.pathPos),
            installHint(finder.setFor(imp.path)),
          ),
        );
      }
      const target = await load(located.file, {
        project: false,
        importPath: imp.path,
        include: located.include,
        at: span(from, imp.pathPos),
      });
      return { ...imp, source: "include", target };
    }
    const builtin = addBuiltin(imp.path);
    if (builtin) return { ...imp, source: "builtin", target: builtin };
    return { ...imp, source: "missing", target: null };
  };

  const load = async (
    abs: string,
    how: {
      project: boolean;
      importPath: string | null;
      include: ProtoIncludeDir | null;
      input?: boolean;
      at?: SourceSpan;
    },
  ): Promise<LoadedFile | null> => {
    const known = byAbs.get(abs);
    if (known) {
      if (how.input) known.input = true;
      return known;
    }
    if (inside(root, abs)) {
      const inRoot = toPosix(relative(root, abs));
      const link = policy.linkIn(inRoot);
      if (link) {
        const what =
          link.at === inRoot
            ? `${inRoot} is a symbolic link`
            : `${inRoot} is reached through ${link.at}, ${link.kind === "symlink" ? "a symbolic link" : "not a folder"}`;
        const where = how.at ?? { file: inRoot, line: 1, column: 1 };
        result.diagnostics.push(
          diag(
            "PROTO_UNSAFE_PATH",
            `${what}; codegen reads a project's .proto files only through real folders, never through a link`,
            where,
            `replace ${link.at} with the real ${link.at === inRoot ? "file" : "folder"}`,
          ),
        );
        return null;
      }
    }
    let source: string;
    try {
      // Synchronous: files are read one after another, and a thread-pool round trip each cost more than the read.
      source = readFileSync(abs, "utf8");
    } catch {
      result.diagnostics.push(diag("PROTO_READ", `cannot read ${abs}`));
      return null;
    }
    const rel = toPosix(relative(root, abs));
    const inProtoRoot = toPosix(relative(protoRoot, abs));
    const path = how.project ? rel : (how.importPath ?? toPosix(abs));
    const underProtoRoot = !inProtoRoot.startsWith("../") && !isAbsolute(inProtoRoot);
    const protoPath = how.project ? (underProtoRoot ? inProtoRoot : rel) : path;
    // The compiler is given project paths as arguments: one starting with "-" or "@" would be
    // read as an option or an options file, letting a file name decide what the compiler runs.
    if (how.project && /^[-@]/.test(protoPath)) {
      result.diagnostics.push(
        diag(
          "PROTO_PATH_INVALID",
          `a .proto path may not start with "-" or "@" (the compiler would take ${protoPath} for an option); rename it`,
          { file: rel, line: 1, column: 1 },
        ),
      );
      return null;
    }
    const file: LoadedFile = {
      abs,
      path,
      protoPath,
      project: how.project,
      input: !!how.input,
      source,
      outline: emptyOutline("proto3"),
      imports: [],
      include: how.include,
      builtin: false,
    };
    byAbs.set(abs, file);
    result.files.push(file);
    if (how.project) result.project.push(file);
    const knownAs = how.project ? (underProtoRoot ? protoPath : null) : path;
    if (knownAs && !byImportPath.has(knownAs)) byImportPath.set(knownAs, file);

    const problem = textProblem(source, how.project);
    if (problem) {
      const before = source.slice(0, problem.offset).split("\n");
      const at = { file: file.path, line: before.length, column: (before[before.length - 1]?.length ?? 0) + 1 };
      result.diagnostics.push(diag(problem.code, problem.message, at, problem.hint));
      return file;
    }
    try {
      file.outline = scanProto(source);
    } catch (e) {
      if (!(e instanceof ScanError)) throw e;
      if (how.project) {
        result.diagnostics.push(diag("PROTO_SYNTAX", e.message, span(file, e.pos)));
        return file;
      }
      // A third-party file we cannot outline still parses with protobufjs; it only loses positions.
    }

    visiting.add(abs);
    for (const imp of file.outline.imports) {
      if (unsafePath(imp.path)) {
        result.diagnostics.push(
          diag(
            "PROTO_UNSAFE_PATH",
            `import "${imp.path}" leaves the import folders (absolute paths and ".." are not allowed)`,
            span(file, imp.pathPos),
          ),
        );
        file.imports.push({ ...imp, source: "missing", target: null });
        continue;
      }
      // Import folders may lie anywhere (a pack's import sets, the user's include folders): only
      // .proto files are read there, never another file a path could name (a token, a key).
      if (!imp.path.endsWith(".proto")) {
        result.diagnostics.push(
          diag(
            "PROTO_IMPORT_PATH",
            `import "${imp.path}" names no .proto file; codegen reads only .proto files as imports`,
            span(file, imp.pathPos),
          ),
        );
        file.imports.push({ ...imp, source: "missing", target: null });
        continue;
      }
      const resolved = await resolveImport(file, imp);
      file.imports.push(resolved);
      if (resolved.target && visiting.has(resolved.target.abs)) {
        result.diagnostics.push(
          diag(
            "PROTO_IMPORT_CYCLE",
            `import "${imp.path}" makes a cycle: ${resolved.target.path} already imports ${file.path}`,
            span(file, imp.pathPos),
          ),
        );
      }
      if (resolved.source === "missing" && !imp.weak) result.missing.push({ file, imp: resolved });
    }
    visiting.delete(abs);
    parseInto(file);
    return file;
  };

  for (const input of inputs) {
    const abs = resolve(root, input);
    const rel = toPosix(relative(root, abs));
    if (rel.startsWith("../") || rel === ".." || isAbsolute(rel)) {
      result.diagnostics.push(
        diag("PROTO_UNSAFE_PATH", `${input} is outside the project root ${root}`, {
          file: toPosix(input),
          line: 1,
          column: 1,
        }),
      );
      continue;
    }
    if (!existsSync(abs)) {
      result.diagnostics.push(diag("PROTO_READ", `${rel} does not exist`, { file: rel, line: 1, column: 1 }));
      continue;
    }
    // Vendored third-party files are loaded when imported, not read as the project's own.
    if (isVendored(abs)) continue;
    await load(abs, { project: true, importPath: null, include: null, input: true });
  }
  // descriptor.proto is needed even when not imported: options are checked against its *Options messages.
  const descriptorPath = "google/protobuf/descriptor.proto";
  if (!byImportPath.has(descriptorPath)) {
    const descriptor = await finder.resolve(descriptorPath);
    if (descriptor)
      await load(descriptor.file, { project: false, importPath: descriptorPath, include: descriptor.include });
  }
  // Inputs first (in the given order), then files reached only by import.
  result.project.sort(
    (a, b) => Number(b.input) - Number(a.input) || indexOf(inputs, root, a) - indexOf(inputs, root, b),
  );
  return result;
}

function indexOf(inputs: string[], root: string, file: LoadedFile): number {
  const i = inputs.findIndex((p) => resolve(root, p) === file.abs);
  return i < 0 ? Number.MAX_SAFE_INTEGER : i;
}

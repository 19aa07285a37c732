/**
 * Descriptor discovery and reading: find the files each input glob names and hand them to
 * the reader for their kind. The IR is one JSON document with one property per kind.
 */
import { readdir } from "node:fs/promises";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join, relative, resolve, sep } from "node:path";
import { CodegenError, diag, type Diagnostic } from "../diagnostics/index.js";
import { cacheDir } from "../cache/index.js";
import { isPlainRelative, PathPolicy } from "../fs/index.js";
import { NestedProjects } from "../project/index.js";
import type { ProtoImportConfig } from "./proto/import-sets.js";
import { emptyProtoIR } from "./proto/empty.js";
import { globMatcher, globPrefix } from "./glob.js";
export { globMatcher, globPrefix } from "./glob.js";

export type { ProtoImportConfig, ProtoImportSet, ProtoImportSource, ImportCommandRunner, CommandOutput } from "./proto/import-sets.js";

export { connect, parseDatasource, type SqlSession } from "./sql/datasource.js";

/** Build step: the readers' compiled forms (the .api grammar's recipe); returns the files written. */
export async function precompileReaders(): Promise<string[]> {
  return [(await import("./api/grammar.js")).writeGrammarRecipe()];
}

export interface ReadContext {
  root: string;
  /** The folder descriptors' imports must stay inside (default: root): a file the user named outside the project widens it to that file's folder. */
  scope?: string;
  config: {
    sql: { datasource: string[]; tables: string[]; dialect?: string | Record<string, string> };
    verbose?: boolean;
  };
  /** `config.sql.datasource` came from a project's own file, named here: its SQLite files must lie inside root. */
  datasourceFrom?: string;
  /** Third-party .proto sets the pack declares, and how to run their commands. */
  protoImports?: ProtoImportConfig;
  /** The pack's proto layout: the folder import paths start from, and folders of vendored third-party copies (project-relative). */
  protoLayout?: { root: string; vendored: string[] };
  /** The table migrations keep their version in (the pack's), which a live schema leaves out. */
  migrationsTable?: string;
  onSkip?: (message: string) => void;
  onWarning?: (warning: Diagnostic) => void;
}

/** A reader turns the files of one kind into that kind's IR (an empty list gives an empty IR). */
export type Reader = (files: string[], ctx: ReadContext) => Promise<object>;

/** Readers by descriptor kind; imported lazily so unused parsers cost nothing. */
export const readers: Record<string, Reader> = {
  api: async (files, ctx) => (await import("./api/index.js")).readApi(files, { root: ctx.root, ...(ctx.scope ? { scope: ctx.scope } : {}), onWarning: (w) => ctx.onWarning?.(w) }),
  proto: async (files, ctx) => {
    if (files.length === 0) return emptyProtoIR();
    const proto = await import("./proto/index.js");
    const imports = ctx.protoImports ? { imports: ctx.protoImports } : {};
    const layout = ctx.protoLayout ? { protoRoot: ctx.protoLayout.root, vendored: ctx.protoLayout.vendored } : {};
    const ir = await proto.readProto(files, { root: ctx.root, ...imports, ...layout, onWarning: (w) => ctx.onWarning?.(w) });
    // Compiler include folders for the third-party files the project uses (steps pass them to
    // the protocol buffer compiler), in the pack's declared order: a later folder must not
    // shadow the compiler's own copies of well-known files with newer ones it cannot read.
    const found = files.length > 0 ? await proto.findProtoIncludes({ root: ctx.root, ...imports, only: ir.thirdParty, forCompiler: true }) : { dirs: [] };
    // A prefixed set's own files import each other without the prefix: both folders are needed.
    return { ...ir, includeDirs: [...new Set(found.dirs.flatMap((d) => (d.strip ? [prefixedInclude(d.dir, d.strip), d.dir] : [d.dir])))] };
  },
  jsonschema: async (files, ctx) => {
    if (files.length === 0) return { documents: [] };
    return (await import("./jsonschema/index.js")).readJsonSchema(files, { root: ctx.root, onWarning: (w) => ctx.onWarning?.(w) });
  },
  sql: async (files, ctx) => {
    if (ctx.config.sql.datasource.length === 0 && files.length === 0) return { tables: [] };
    const sql = await import("./sql/index.js");
    if (ctx.config.sql.datasource.length > 0) {
      const from = ctx.datasourceFrom !== undefined ? { confinedFrom: ctx.datasourceFrom } : {};
      const table = ctx.migrationsTable ? { migrationsTable: ctx.migrationsTable } : {};
      return sql.readLiveSchema(ctx.config.sql.datasource, { tables: ctx.config.sql.tables, cwd: ctx.root, ...from, ...table });
    }
    const ir = await sql.readSqlFiles(files, {
      root: ctx.root,
      dialectSetting: ctx.config.sql.dialect,
      onDialect: (file, dialect, why) => ctx.onSkip?.(`${file}: read as ${dialect} DDL (${why})`),
      onSkip: (what, span) => ctx.onSkip?.(`${span.file}:${span.line}:${span.column}: skipped ${what}`),
      onWarning: (w) => ctx.onWarning?.(w),
    });
    return filterTables(ir, ctx.config.sql.tables, (await import("minimatch")).minimatch);
  },
};

/**
 * A compiler resolves `prefix/x.proto` only under a folder that has `prefix/` in it. For a set
 * whose files sit at the root of their package (imported with a prefix), a folder holding one
 * link named after the prefix is made once in the cache and used as the include path.
 */
function prefixedInclude(dir: string, prefix: string): string {
  const folder = cacheDir("proto-include", createHash("sha256").update(`${prefix}\0${dir}`).digest("hex").slice(0, 16));
  const link = join(folder, prefix.replace(/\/+$/, ""));
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    try {
      symlinkSync(dir, link, "dir");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  return folder;
}

function filterTables<T extends { tables: Array<{ name: string }> }>(ir: T, patterns: string[], minimatch: (name: string, pattern: string) => boolean): T {
  if (patterns.length === 0) return ir;
  return { ...ir, tables: ir.tables.filter((t) => patterns.some((p) => minimatch(t.name, p))) };
}

/** An .api file's text in the canonical layout, or the diagnostic of a file that does not parse. */
export async function formatApiText(text: string, file: string): Promise<{ text: string } | { diagnostic: Diagnostic }> {
  return (await import("./api/format.js")).formatApiSource(text, file);
}

/** Files matching a glob relative to root, sorted, as root-relative posix paths. */
/**
 * The files under `root` a glob matches, root-relative. Its fixed folders (before the first
 * wildcard) come from a pack or a project's config, which may be a clone's: they must lie
 * inside the project and be real folders, or gen would read files outside it as descriptors.
 * `what` names the glob in a diagnostic.
 */
export async function findInputs(root: string, glob: string, what = "the input glob"): Promise<string[]> {
  const prefix = relative(root, resolve(root, globPrefix(glob))).split(sep).join("/");
  if (prefix !== "" && !isPlainRelative(prefix)) {
    throw new CodegenError(diag("UNSAFE_PATH", `${what} ${JSON.stringify(glob)} starts outside the project; nothing was read`, undefined, "descriptor globs are relative to the project root, without .."));
  }
  const link = prefix === "" ? null : new PathPolicy(root).linkIn(prefix);
  if (link?.kind === "symlink") {
    throw new CodegenError(diag("UNSAFE_PATH", `${what} ${JSON.stringify(glob)} reaches ${link.at}, which is a symbolic link; codegen reads descriptors only through real folders; nothing was read`, undefined, `replace ${link.at} with a real folder`));
  }
  // A file where a folder of the glob would be: nothing matches.
  if (link) return [];
  const start = join(root, prefix);
  if (!existsSync(start)) return [];
  const entries = await readdir(start, { recursive: true, withFileTypes: true });
  // A folder with its own .codegen.yaml is another project: its descriptors are not ours.
  const nested = new NestedProjects(root);
  const match = await globMatcher(glob);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
    .filter((p) => match(p) && nested.owner(p) === null)
    .sort();
}

/**
 * The IR of every input kind the pack declares (an empty IR for a kind without files, and for
 * the kinds in `unread`: those the project's frame does not read). `named` gives a kind's files
 * (absolute) instead of its glob: the descriptors a user named on the command line.
 */
export async function readDescriptors(inputs: Record<string, string>, ctx: ReadContext, unread: ReadonlySet<string> = new Set(), named: Record<string, string[]> = {}): Promise<Record<string, unknown>> {
  const ir: Record<string, unknown> = {};
  for (const [kind, glob] of Object.entries(inputs)) {
    const reader = readers[kind];
    if (!reader) throw new CodegenError(diag("PACK_INVALID", `the pack declares inputs of kind "${kind}", which codegen cannot read (known: ${Object.keys(readers).join(", ")})`));
    const files = named[kind] ?? (unread.has(kind) ? [] : (await findInputs(ctx.root, glob, `the ${kind} input glob`)).map((f) => resolve(ctx.root, f)));
    ir[kind] = await reader(files, ctx);
  }
  return ir;
}

/**
 * Where third-party .proto files come from. Nothing is copied into the repository and the
 * engine knows no set: the template pack declares its import sets (import-sets.ts), and each
 * is located at run time, in this order:
 *
 *   1. folders in CODEGEN_PROTO_PATH (path-delimiter separated) and options.extra, for any import;
 *   2. the sources the pack declares for the set serving the import path, in order;
 *   3. the reader library's reduced copy (protobufjs ships a few well-known files), for reading only.
 *
 * `findProtoIncludes` is the entry for a compiler step (it returns the include folders);
 * the reader uses `ProtoIncludeFinder` to resolve one import path at a time, lazily.
 */
import { existsSync } from "node:fs";
import { delimiter, join, resolve } from "node:path";
import { installHint, setFor, type ProtoImportConfig, type ProtoImportSet } from "./import-sets.js";
import { SourceLocator } from "./sources.js";

export interface ProtoIncludeDir {
  /** Folder that import paths (less `strip`) are relative to. */
  dir: string;
  /** Leading part of the import path that is not on disk under `dir` ("" for most sets). */
  strip: string;
  /** Id of the set it serves, `extra` for user folders, `reader` for the reader's own copy. */
  set: string;
  /** Where it came from, for messages: `npm google-proto-files`, a command, `CODEGEN_PROTO_PATH`, ... */
  source: string;
  /** A reduced copy: fine for reading descriptors, not for a compiler (fields or file options missing). */
  partial: boolean;
}

export interface MissingProtoSet {
  set: string;
  title: string;
  /** A file of the set that was looked for. */
  marker: string;
  /** How to install it. */
  hint: string;
}

export interface ProtoIncludes {
  /** Folders found: extra folders first, then one per set in declared order. */
  dirs: ProtoIncludeDir[];
  missing: MissingProtoSet[];
}

export interface FinderOptions {
  /** Project root: its node_modules is searched before codegen's own; relative `dir` sources start here. */
  root?: string;
  /** The pack's import sets and how to run their commands. */
  imports?: ProtoImportConfig;
  /** More folders, searched first (CODEGEN_PROTO_PATH is added after them). */
  extra?: string[];
  /** Skip partial copies (for a compiler step). */
  forCompiler?: boolean;
}

const NO_IMPORTS: ProtoImportConfig = { sets: [] };

/**
 * Include folders for the declared sets (all, or those serving the set ids or import paths in
 * `only`), for a compiler step, in declared order. Missing sets are listed with an install hint
 * rather than thrown.
 */
export async function findProtoIncludes(options: FinderOptions & { only?: string[] } = {}): Promise<ProtoIncludes> {
  const finder = new ProtoIncludeFinder(options);
  const declared = finder.sets;
  const wanted = options.only
    ? declared.filter((s) => options.only!.some((w) => w === s.id || w.startsWith(s.prefix)))
    : declared;
  const dirs: ProtoIncludeDir[] = finder.extraDirs.map((dir) => extraDir(dir));
  const missing: MissingProtoSet[] = [];
  for (const set of wanted) {
    if (finder.extraDirs.some((d) => existsSync(join(d, set.marker)))) continue;
    const found = await finder.locateSet(set);
    if (found) {
      if (!dirs.some((d) => d.dir === found.dir && d.strip === found.strip)) dirs.push(found);
    } else {
      missing.push({ set: set.id, title: set.title, marker: set.marker, hint: installHint(set) });
    }
  }
  return { dirs, missing };
}

export interface LocatedImport {
  /** Absolute path of the file. */
  file: string;
  include: ProtoIncludeDir;
}

/** Resolves third-party import paths, locating each set once (results are kept). */
export class ProtoIncludeFinder {
  readonly extraDirs: string[];
  readonly sets: readonly ProtoImportSet[];
  private readonly located = new Map<string, Promise<ProtoIncludeDir | null>>();
  private readonly locator: SourceLocator;

  constructor(private readonly options: FinderOptions = {}) {
    const fromEnv = (process.env["CODEGEN_PROTO_PATH"] ?? "").split(delimiter).filter(Boolean);
    this.extraDirs = [...(options.extra ?? []), ...fromEnv].map((d) => resolve(d)).filter((d) => existsSync(d));
    const imports = options.imports ?? NO_IMPORTS;
    this.sets = imports.sets;
    this.locator = new SourceLocator(options.root, imports);
  }

  /** The declared set serving an import path, if any. */
  setFor(importPath: string): ProtoImportSet | undefined {
    return setFor(this.sets, importPath);
  }

  /** Find an import path in the extra folders, its declared set, then the reader's copy; null when not found. */
  async resolve(importPath: string): Promise<LocatedImport | null> {
    for (const dir of this.extraDirs) {
      const file = join(dir, importPath);
      if (existsSync(file)) return { file, include: extraDir(dir) };
    }
    const set = this.setFor(importPath);
    const include = set ? await this.locateSet(set) : null;
    if (include) {
      const file = join(include.dir, importPath.slice(include.strip.length));
      if (existsSync(file)) return { file, include };
    }
    if (this.options.forCompiler) return null;
    const copy = this.locator.readerCopy(importPath);
    if (!copy) return null;
    return {
      file: join(copy.dir, importPath),
      include: { dir: copy.dir, strip: "", set: set?.id ?? "reader", source: copy.label, partial: true },
    };
  }

  locateSet(set: ProtoImportSet): Promise<ProtoIncludeDir | null> {
    let found = this.located.get(set.id);
    if (!found) {
      found = this.search(set);
      this.located.set(set.id, found);
    }
    return found;
  }

  private async search(set: ProtoImportSet): Promise<ProtoIncludeDir | null> {
    const marker = set.marker.slice(set.strip.length);
    for (const source of set.sources) {
      if (this.options.forCompiler && source.partial) continue;
      const found = await this.locator.locate(source, marker);
      if (found) return { dir: found.dir, strip: set.strip, set: set.id, source: found.label, partial: found.partial };
    }
    return null;
  }
}

function extraDir(dir: string): ProtoIncludeDir {
  return { dir, strip: "", set: "extra", source: "CODEGEN_PROTO_PATH", partial: false };
}

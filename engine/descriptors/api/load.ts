/**
 * Loading: read and parse the root files and everything they import. Imports resolve
 * relative to the importing file; a file reached twice is loaded once; import cycles,
 * empty or missing imports and syntax errors become diagnostics (all files are tried, so
 * one run reports every such problem). Internal to the api reader.
 */
import { readFileSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { AstFile } from "./ast.js";
import { SourceText } from "./source.js";
import { parseCached } from "./parse-cache.js";

export interface LoadedFile {
  abs: string;
  /** Display path: posix, relative to the project root. */
  path: string;
  ast: AstFile;
  src: SourceText;
  /** Absolute paths of the files it imports, in order, without repeats. */
  imports: string[];
  root: boolean;
}

export interface LoadResult {
  /** Loaded files in discovery order (each root, then what it imports, depth first). */
  files: LoadedFile[];
  byAbs: Map<string, LoadedFile>;
  roots: LoadedFile[];
  diagnostics: Diagnostic[];
}

interface Via {
  src: SourceText;
  at: number;
}

export async function loadFiles(files: string[], rootDir: string, scopeDir: string = rootDir): Promise<LoadResult> {
  const root = resolve(rootDir);
  const scope = resolve(scopeDir);
  const display = (abs: string): string => relative(root, abs).split(sep).join("/");
  const result: LoadResult = { files: [], byAbs: new Map(), roots: [], diagnostics: [] };
  const failed = new Set<string>();

  const visit = async (abs: string, stack: string[], via: Via | null): Promise<void> => {
    const cycleStart = stack.indexOf(abs);
    if (cycleStart >= 0 && via) {
      const chain = [...stack.slice(cycleStart), abs].map(display).join(" -> ");
      result.diagnostics.push(diag("API_IMPORT_CYCLE", `import cycle: ${chain}`, via.src.pos(via.at)));
      return;
    }
    if (result.byAbs.has(abs) || failed.has(abs)) return;
    const text = await readText(abs);
    if (typeof text !== "string") {
      failed.add(abs);
      const what = text.code === "ENOENT" ? "does not exist" : `cannot be read (${text.code ?? text.message})`;
      result.diagnostics.push(
        via
          ? diag("API_IMPORT_NOT_FOUND", `imported file ${display(abs)} ${what}`, via.src.pos(via.at))
          : diag("API_FILE_NOT_FOUND", `${display(abs)} ${what}`),
      );
      return;
    }
    const parsed = await parseCached(text, display(abs));
    if ("diagnostic" in parsed) {
      failed.add(abs);
      result.diagnostics.push(parsed.diagnostic);
      return;
    }
    const file: LoadedFile = {
      abs,
      path: display(abs),
      ast: parsed.ast,
      src: new SourceText(display(abs), parsed.ast.text, parsed.ast.comments),
      imports: [],
      root: false,
    };
    result.byAbs.set(abs, file);
    result.files.push(file);
    for (const stmt of parsed.ast.statements) {
      if (stmt.kind !== "import") continue;
      for (const imp of stmt.paths) {
        if (imp.path.trim() === "") {
          result.diagnostics.push(diag("API_IMPORT_EMPTY", "import path is empty", file.src.pos(imp.at)));
          continue;
        }
        const target = isAbsolute(imp.path) ? resolve(imp.path) : resolve(dirname(abs), imp.path);
        // Checked before reading: a descriptor must not make codegen read files outside the project.
        if (outside(scope, target)) {
          result.diagnostics.push(
            diag(
              "API_IMPORT_OUTSIDE",
              `import "${imp.path}" leads outside the project; imports name .api files inside it`,
              file.src.pos(imp.at),
            ),
          );
          continue;
        }
        if (!file.imports.includes(target)) file.imports.push(target);
        await visit(target, [...stack, abs], { src: file.src, at: imp.at });
      }
    }
  };

  for (const f of files) {
    const abs = resolve(root, f);
    await visit(abs, [], null);
    const loaded = result.byAbs.get(abs);
    if (loaded && !loaded.root) {
      loaded.root = true;
      result.roots.push(loaded);
    }
  }
  return result;
}

/** True when `target` (after symlinks, when it exists) is not inside `root`. */
function outside(root: string, target: string): boolean {
  const real = (p: string): string => {
    try {
      return realpathSync(p);
    } catch {
      return p;
    }
  };
  const rel = relative(real(root), real(target));
  return rel === "" || rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel);
}

/** Read synchronously: files are read one after another (imports first), and a thread-pool round trip each cost more than the read. */
async function readText(abs: string): Promise<string | NodeJS.ErrnoException> {
  try {
    return readFileSync(abs, "utf8");
  } catch (e) {
    return e as NodeJS.ErrnoException;
  }
}

/** The files a root's document consists of: the root and everything it imports, transitively. */
export function documentOf(file: LoadedFile, byAbs: Map<string, LoadedFile>): LoadedFile[] {
  const out: LoadedFile[] = [];
  const seen = new Set<string>();
  const walk = (f: LoadedFile): void => {
    if (seen.has(f.abs)) return;
    seen.add(f.abs);
    out.push(f);
    for (const imp of f.imports) {
      const g = byAbs.get(imp);
      if (g) walk(g);
    }
  };
  walk(file);
  return out;
}

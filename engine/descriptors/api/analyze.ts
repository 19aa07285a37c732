/**
 * The semantic stage: loaded files to the ApiIR, collecting every problem found on the way
 * (file statements, one service per document, types, routes). Internal to the api reader.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiBlock, ApiFile, ApiGroup, ApiIR, ApiPackage, ApiType, IrPosition } from "../../ir/index.js";
import { documentOf, type LoadResult, type LoadedFile } from "./load.js";
import { RouteBuilder } from "./routes.js";
import { TypeScope } from "./scope.js";
import { pairsToRecord } from "./server.js";
import { TypeBuilder } from "./types.js";

/**
 * `packageKey`: the info key whose value names a file's package (a pack setting); types of
 * different packages may share a name. null: every file is in the default package.
 */
export function analyze(
  load: LoadResult,
  diagnostics: Diagnostic[],
  warnings: Diagnostic[] = [],
  packageKey: string | null = null,
): ApiIR {
  const fileInfo = new Map(load.files.map((f) => [f, fileStatements(f, diagnostics, packageKey)]));
  const packageOf = (f: LoadedFile): string => fileInfo.get(f)?.package ?? "";
  checkServices(load, diagnostics);

  const types = new TypeBuilder(
    new TypeScope(load.files, packageOf, load.byAbs, diagnostics, load.roots),
    diagnostics,
    warnings,
  );
  const routes = new RouteBuilder(types, diagnostics);
  const files: ApiFile[] = [];
  for (const f of load.files) {
    const services: string[] = [];
    for (const stmt of f.ast.statements) {
      if (stmt.kind !== "service") continue;
      routes.addService(stmt.service, f);
      if (!services.includes(stmt.service.name)) services.push(stmt.service.name);
    }
    const info = fileInfo.get(f);
    files.push({
      path: f.path,
      syntax: info?.syntax ?? "",
      info: info?.info ?? {},
      infoPos: info?.infoPos ?? {},
      package: info?.package ?? "",
      imports: f.imports.map((abs) => load.byAbs.get(abs)?.path ?? abs),
      root: f.root,
      services,
    });
  }
  const allTypes = types.types();
  const blocks = routes.blocks;
  return {
    files,
    types: allTypes,
    packages: packagesOf(allTypes),
    blocks,
    routes: blocks.flatMap((b) => b.routes),
    groups: groupsOf(blocks),
    middlewares: distinct(blocks.flatMap((b) => b.middleware)),
    jwts: distinct(blocks.map((b) => b.jwt)),
    jwtTransitions: distinct(blocks.map((b) => b.jwtTransition)),
  };
}

interface FileStatements {
  syntax: string;
  info: Record<string, string>;
  infoPos: Record<string, IrPosition>;
  package: string;
}

/** syntax and info statements: at most one each; the package is the value of `packageKey`, as written. */
function fileStatements(f: LoadedFile, diagnostics: Diagnostic[], packageKey: string | null): FileStatements {
  const out: FileStatements = { syntax: "", info: {}, infoPos: {}, package: "" };
  let seenSyntax = false;
  let seenInfo = false;
  for (const stmt of f.ast.statements) {
    if (stmt.kind === "syntax") {
      if (seenSyntax)
        diagnostics.push(
          diag("API_DUPLICATE_SYNTAX", "the file has more than one syntax statement", f.src.pos(stmt.at)),
        );
      else if (stmt.value !== "v1")
        diagnostics.push(
          diag(
            "API_SYNTAX_VERSION",
            `syntax ${JSON.stringify(stmt.value)} is not supported; use "v1"`,
            f.src.pos(stmt.valueAt),
          ),
        );
      else out.syntax = stmt.value;
      seenSyntax = true;
    } else if (stmt.kind === "info") {
      if (seenInfo) {
        diagnostics.push(diag("API_DUPLICATE_INFO", "the file has more than one info statement", f.src.pos(stmt.at)));
        continue;
      }
      seenInfo = true;
      out.info = pairsToRecord(stmt.pairs, f, diagnostics, "info");
      // Keys are the user's (constructor, __proto__): defined as own properties, never looked up
      // through the prototype or assigned to it.
      for (const p of stmt.pairs)
        if (Object.hasOwn(out.info, p.key) && !Object.hasOwn(out.infoPos, p.key))
          Object.defineProperty(out.infoPos, p.key, {
            value: f.src.pos(p.valueAt),
            enumerable: true,
            writable: true,
            configurable: true,
          });
      const pkg = packageKey === null ? undefined : stmt.pairs.find((p) => p.key === packageKey);
      if (pkg) out.package = pkg.value;
    }
  }
  return out;
}

/** A root file and what it imports form one document, which declares at most one service name. */
function checkServices(load: LoadResult, diagnostics: Diagnostic[]): void {
  const reported = new Set<string>();
  for (const root of load.roots) {
    let first: { name: string; file: LoadedFile; at: number } | null = null;
    for (const f of documentOf(root, load.byAbs)) {
      for (const stmt of f.ast.statements) {
        if (stmt.kind !== "service") continue;
        const s = stmt.service;
        if (!first) first = { name: s.name, file: f, at: s.nameAt };
        else if (s.name !== first.name && !reported.has(`${f.abs}:${s.nameAt}`)) {
          reported.add(`${f.abs}:${s.nameAt}`);
          const where = `${first.file.path}:${first.file.src.pos(first.at).line}`;
          diagnostics.push(
            diag(
              "API_MULTIPLE_SERVICES",
              `service ${s.name} differs from service ${first.name} (${where}); ${root.path} and its imports must declare one service`,
              f.src.pos(s.nameAt),
            ),
          );
        }
      }
    }
  }
}

function packagesOf(types: ApiType[]): ApiPackage[] {
  const map = new Map<string, ApiType[]>();
  if (types.some((t) => t.package === "")) map.set("", []);
  for (const t of types) {
    const list = map.get(t.package) ?? [];
    list.push(t);
    map.set(t.package, list);
  }
  return [...map].map(([name, list]) => ({ name, types: list }));
}

function groupsOf(blocks: ApiBlock[]): ApiGroup[] {
  const map = new Map<string, ApiGroup>();
  for (const b of blocks) {
    let g = map.get(b.group);
    if (!g) {
      g = { name: b.group, routes: [] };
      map.set(b.group, g);
    }
    // One at a time: spreading 300,000 routes into push's arguments overflowed the stack.
    for (const r of b.routes) g.routes.push(r);
  }
  return [...map.values()];
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ""))];
}

/**
 * Where third-party .proto files come from. Nothing is copied into the repository: each known
 * file set is located at run time in an installed package, in this order:
 *
 *   every set          folders in CODEGEN_PROTO_PATH (path-delimiter separated) or options.extra
 *   google/protobuf/   the protobuf compiler's include folder (protoc beside /usr/include ...),
 *                      then npm google-proto-files, then protobufjs's own copy (partial)
 *   google/api/        npm google-proto-files, then the Go module
 *                      github.com/grpc-ecosystem/grpc-gateway@v1.16.0 (third_party/googleapis),
 *                      then protobufjs's reduced copy (partial: no response_body, no go_package)
 *   buf/validate/      the Go module github.com/bufbuild/protovalidate@v1.2.2 (proto/protovalidate)
 *   grpc-gateway/protoc-gen-openapiv2/, protoc-gen-openapiv2/
 *                      the Go module github.com/grpc-ecosystem/grpc-gateway/v2@v2.29.0 (module root;
 *                      the `grpc-gateway/` prefix, used by projects that vendor it, is not on disk)
 *
 * Go modules are looked up in the module cache ($GOMODCACHE, $GOPATH/pkg/mod, ~/go/pkg/mod, then
 * `go env GOMODCACHE`); when absent and Go is installed they are fetched with `go mod download`
 * (set CODEGEN_PROTO_OFFLINE=1 or `download: false` to never do that).
 *
 * `findProtoIncludes` is the entry for a compiler step (it returns the include folders);
 * the reader uses `ProtoIncludeFinder` to resolve one import path at a time, lazily.
 */
import { execFile } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir, tmpdir } from "node:os";
import { delimiter, dirname, join, resolve } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

export interface ProtoIncludeDir {
  /** Folder that import paths (less `strip`) are relative to. */
  dir: string;
  /** Leading part of the import path that is not on disk under `dir` ("" for most sets). */
  strip: string;
  /** Id of the set it serves (`google-api`, `buf-validate`, ...), or `extra` for user folders. */
  set: string;
  /** Where it came from, for messages: `npm google-proto-files`, `go module ...@v1.2.2`, `protoc`, ... */
  source: string;
  /** A reduced copy: fine for reading descriptors, not for a compiler (fields or go_package missing). */
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
  /** Folders found, extra folders first, then one per set. */
  dirs: ProtoIncludeDir[];
  missing: MissingProtoSet[];
}

export interface FindProtoIncludesOptions {
  /** Project root: its node_modules is searched before codegen's own. */
  root?: string;
  /** Set ids or import paths to look for (default: every known set). */
  sets?: string[];
  /** More folders, searched first (CODEGEN_PROTO_PATH is added after them). */
  extra?: string[];
  /** Fetch missing Go modules with `go mod download` (default true unless CODEGEN_PROTO_OFFLINE is set). */
  download?: boolean;
  /** Skip partial copies (for a compiler step). */
  forCompiler?: boolean;
}

interface GoModuleSource {
  kind: "go";
  module: string;
  version: string;
  /** Folder inside the module holding the import paths. */
  sub: string;
}
type Source = GoModuleSource | { kind: "npm"; pkg: string; sub: string } | { kind: "protoc" } | { kind: "protobufjs"; partial: boolean };

interface KnownSet {
  id: string;
  title: string;
  /** Import-path prefix served. */
  prefix: string;
  /** Part of the prefix that is not on disk. */
  strip: string;
  marker: string;
  sources: Source[];
  hint: string;
}

const PROTOVALIDATE: GoModuleSource = { kind: "go", module: "github.com/bufbuild/protovalidate", version: "v1.2.2", sub: "proto/protovalidate" };
const GATEWAY_V1: GoModuleSource = { kind: "go", module: "github.com/grpc-ecosystem/grpc-gateway", version: "v1.16.0", sub: "third_party/googleapis" };
const GATEWAY_V2: GoModuleSource = { kind: "go", module: "github.com/grpc-ecosystem/grpc-gateway/v2", version: "v2.29.0", sub: "" };
const PATH_HINT = "or add a folder holding it to CODEGEN_PROTO_PATH";

export const KNOWN_PROTO_SETS: readonly KnownSet[] = [
  {
    id: "google-protobuf",
    title: "protobuf well-known types",
    prefix: "google/protobuf/",
    strip: "",
    marker: "google/protobuf/descriptor.proto",
    sources: [{ kind: "protoc" }, { kind: "npm", pkg: "google-proto-files", sub: "" }, { kind: "protobufjs", partial: true }],
    hint: `install the protobuf compiler with its include files (Debian: apt-get install protobuf-compiler libprotobuf-dev), ${PATH_HINT}`,
  },
  {
    id: "google-api",
    title: "google.api annotations",
    prefix: "google/api/",
    strip: "",
    marker: "google/api/http.proto",
    sources: [{ kind: "npm", pkg: "google-proto-files", sub: "" }, GATEWAY_V1, { kind: "protobufjs", partial: true }],
    hint: `run \`go mod download ${GATEWAY_V1.module}@${GATEWAY_V1.version}\` (needs Go) or \`npm install google-proto-files\`, ${PATH_HINT}`,
  },
  {
    id: "buf-validate",
    title: "buf.validate rules",
    prefix: "buf/validate/",
    strip: "",
    marker: "buf/validate/validate.proto",
    sources: [PROTOVALIDATE],
    hint: `run \`go mod download ${PROTOVALIDATE.module}@${PROTOVALIDATE.version}\` (needs Go), ${PATH_HINT}`,
  },
  {
    id: "openapiv2",
    title: "protoc-gen-openapiv2 options",
    prefix: "grpc-gateway/protoc-gen-openapiv2/",
    strip: "grpc-gateway/",
    marker: "grpc-gateway/protoc-gen-openapiv2/options/annotations.proto",
    sources: [GATEWAY_V2],
    hint: `run \`go mod download ${GATEWAY_V2.module}@${GATEWAY_V2.version}\` (needs Go), ${PATH_HINT}`,
  },
  {
    id: "openapiv2-module",
    title: "protoc-gen-openapiv2 options",
    prefix: "protoc-gen-openapiv2/",
    strip: "",
    marker: "protoc-gen-openapiv2/options/annotations.proto",
    sources: [GATEWAY_V2],
    hint: `run \`go mod download ${GATEWAY_V2.module}@${GATEWAY_V2.version}\` (needs Go), ${PATH_HINT}`,
  },
];

/** The known set serving an import path, if any. */
export function knownProtoSet(importPath: string): KnownSet | undefined {
  return KNOWN_PROTO_SETS.find((s) => importPath.startsWith(s.prefix));
}

/**
 * Include folders for the known third-party sets (all, or those named in `sets`), for a
 * compiler step: pass `dirs.map(d => d.dir)` as include paths (entries with a non-empty
 * `strip` need a folder named after it; see ProtoIncludeDir). Missing sets are listed with
 * an install hint rather than thrown.
 */
export async function findProtoIncludes(options: FindProtoIncludesOptions = {}): Promise<ProtoIncludes> {
  const finder = new ProtoIncludeFinder(options);
  const wanted = options.sets ?? KNOWN_PROTO_SETS.map((s) => s.id);
  const dirs: ProtoIncludeDir[] = finder.extraDirs.map((dir) => ({ dir, strip: "", set: "extra", source: "CODEGEN_PROTO_PATH", partial: false }));
  const missing: MissingProtoSet[] = [];
  for (const want of wanted) {
    const set = KNOWN_PROTO_SETS.find((s) => s.id === want) ?? knownProtoSet(want);
    if (!set) continue;
    if (finder.extraDirs.some((d) => existsSync(join(d, set.marker)))) continue;
    const found = await finder.locateSet(set);
    if (found) {
      if (!dirs.some((d) => d.dir === found.dir && d.strip === found.strip)) dirs.push(found);
    } else if (!missing.some((m) => m.set === set.id)) {
      missing.push({ set: set.id, title: set.title, marker: set.marker, hint: set.hint });
    }
  }
  return { dirs, missing };
}

export interface LocatedImport {
  /** Absolute path of the file. */
  file: string;
  include: ProtoIncludeDir;
}

/** Resolves third-party import paths, locating each set once (results are cached). */
export class ProtoIncludeFinder {
  readonly extraDirs: string[];
  private readonly sets = new Map<string, Promise<ProtoIncludeDir | null>>();
  private goModCache: Promise<string[]> | null = null;
  private readonly download: boolean;

  constructor(private readonly options: FindProtoIncludesOptions = {}) {
    const fromEnv = (process.env["CODEGEN_PROTO_PATH"] ?? "").split(delimiter).filter(Boolean);
    this.extraDirs = [...(options.extra ?? []), ...fromEnv].map((d) => resolve(d)).filter((d) => existsSync(d));
    this.download = options.download ?? !process.env["CODEGEN_PROTO_OFFLINE"];
  }

  /** Find an import path in the extra folders, then in its known set; null when not found. */
  async resolve(importPath: string): Promise<LocatedImport | null> {
    for (const dir of this.extraDirs) {
      const file = join(dir, importPath);
      if (existsSync(file)) return { file, include: { dir, strip: "", set: "extra", source: "CODEGEN_PROTO_PATH", partial: false } };
    }
    const set = knownProtoSet(importPath);
    if (!set) return null;
    const include = await this.locateSet(set);
    if (!include) return null;
    const file = join(include.dir, importPath.slice(include.strip.length));
    return existsSync(file) ? { file, include } : null;
  }

  locateSet(set: KnownSet): Promise<ProtoIncludeDir | null> {
    let found = this.sets.get(set.id);
    if (!found) {
      found = this.search(set);
      this.sets.set(set.id, found);
    }
    return found;
  }

  private async search(set: KnownSet): Promise<ProtoIncludeDir | null> {
    const marker = set.marker.slice(set.strip.length);
    const make = (dir: string, source: string, partial = false): ProtoIncludeDir => ({ dir, strip: set.strip, set: set.id, source, partial });
    for (const source of set.sources) {
      switch (source.kind) {
        case "protoc": {
          const dir = protocInclude(marker);
          if (dir) return make(dir, "protoc");
          break;
        }
        case "npm": {
          const dir = this.npmPackage(source.pkg);
          if (dir && existsSync(join(dir, source.sub, marker))) return make(join(dir, source.sub), `npm ${source.pkg}`);
          break;
        }
        case "protobufjs": {
          if (this.options.forCompiler && source.partial) break;
          const dir = this.npmPackage("protobufjs");
          if (dir && existsSync(join(dir, marker))) return make(dir, "protobufjs (reduced copy)", source.partial);
          break;
        }
        case "go": {
          const dir = await this.goModule(source);
          if (dir && existsSync(join(dir, source.sub, marker))) return make(join(dir, source.sub), `go module ${source.module}@${basenameVersion(dir)}`);
          break;
        }
      }
    }
    return null;
  }

  /** Package folder of an npm package, from the project root first, then from codegen itself. */
  private npmPackage(pkg: string): string | null {
    const bases = [this.options.root ? join(resolve(this.options.root), "package.json") : null, import.meta.url];
    for (const base of bases) {
      if (!base) continue;
      try {
        const req = createRequire(base);
        for (const entry of [`${pkg}/package.json`, pkg]) {
          try {
            let dir = dirname(req.resolve(entry));
            while (!existsSync(join(dir, "package.json")) && dirname(dir) !== dir) dir = dirname(dir);
            return dir;
          } catch {
            // try the next entry
          }
        }
      } catch {
        // not a resolvable base
      }
    }
    return null;
  }

  /** A Go module's folder: the pinned version in the module cache, another cached version, or a download. */
  private async goModule(source: GoModuleSource): Promise<string | null> {
    const caches = await this.goModuleCaches(false);
    const cached = findCachedModule(caches, source);
    if (cached) return cached;
    const more = await this.goModuleCaches(true);
    const again = findCachedModule(more, source);
    if (again) return again;
    if (!this.download) return null;
    try {
      const { stdout } = await run("go", ["mod", "download", "-json", `${source.module}@${source.version}`], {
        timeout: 180_000,
        cwd: tmpdir(),
        env: { ...process.env, GO111MODULE: "on" },
      });
      const dir = (JSON.parse(stdout) as { Dir?: string }).Dir;
      return dir && existsSync(dir) ? dir : null;
    } catch {
      return null;
    }
  }

  /** Module cache folders: from the environment, then (when `ask`) from `go env GOMODCACHE`. */
  private async goModuleCaches(ask: boolean): Promise<string[]> {
    const env = process.env;
    const list: string[] = [];
    const gopath = (env["GOPATH"] ?? "").split(delimiter).find(Boolean);
    list.push(env["GOMODCACHE"] || join(gopath ?? join(homedir(), "go"), "pkg", "mod"));
    if (!ask) return list.filter((d) => existsSync(d));
    this.goModCache ??= run("go", ["env", "GOMODCACHE"], { timeout: 30_000 })
      .then(({ stdout }) => [stdout.trim()].filter(Boolean))
      .catch(() => []);
    const fromGo = await this.goModCache;
    return [...new Set([...list, ...fromGo])].filter((d) => existsSync(d));
  }
}

/** The include folder of an installed protoc (`<prefix>/bin/protoc` → `<prefix>/include`), or a system one. */
function protocInclude(marker: string): string | null {
  const candidates: string[] = [];
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    if (!dir) continue;
    const bin = join(dir, process.platform === "win32" ? "protoc.exe" : "protoc");
    if (!existsSync(bin)) continue;
    try {
      candidates.push(join(dirname(dirname(realpathSync(bin))), "include"), join(dirname(dir), "include"));
    } catch {
      candidates.push(join(dirname(dir), "include"));
    }
  }
  candidates.push("/usr/include", "/usr/local/include", "/opt/homebrew/include");
  return candidates.find((d) => existsSync(join(d, marker))) ?? null;
}

/** Go's module cache escapes upper-case letters as `!` + lower case. */
function escapeModulePath(path: string): string {
  return path.replace(/[A-Z]/g, (c) => `!${c.toLowerCase()}`);
}

function findCachedModule(caches: string[], source: GoModuleSource): string | null {
  const escaped = escapeModulePath(source.module);
  for (const cache of caches) {
    const pinned = join(cache, `${escaped}@${source.version}`);
    if (existsSync(join(pinned, source.sub))) return pinned;
  }
  for (const cache of caches) {
    const parent = join(cache, dirname(escaped));
    const base = escaped.split("/").pop() ?? escaped;
    let names: string[];
    try {
      names = readdirSync(parent).filter((n) => n.startsWith(`${base}@v`));
    } catch {
      continue;
    }
    const best = names.sort(compareVersions).pop();
    if (best && existsSync(join(parent, best, source.sub))) return join(parent, best);
  }
  return null;
}

function basenameVersion(dir: string): string {
  return dir.slice(dir.lastIndexOf("@") + 1);
}

function compareVersions(a: string, b: string): number {
  const parse = (s: string) => (s.split("@v")[1] ?? "").split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  const x = parse(a);
  const y = parse(b);
  for (let i = 0; i < Math.max(x.length, y.length); i++) {
    const p = x[i];
    const q = y[i];
    if (p === q) continue;
    if (p === undefined) return 1;
    if (q === undefined) return -1;
    if (typeof p === "number" && typeof q === "number") return p - q;
    if (typeof p === "number") return 1;
    if (typeof q === "number") return -1;
    return p < q ? -1 : 1;
  }
  return 0;
}

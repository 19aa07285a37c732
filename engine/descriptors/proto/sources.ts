/**
 * Locating one declared source of an import set (import-sets.ts): the folder it names, when
 * that folder holds the set's marker file. Also the reader library's own fallback: protobufjs
 * ships reduced copies of a few well-known files, fine for reading, not for a compiler.
 */
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { delimiter, dirname, isAbsolute, join, resolve } from "node:path";
import { minimatch } from "minimatch";
import type { CommandOutput, ProtoImportConfig, ProtoImportSource } from "./import-sets.js";

export interface LocatedSource {
  dir: string;
  /** For messages: `npm <package>`, the command that named it, ... */
  label: string;
  partial: boolean;
}

export class SourceLocator {
  private readonly offline: boolean;

  constructor(
    private readonly root: string | undefined,
    private readonly config: ProtoImportConfig,
  ) {
    this.offline = config.offline === true || !!process.env["CODEGEN_PROTO_OFFLINE"];
  }

  /** The source's folder if `marker` (a path relative to it) is there; null otherwise. */
  async locate(source: ProtoImportSource, marker: string): Promise<LocatedSource | null> {
    const holds = (dir: string): boolean => existsSync(join(dir, marker));
    const found = (dir: string, label: string): LocatedSource => ({ dir, label, partial: source.partial });
    switch (source.kind) {
      case "dir": {
        const path = expandPath(source.path, this.root);
        const dir = path ? matchingFolders(path).find(holds) : undefined;
        return dir ? found(dir, `folder ${dir}`) : null;
      }
      case "npm": {
        const pkg = this.npmPackage(source.package);
        return pkg && holds(join(pkg, source.sub)) ? found(join(pkg, source.sub), `npm ${source.package}`) : null;
      }
      case "tool": {
        const dir = foldersBeside(source.program, source.sub).find(holds);
        return dir ? found(dir, `${source.program} (${dir})`) : null;
      }
      case "command": {
        if (!this.config.run || (source.downloads && this.offline)) return null;
        const label = source.run.join(" ");
        const inOutput = (out: CommandOutput | null): string | undefined => {
          const path = folderFrom(out?.stdout, source.json, source.sub);
          return path ? matchingFolders(path).find(holds) : undefined;
        };
        const first = await this.config.run(source.run, source.env, false);
        // A remembered answer may name a folder that has gone since (a cleaned cache): ask again.
        const dir =
          inOutput(first) ??
          (first?.cached ? inOutput(await this.config.run(source.run, source.env, true)) : undefined);
        return dir ? found(dir, label) : null;
      }
    }
  }

  /** The reader library's reduced copy of an import path, if it ships one. */
  readerCopy(importPath: string): LocatedSource | null {
    const dir = this.npmPackage("protobufjs");
    return dir && existsSync(join(dir, importPath)) ? { dir, label: "protobufjs (reduced copy)", partial: true } : null;
  }

  /** Package folder of an npm package, from the project root first, then from codegen itself. */
  private npmPackage(pkg: string): string | null {
    const bases = [this.root ? join(resolve(this.root), "package.json") : null, import.meta.url];
    for (const base of bases) {
      if (!base) continue;
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
    }
    return null;
  }
}

/** `${VAR}` from the environment (null when one is unset or empty), `~/` as home, relative to the project root. */
export function expandPath(template: string, root: string | undefined): string | null {
  let unset = false;
  let path = template.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = process.env[name];
    if (!value) unset = true;
    return value ?? "";
  });
  if (unset) return null;
  if (path === "~" || path.startsWith("~/")) path = join(homedir(), path.slice(1));
  return isAbsolute(path) ? path : resolve(root ?? process.cwd(), path);
}

/** Folders matching a path whose segments may hold `*` (for each such segment the highest version first). */
function matchingFolders(path: string): string[] {
  if (!path.includes("*")) return [path];
  const [first = "", ...rest] = path.split(/[\\/]/);
  let found = [first === "" ? "/" : first];
  for (const segment of rest) {
    if (!segment.includes("*")) {
      found = found.map((dir) => join(dir, segment));
      continue;
    }
    found = found.flatMap((dir) => {
      try {
        return readdirSync(dir)
          .filter((name) => minimatch(name, segment))
          .sort((a, b) => b.localeCompare(a, "en", { numeric: true }))
          .map((name) => join(dir, name));
      } catch {
        return [];
      }
    });
  }
  return found;
}

/** `sub` relative to each folder holding `program` on PATH, and to the folder of the file it links to. */
function foldersBeside(program: string, sub: string): string[] {
  const out: string[] = [];
  for (const dir of (process.env["PATH"] ?? "").split(delimiter)) {
    if (!dir) continue;
    const bin = join(dir, process.platform === "win32" ? `${program}.exe` : program);
    if (!existsSync(bin)) continue;
    try {
      out.push(join(dirname(realpathSync(bin)), sub));
    } catch {
      // a broken link: only its own folder
    }
    out.push(join(dir, sub));
  }
  return [...new Set(out)];
}

/** The folder a command's output names: the trimmed text, or a string field of its JSON. */
function folderFrom(stdout: string | undefined, field: string | null, sub: string): string | null {
  if (stdout === undefined) return null;
  let value: unknown = stdout.trim();
  if (field !== null) {
    try {
      value = (JSON.parse(stdout) as Record<string, unknown>)[field];
    } catch {
      return null;
    }
  }
  return typeof value === "string" && value !== "" && isAbsolute(value) ? join(value, sub) : null;
}

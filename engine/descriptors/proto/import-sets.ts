/**
 * Third-party import sets: groups of .proto files (google/api/..., a validation library, ...)
 * that a project imports but does not hold. The engine knows none of them: a template pack
 * declares each set (an import-path prefix, a marker file, an install hint) and where its files
 * may be found, in order (sources.ts locates one source).
 */

/** Where a set's folder may be: a path, an npm package, beside a program on PATH, or a command's output. */
export type ProtoImportSource =
  /** A folder path: `${VAR}` is an environment variable (the source is skipped when it is unset), a leading `~/` the home folder, `*` in a segment any name (the highest version wins). */
  | { kind: "dir"; path: string; partial: boolean }
  /** An npm package installed for the project or for codegen, plus a folder inside it. */
  | { kind: "npm"; package: string; sub: string; partial: boolean }
  /** A folder relative to the folder holding a program found on PATH (e.g. `../include`). */
  | { kind: "tool"; program: string; sub: string; partial: boolean }
  /**
   * A declared command (argv, no shell) whose standard output names a folder: the whole output
   * (trimmed), or one string field of the JSON it prints; `sub` is appended. `downloads` marks
   * a command that may fetch from the network: never run offline.
   */
  | {
      kind: "command";
      run: string[];
      json: string | null;
      sub: string;
      env: Record<string, string>;
      downloads: boolean;
      partial: boolean;
    };

export interface ProtoImportSet {
  id: string;
  title: string;
  /** Import-path prefix served (`google/api/`). */
  prefix: string;
  /** Leading part of the prefix that is not on disk under the folder found ("" for most sets). */
  strip: string;
  /** A file of the set (an import path) whose presence proves a folder holds it. */
  marker: string;
  /** How to install the set when no source has it. */
  hint: string;
  sources: ProtoImportSource[];
}

/** Output of a declared command, or null when it could not run or failed; `cached` when it came from an earlier run. */
export interface CommandOutput {
  stdout: string;
  cached: boolean;
}

/** Runs a declared command (the caller decides trust and caching); `fresh` asks for a real run, not a remembered one. */
export type ImportCommandRunner = (
  argv: string[],
  env: Record<string, string>,
  fresh: boolean,
) => Promise<CommandOutput | null>;

/** What the reader needs to find third-party imports. */
export interface ProtoImportConfig {
  /** Declared sets, in the order compiler include folders are given. */
  sets: ProtoImportSet[];
  /** Runs `command` sources; without it they are skipped. */
  run?: ImportCommandRunner;
  /** Never run commands marked `downloads` (CODEGEN_PROTO_OFFLINE=1 has the same effect). */
  offline?: boolean;
}

/** The declared set serving an import path, if any. */
export function setFor(sets: readonly ProtoImportSet[], importPath: string): ProtoImportSet | undefined {
  return sets.find((s) => importPath.startsWith(s.prefix));
}

/** The set's own hint, and the one way that works for every set. */
export function installHint(set: ProtoImportSet | undefined): string {
  const always = "add a folder holding it to CODEGEN_PROTO_PATH";
  return set?.hint ? `${set.hint}, or ${always}` : always;
}

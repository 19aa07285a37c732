/**
 * `codegen format [paths...]`: rewrite .api files in the canonical layout. Every file is read
 * and formatted before any is written; one that does not parse is a diagnostic and nothing is
 * written. A file is replaced whole (a new file renamed over it), never written through a link.
 */
import { readdirSync } from "node:fs";
import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { CONFIG_FILE, loadConfig } from "../../config/index.js";
import { CodegenError, diag, type Diagnostic } from "../../diagnostics/index.js";
import { findInputs, formatApiText } from "../../descriptors/index.js";
import { lstatOrNull, PathPolicy, readNoFollow, replaceFile, reservedPart } from "../../fs/index.js";
import { NestedProjects } from "../../project/index.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import { projectPack } from "../project-pack.js";
import { files, type Out } from "../report.js";

export interface FormatFlags extends GlobalFlags {
  /** Write nothing; list the files that would change. */
  check?: boolean;
}

interface Target {
  /** Root-relative posix path. */
  rel: string;
  /** As the user sees it: relative to the working folder. */
  shown: string;
}

/** Returns the exit code: 1 under --check when a file would change. */
export async function formatCommand(
  paths: string[],
  flags: FormatFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<number> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const root = config.root;
  const shown = (rel: string): string => relative(cwd, join(root, rel)).split(sep).join("/") || rel;
  let rels: string[];
  if (paths.length > 0) rels = namedFiles(paths, root, cwd, out);
  else {
    if (!config.inProject)
      throw new CodegenError(
        diag(
          "NOT_A_PROJECT",
          `no ${CONFIG_FILE} in ${cwd} or its parents`,
          undefined,
          "name the .api files or folders to format, or run codegen format in a project",
        ),
        2,
      );
    const { pack, config: withPack } = await projectPack(config);
    const glob = { ...pack.inputs, ...withPack.values.inputs }["api"];
    rels = glob ? await findInputs(root, glob, "the api input glob") : [];
  }
  const targets: Target[] = rels.map((rel) => ({ rel, shown: shown(rel) }));
  const policy = new PathPolicy(root);
  const diagnostics: Diagnostic[] = [];
  const changed: Array<Target & { before: Buffer; after: string; mode: number }> = [];
  for (const t of targets) {
    policy.check(t.rel, "codegen format would rewrite");
    // Like every write of codegen's: never in .git (git runs what its config and hooks name) or .codegen.
    const reserved = reservedPart(t.rel);
    if (reserved !== null)
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `codegen format would rewrite ${t.shown}, which lies in ${reserved}; codegen never writes there`,
          undefined,
          "format .api files outside version-control and .codegen folders",
        ),
      );
    const read = readNoFollow(join(root, t.rel));
    if (!read) throw new CodegenError(diag("DESC_NOT_FOUND", `${t.shown} does not exist`), 2);
    const invalid = firstInvalidUtf8(read.bytes);
    if (invalid) {
      diagnostics.push(
        diag(
          "API_ENCODING",
          `the file is not UTF-8 (byte 0x${invalid.byte.toString(16).padStart(2, "0")}); codegen format would change bytes it cannot read`,
          { file: t.shown, line: invalid.line, column: invalid.column },
          "save the file as UTF-8",
        ),
      );
      continue;
    }
    const before = read.bytes.toString("utf8");
    const result = await formatApiText(before, t.shown);
    if ("diagnostic" in result) diagnostics.push(result.diagnostic);
    else if (result.text !== before)
      changed.push({ ...t, before: read.bytes, after: result.text, mode: read.stats.mode & 0o7777 });
  }
  if (diagnostics.length > 0) throw new CodegenError(diagnostics);
  if (flags.check) {
    for (const c of changed) out.info(c.shown);
    if (changed.length === 0) return 0;
    out.error(
      `codegen: ${files(changed.length)} of ${targets.length} not formatted; codegen format rewrites ${changed.length === 1 ? "it" : "them"}`,
    );
    return 1;
  }
  for (const c of changed) {
    if (replace(join(root, c.rel), c.before, c.after, c.mode)) out.info(`formatted ${c.shown}`);
    else out.info(`skipped   ${c.shown} (it changed while codegen read it; run codegen format again)`);
  }
  out.info(
    `${files(targets.length)}: ${changed.length} formatted, ${targets.length - changed.length} already formatted`,
  );
  return 0;
}

/** The root-relative paths the user named: files as named, folders by their .api files. */
function namedFiles(paths: string[], root: string, cwd: string, out: Out): string[] {
  const found = new Set<string>();
  const nested = new NestedProjects(root);
  for (const p of paths) {
    const abs = resolve(cwd, p);
    const rel = relative(root, abs);
    if (rel === ".." || rel.startsWith(".." + sep) || isAbsolute(rel)) {
      throw new CodegenError(
        diag("DESC_OUTSIDE_PROJECT", `${p} is outside the project (${root}); nothing was read`),
        2,
      );
    }
    const stat = lstatOrNull(abs);
    if (!stat) throw new CodegenError(diag("DESC_NOT_FOUND", `${p} does not exist`), 2);
    const posix = rel.split(sep).join("/");
    if (!stat.isDirectory()) {
      found.add(posix);
      continue;
    }
    if (posix !== "") new PathPolicy(root).check(posix, "codegen format would read the folder");
    for (const e of readdirSync(abs, { recursive: true, withFileTypes: true })) {
      if (!e.name.endsWith(".api")) continue;
      const file = relative(root, join(e.parentPath, e.name)).split(sep).join("/");
      // Like gen's descriptor globs: no hidden folder, no nested project's file.
      if (file.split("/").some((part) => part.startsWith(".")) || nested.owner(file) !== null) continue;
      if (e.isSymbolicLink())
        out.info(
          `skipped   ${relative(cwd, join(root, file)).split(sep).join("/")} (a symbolic link; codegen never writes through links)`,
        );
      else if (e.isFile()) found.add(file);
    }
  }
  return [...found].sort();
}

/**
 * Where a file stops being UTF-8 (its first byte the decoder would replace by U+FFFD), or null.
 * Bytes before it decode and encode back unchanged, so the first difference is that byte.
 */
function firstInvalidUtf8(bytes: Buffer): { line: number; column: number; byte: number } | null {
  const again = Buffer.from(bytes.toString("utf8"), "utf8");
  if (again.equals(bytes)) return null;
  let at = 0;
  while (at < bytes.length && bytes[at] === again[at]) at++;
  // The sequence may have started before the byte that broke it (E2 82 41): back to its lead byte.
  let lead = at - 1;
  while (lead >= 0 && lead > at - 4 && (bytes[lead]! & 0xc0) === 0x80) lead--;
  const length = (b: number): number => (b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc0 ? 2 : 1);
  if (lead >= 0 && bytes[lead]! >= 0xc0 && lead + length(bytes[lead]!) > at) at = lead;
  const lineStart = bytes.lastIndexOf(0x0a, at - 1) + 1;
  const line = bytes.subarray(0, lineStart).filter((b) => b === 0x0a).length + 1;
  return { line, column: bytes.subarray(lineStart, at).toString("utf8").length + 1, byte: bytes[at]! };
}

/**
 * Replace the file by a new one renamed over it (a reader sees the old text or the new, never
 * part). false when its bytes are no longer those formatted.
 */
function replace(abs: string, before: Buffer, after: string, mode: number): boolean {
  const now = readNoFollow(abs);
  if (!now?.bytes.equals(before)) return false;
  replaceFile(abs, after, mode);
  return true;
}

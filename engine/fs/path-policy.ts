/**
 * The one path policy. A path that comes from a file (the journal, the ledger, stamps, a pack's
 * rules, a plan) is data: before codegen reads or writes through it, it must be relative, in
 * normal form, inside its root, and reach its file through real folders only. A symlink in any
 * component is refused, wherever it points: what a cloned project or a fetched pack links to is
 * not for them to choose. The root itself may lie under symlinks (the user chose it).
 */
import { closeSync, constants, fstatSync, lstatSync, openSync, readFileSync, type Stats } from "node:fs";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";

/**
 * No empty, `.` or `..` name (so no leading, trailing or doubled slash), no backslash, NUL or
 * drive letter: a relative path in normal form, never outside the folder it is joined to. One
 * regular expression: path.normalize costs about 10 µs a path while the process is cold.
 */
export function isPlainRelative(p: string): boolean {
  return p !== "" && !/(?:^|\/)\.{0,2}(?:\/|$)|[\\\0]|^[A-Za-z]:/.test(p);
}

/**
 * Folders that belong to a version-control system or to codegen's own state: a file there is
 * never codegen's output, whatever a plan, journal or ledger says. Git runs programs named in
 * `.git/config` and `.git/hooks`, so a path into it from a cloned journal or a fetched pack's
 * rule would run commands without consent. Compared without case: macOS and Windows file
 * systems take `.GIT` for `.git`.
 */
const RESERVED = new Set([".git", ".hg", ".svn", ".bzr", ".jj", ".codegen"]);

/** The first component of a relative path that names a reserved folder (or file: `.git` may be a gitdir pointer), else null. */
export function reservedPart(p: string): string | null {
  for (const part of p.split("/")) if (RESERVED.has(part.toLowerCase())) return part;
  return null;
}

/** What a path's components are on disk, told by lstat; `null` when every one is a real folder or absent. */
export interface LinkFound {
  /** The root-relative component that is a symlink (or, for a folder component, not a folder). */
  at: string;
  kind: "symlink" | "not a folder";
}

/**
 * Checks paths under one root, segment by segment with lstat. What each folder is, is
 * remembered for the life of the object (one run's checks, before anything is written), so a
 * thousand files in a hundred folders cost a hundred lstat calls.
 */
export class PathPolicy {
  private readonly folders = new Map<string, "folder" | "absent" | LinkFound["kind"]>();
  constructor(readonly root: string) {}

  /** The first component of `rel` (a plain relative path) that is a symlink, if any; the file itself included. */
  linkIn(rel: string): LinkFound | null {
    const folder = this.folderLinkIn(rel);
    if (folder !== undefined) return folder;
    return lstatOrNull(`${this.root}/${rel}`)?.isSymbolicLink() ? { at: rel, kind: "symlink" } : null;
  }

  /**
   * The first folder of `rel` that is a symlink or no folder; null when one is absent (nothing
   * below exists), undefined when all are real folders (then only the file itself is left to check).
   */
  folderLinkIn(rel: string): LinkFound | null | undefined {
    let end = rel.indexOf("/");
    while (end !== -1) {
      const folder = rel.slice(0, end);
      const kind = this.folderKind(folder);
      if (kind === "absent") return null;
      if (kind !== "folder") return { at: folder, kind };
      end = rel.indexOf("/", end + 1);
    }
    return undefined;
  }

  /**
   * Refuse `rel` unless it is plain, relative and reached through real folders only.
   * `what` says whose path it is ("gen would write", "the journal names", …).
   */
  check(rel: string, what: string, span?: SourceSpan): void {
    if (!isPlainRelative(rel))
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${what} ${JSON.stringify(rel)}, which is not a relative path inside ${this.rootName()}`,
          span,
        ),
      );
    const link = this.linkIn(rel);
    if (link)
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${what} ${rel}, but ${link.at} is ${link.kind === "symlink" ? "a symbolic link" : "not a folder"}; codegen never reads or writes through links`,
          span,
          link.kind === "symlink"
            ? `replace ${link.at} with a real ${link.at === rel ? "file" : "folder"}, or move it out of the way`
            : undefined,
        ),
      );
  }

  /** Forget what was learnt of `rel`'s folders (after codegen made or removed some). */
  forget(): void {
    this.folders.clear();
  }

  private folderKind(folder: string): "folder" | "absent" | LinkFound["kind"] {
    let kind = this.folders.get(folder);
    if (kind === undefined) {
      const s = lstatOrNull(`${this.root}/${folder}`);
      kind = !s ? "absent" : s.isSymbolicLink() ? "symlink" : s.isDirectory() ? "folder" : "not a folder";
      this.folders.set(folder, kind);
    }
    return kind;
  }

  private rootName(): string {
    return this.root;
  }
}

/** A file's bytes and stats, opened without following a symlink at its last component; null when absent. */
export function readNoFollow(abs: string): { bytes: Buffer; stats: Stats } | null {
  let fd: number;
  try {
    fd = openSync(abs, constants.O_RDONLY | constants.O_NOFOLLOW);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") return null;
    if (code === "ELOOP") throw new LinkRefused(abs);
    throw e;
  }
  try {
    const stats = fstatSync(fd);
    if (stats.isDirectory())
      throw Object.assign(new Error(`EISDIR: illegal operation on a directory, read '${abs}'`), { code: "EISDIR" });
    return { bytes: readFileSync(fd), stats };
  } finally {
    closeSync(fd);
  }
}

/** Thrown by readNoFollow for a symlink: callers turn it into a diagnostic naming their file. */
export class LinkRefused extends Error {
  constructor(readonly path: string) {
    super(`${path} is a symbolic link`);
  }
}

export function lstatOrNull(abs: string): Stats | null {
  try {
    return lstatSync(abs, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null; // ENOTDIR: a parent is a file
  }
}

/**
 * A file `rel` under `root` (a pack's folder, say), read through real folders only and never
 * through a link; null when absent. A link anywhere on the way throws LinkRefused naming it.
 */
export function readInside(root: string, rel: string): Buffer | null {
  if (!isPlainRelative(rel)) return null;
  const link = new PathPolicy(root).linkIn(rel);
  if (link?.kind === "symlink") throw new LinkRefused(`${root}/${link.at}`);
  if (link) return null;
  return readNoFollow(`${root}/${rel}`)?.bytes ?? null;
}

/** The project's current files as the writer sees them: read once each, hashed on demand. */
import { statSync, type Stats } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, PathPolicy, readNoFollow } from "../fs/index.js";

export function sha256(bytes: Buffer): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * What identifies a file's state without reading it: device, inode, size, and modification and
 * change times (milliseconds with their fraction). Any write, rename or chmod changes the change
 * time. (Stats with bigint fields, exact to the nanosecond, cost twice as much to make.)
 */
export function statStamp(s: Stats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
}

/** The change time in a stamp (statStamp). */
export function stampChangeTime(stamp: string): number {
  return Number(stamp.split(":")[4]);
}

/** The stamp of what is at `path` now (a folder's too), or null when nothing is or a parent became a file. */
export function pathStamp(path: string): string | null {
  try {
    const s = statSync(path, { throwIfNoEntry: false });
    return s ? statStamp(s) : null;
  } catch {
    return null; // ENOTDIR
  }
}

export class ProjectFiles {
  private readonly bytes = new Map<string, Buffer | null>();
  private readonly hashes = new Map<string, string | null>();
  /** Each file read: its stamp taken from the same open file as its bytes, or null when absent. */
  readonly stamps = new Map<string, string | null>();
  /** Every file is read through real folders, and never through a link (a user's `etc.yaml -> ~/secret.yaml`). */
  readonly policy: PathPolicy;
  constructor(readonly root: string) {
    this.policy = new PathPolicy(root);
  }

  /** A root-relative file's bytes, or null when there is none. */
  read(rel: string): Buffer | null {
    if (this.bytes.has(rel)) return this.bytes.get(rel) ?? null;
    let value: Buffer | null = null;
    let stamp: string | null = null;
    const folder = (): CodegenError =>
      new CodegenError(diag("WRITE_FAILED", `${rel} is a folder, but a file is planned there; nothing was written`));
    const link = (at: string): CodegenError =>
      new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${at === rel ? rel : `${rel} is under ${at}, which`} is a symbolic link; codegen never reads, merges or replaces a file through a link; nothing was written`,
          undefined,
          `replace ${at} with a real ${at === rel ? "file" : "folder"} (or remove it) and run again`,
        ),
      );
    const through = this.policy.folderLinkIn(rel);
    if (through?.kind === "symlink") throw link(through.at);
    try {
      // Under a missing folder, or a file where a folder would be: no file.
      const read = through !== undefined ? null : readNoFollow(join(this.root, rel));
      if (read) {
        stamp = statStamp(read.stats);
        value = read.bytes;
      }
    } catch (e) {
      if (e instanceof LinkRefused) throw link(rel);
      if ((e as NodeJS.ErrnoException).code === "EISDIR") throw folder();
      throw e;
    }
    this.bytes.set(rel, value);
    this.stamps.set(rel, stamp);
    return value;
  }

  hash(rel: string): string | null {
    if (this.hashes.has(rel)) return this.hashes.get(rel) ?? null;
    const bytes = this.read(rel);
    const value = bytes ? sha256(bytes) : null;
    this.hashes.set(rel, value);
    return value;
  }
}

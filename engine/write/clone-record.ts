/**
 * What codegen wrote in this clone. The ledger is committed and anyone may edit it, so an entry
 * is a claim; this record is the user's own: per project real path, every file codegen wrote
 * (or found holding exactly the bytes it planned), with the SHA-256 of those bytes. It lives in
 * the user's cache (`clones/`), never in the project, and decides with the pack's markers what
 * gen may remove or move (decide.ts). Lost (a cleared cache, a fresh clone), it only makes gen
 * keep more: an unmarked file no longer generated is kept and listed instead of removed.
 */
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { cacheDir } from "../cache/index.js";

export class CloneRecord {
  private changed = false;

  private constructor(
    private readonly file: string,
    private readonly root: string,
    private readonly files: Map<string, string>,
  ) {}

  /** The record of the project at `root` (its real path); empty when there is none or it is unreadable. */
  static read(root: string): CloneRecord {
    const file = recordFile(root);
    const files = new Map<string, string>();
    try {
      const doc = JSON.parse(readFileSync(file, "utf8")) as { root?: unknown; files?: unknown } | null;
      if (doc?.root === root && doc.files && typeof doc.files === "object" && !Array.isArray(doc.files)) {
        for (const [p, h] of Object.entries(doc.files)) if (typeof h === "string") files.set(p, h);
      }
    } catch {
      // Absent or unreadable: nothing is vouched for.
    }
    return new CloneRecord(file, root, files);
  }

  /** The SHA-256 of the bytes codegen last wrote at `path` in this clone, if it did. */
  hash(path: string): string | undefined {
    return this.files.get(path);
  }

  /** Write `files` as the whole record of `root`. */
  static replace(root: string, files: ReadonlyMap<string, string>): void {
    const record = new CloneRecord(recordFile(root), root, new Map(files));
    record.changed = true;
    record.save();
  }

  /** Every path with its hash. */
  entries(): ReadonlyMap<string, string> {
    return this.files;
  }

  /** After a run: the bytes codegen wrote or confirmed, and the paths it removed or moved away from. */
  update(vouched: ReadonlyMap<string, string>, gone: Iterable<string>): void {
    for (const [p, h] of vouched) {
      if (this.files.get(p) === h) continue;
      this.files.set(p, h);
      this.changed = true;
    }
    for (const p of gone) if (!vouched.has(p) && this.files.delete(p)) this.changed = true;
  }

  /** Write the record when it changed; a cache that cannot be written only makes later runs keep more. */
  save(): void {
    if (!this.changed) return;
    const sorted = Object.fromEntries([...this.files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    try {
      mkdirSync(dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ root: this.root, files: sorted }) + "\n");
      renameSync(tmp, this.file);
      this.changed = false;
    } catch {
      // See above.
    }
  }
}

/** A project made in a scratch folder and renamed into place (`new`) keeps what codegen wrote there. */
export function moveCloneRecord(from: string, to: string): void {
  const record = CloneRecord.read(from);
  if (record.entries().size > 0) CloneRecord.replace(to, record.entries());
  rmSync(recordFile(from), { force: true });
}

function recordFile(root: string): string {
  return cacheDir("clones", `${createHash("sha256").update(root).digest("hex").slice(0, 32)}.json`);
}

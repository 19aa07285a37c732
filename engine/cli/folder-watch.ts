/**
 * Folders watched with one non-recursive watch each, their subfolders followed as they come and
 * go. Node 20's recursive watch on Linux watches every file by its inode, so it stops reporting a
 * file an editor replaced by renaming a new one over it (a "safe save"), and it watches every file
 * of the tree; a folder's own watch reports each name that changes in it, whatever the inode.
 */
import { lstatSync, readdirSync, watch, type FSWatcher } from "node:fs";
import { join } from "node:path";

export class FolderWatch {
  private readonly watchers = new Map<string, FSWatcher>();
  private readonly deep = new Set<string>();

  constructor(
    private readonly root: string,
    /** Told of every root-relative path that changed (a file, or a folder that came or went). */
    private readonly onPath: (rel: string) => void,
    private readonly onError: (error: Error) => void,
    /** Folders never watched (codegen's state, version control, dependencies). */
    private readonly skip: (rel: string) => boolean,
  ) {}

  /** Watch the folder `rel` ("" for the root) and, when `deep`, every folder below it. */
  add(rel: string, deep: boolean): void {
    if (this.watchers.has(rel) || (rel !== "" && this.skip(rel))) return;
    const abs = this.abs(rel);
    let watcher: FSWatcher;
    try {
      watcher = watch(abs, (_event, name) => this.changed(rel, name === null ? null : String(name)));
    } catch {
      return; // not a folder (any more)
    }
    watcher.on("error", (e) => {
      this.drop(rel);
      if (isFolder(abs)) this.onError(e);
    });
    this.watchers.set(rel, watcher);
    if (!deep) return;
    this.deep.add(rel);
    for (const name of subfolders(abs)) this.add(this.child(rel, name), true);
  }

  /** Watch `rel` and everything below it afresh (it may have been removed and made again). */
  renew(rel: string): void {
    this.drop(rel);
    this.add(rel, true);
  }

  close(): void {
    for (const w of this.watchers.values()) w.close();
    this.watchers.clear();
    this.deep.clear();
  }

  private changed(folder: string, name: string | null): void {
    if (name === null) return this.onPath(folder);
    const rel = this.child(folder, name);
    if (this.deep.has(folder) && isFolder(this.abs(rel))) {
      // A folder made (or made again) here: watched afresh, and its files, which may have been
      // written before its watch began, reported.
      this.drop(rel);
      this.add(rel, true);
      for (const file of filesUnder(this.abs(rel))) this.onPath(`${rel}/${file}`);
    }
    this.onPath(rel);
  }

  private drop(rel: string): void {
    for (const [folder, w] of this.watchers) {
      if (folder === rel || folder.startsWith(`${rel}/`)) {
        w.close();
        this.watchers.delete(folder);
        this.deep.delete(folder);
      }
    }
  }

  private abs(rel: string): string {
    return rel === "" ? this.root : join(this.root, rel);
  }

  private child(folder: string, name: string): string {
    return folder === "" ? name : `${folder}/${name}`;
  }
}

/** A folder itself, not a link to one (a link may lead out of the project). */
function isFolder(path: string): boolean {
  return lstatSync(path, { throwIfNoEntry: false })?.isDirectory() ?? false;
}

function subfolders(path: string): string[] {
  try {
    return readdirSync(path, { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

function filesUnder(path: string): string[] {
  try {
    return readdirSync(path, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile())
      .map((e) =>
        join(e.parentPath, e.name)
          .slice(path.length + 1)
          .split("\\")
          .join("/"),
      );
  } catch {
    return [];
  }
}

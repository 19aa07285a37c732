/**
 * What a project is on disk: the folder of the nearest `.codegen.yaml`, found upward from the
 * working directory as git finds `.git`. A folder below the root holding its own `.codegen.yaml`
 * is another project (a plugin, a vendored example): nothing reads or writes inside it.
 */
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { CONFIG_FILE } from "./config-file.js";

export { CONFIG_FILE } from "./config-file.js";

/** The project root for a working directory, or null outside any project. */
export function findProjectRoot(cwd: string): string | null {
  for (let at = resolve(cwd); ; at = dirname(at)) {
    if (existsSync(join(at, CONFIG_FILE))) return at;
    if (dirname(at) === at) return null;
  }
}

/** Answers "is this root-relative path inside a nested project?", remembering each folder. */
export class NestedProjects {
  private readonly known = new Map<string, boolean>();
  /** Folder → the nested project holding it: a thousand files sit in about a hundred folders. */
  private readonly owners = new Map<string, string | null>();
  constructor(private readonly root: string) {}

  /** The nested project folder (root-relative) holding `rel`, or null. */
  owner(rel: string): string | null {
    const folder = rel.slice(0, Math.max(0, rel.lastIndexOf("/")));
    let found = this.owners.get(folder);
    if (found === undefined) {
      found = this.folderOwner(folder);
      this.owners.set(folder, found);
    }
    return found;
  }

  private folderOwner(folder: string): string | null {
    if (folder === "") return null;
    const parts = folder.split("/");
    for (let i = 1; i <= parts.length; i++) {
      const dir = parts.slice(0, i).join("/");
      let has = this.known.get(dir);
      if (has === undefined) {
        has = existsSync(join(this.root, dir, CONFIG_FILE));
        this.known.set(dir, has);
      }
      if (has) return dir;
    }
    return null;
  }
}

export { DEFAULT_PLUGINS_DIR, discoverPlugins, readPlugins, type PluginInfo } from "./plugins.js";

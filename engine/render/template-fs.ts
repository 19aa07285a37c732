/**
 * The file access Liquid does to find templates, remembered for one run. Every `{% render %}`
 * looks its partial up again: for each template folder two realpath calls and a stat, thousands
 * on a large project, though templates do not change while a run renders them. Unlike Liquid's
 * own, a name that is no template is not looked up among Node modules.
 */
import { realpathSync, statSync } from "node:fs";
import { dirname, extname, resolve, sep } from "node:path";
import type { FS } from "liquidjs";
import { layersOf, readPackText } from "../fs/index.js";

function missing(p: string): never {
  throw Object.assign(new Error(`ENOENT: no such file or directory, open '${p}'`), { code: "ENOENT" });
}

/** Liquid's file access for the templates under `templateDirs` (each a pack layer's templates/ folder). */
export function templateFs(templateDirs: readonly string[]): FS {
  const layers = layersOf(templateDirs);
  const exists = new Map<string, boolean>();
  const real = new Map<string, string | null>();
  const texts = new Map<string, string>();
  const realpath = (p: string): string | null => {
    let r = real.get(p);
    if (r === undefined) {
      try {
        r = realpathSync(p);
      } catch {
        r = null;
      }
      real.set(p, r);
    }
    return r;
  };
  const existsSync = (p: string): boolean => {
    let e = exists.get(p);
    if (e === undefined) {
      try {
        e = statSync(p).isFile();
      } catch {
        e = false;
      }
      exists.set(p, e);
    }
    return e;
  };
  const containsSync = (root: string, file: string): boolean => {
    const realRoot = realpath(root);
    const realFile = realpath(file);
    if (realRoot === null || realFile === null) return false;
    return realFile.startsWith(realRoot.endsWith(sep) ? realRoot : realRoot + sep);
  };
  const read = (p: string): string => {
    let t = texts.get(p);
    // A template or partial is never read through a link (a fetched pack's `templates/x.liquid -> ~/.ssh/id_rsa`).
    if (t === undefined) texts.set(p, (t = readPackText(layers, p) ?? missing(p)));
    return t;
  };
  return {
    existsSync,
    exists: async (p: string) => existsSync(p),
    containsSync,
    contains: async (root: string, file: string) => containsSync(root, file),
    readFileSync: read,
    readFile: async (p: string) => read(p),
    resolve: (root: string, file: string, ext: string) => resolve(root, extname(file) ? file : file + ext),
    dirname,
    sep,
  };
}

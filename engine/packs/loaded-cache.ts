/**
 * Loaded packs are remembered: a pack is a few dozen YAML files and templates that are read and
 * validated on every run, yet change only when someone edits them. An entry is used only while
 * every layer of the chain has the same files (paths, sizes, modification times) as when it was
 * stored, and only for packs on disk: a fetched pack's version is decided by resolving its source.
 */
import { join } from "node:path";
import { cacheDir, keep, memoKey, recall, treeIdentity, treeState } from "../cache/index.js";
import type { Pack } from "./types.js";
import { packageRoot } from "../cache/index.js";

/** What a loaded pack depends on besides its own files: codegen itself and the schemas it validates with. */
const schemasDir = join(packageRoot, "schemas");

/** Modification times are coarse on some file systems: a change this close to a read is not trusted. */
const RACY_MS = 2000;

interface Entry {
  layers: Array<{ dir: string; identity: string }>;
  pack: Pack;
}

/**
 * A built-in pack is the same whichever project loads it (its paths are shown relative to the
 * packs folder), so every project shares its entry; another pack depends on where it is
 * resolved from and how its paths are shown.
 */
export function packKey(source: string, base: string, builtin: boolean): string {
  return memoKey("pack-cache", [
    ...(builtin ? ["builtin", source] : [source, base, process.cwd()]),
    treeIdentity(schemasDir),
  ]);
}

/** Each layer's identity as found when its pack came from the cache: the generation key reuses it. */
const checkedLayers = new WeakMap<Pack, Map<string, string>>();

export function cachedPack(key: string): Pack | null {
  const raw = recall("pack-cache", key);
  if (!raw) return null;
  try {
    const entry = JSON.parse(raw.toString("utf8")) as Entry;
    if (!entry.layers.every((l) => treeIdentity(l.dir) === l.identity)) return null;
    checkedLayers.set(entry.pack, new Map(entry.layers.map((l) => [l.dir, l.identity])));
    return entry.pack;
  } catch {
    return null;
  }
}

/** A layer's tree identity: the one its pack was checked with when it came from the cache, else read now. */
export function layerIdentity(pack: Pack, layer: string): string {
  return checkedLayers.get(pack)?.get(layer) ?? treeIdentity(layer);
}

/**
 * `loadStarted`: when reading the pack began. A file changed since shortly before then may have
 * been read before or after its change, so such a pack is not kept (the next run keeps it).
 */
export function storePack(key: string, pack: Pack, loadStarted: number): void {
  const fetched = cacheDir("packs");
  if (pack.layers.some((l) => l.startsWith(fetched))) return;
  const layers = pack.layers.map((dir) => ({ dir, ...treeState(dir) }));
  if (layers.some((l) => l.newest >= loadStarted - RACY_MS)) return;
  const entry: Entry = { layers: layers.map(({ dir, identity }) => ({ dir, identity })), pack };
  keep("pack-cache", key, Buffer.from(JSON.stringify(entry)));
}

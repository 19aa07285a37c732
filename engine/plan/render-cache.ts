/**
 * Rendered files remembered between runs. A template that never names the whole IR (`ir`), in
 * its own text or in any partial it renders or includes, gives bytes that depend only on the
 * rule, the path, the item, the view data, the project and the config: after a one-file edit the
 * files of every other item come from here instead of being rendered again. One bundle per
 * project state holds the run's files (one read, one write), replaced when anything changed.
 */
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { KeptBundle, treeIdentity } from "../cache/index.js";
import { layersOf, readPackText } from "../fs/index.js";
import { JsonTextMemo } from "./json-text-memo.js";

const sha = (text: string): string => createHash("sha256").update(text).digest("hex");

export class RenderCache {
  private readonly kept: KeptBundle;
  private readonly readsIr = new Map<string, boolean>();

  constructor(
    private readonly templateDirs: string[],
    context: { project: object; config: object },
    private readonly json: JsonTextMemo = new JsonTextMemo(),
  ) {
    this.kept = new KeptBundle("render-cache", [
      ...templateDirs.flatMap((d) => [d, treeIdentity(d)]),
      JSON.stringify(context.project),
      JSON.stringify(context.config),
    ]);
  }

  /** The key of a file, or null when its template reads the whole IR (it is then always rendered). */
  key(
    template: string,
    parts: { rule: string; as: string; path: string; item: unknown; data: unknown },
  ): string | null {
    if (this.templateReadsIr(template)) return null;
    try {
      return sha(
        `${JSON.stringify([template, parts.rule, parts.as, parts.path])}\0${this.json.of(parts.item)}\0${this.json.of(parts.data)}`,
      );
    } catch {
      // Data JSON cannot hold (a function from a view): rendered every time.
      return null;
    }
  }

  get(key: string): Buffer | null {
    return this.kept.get(key);
  }

  put(key: string, bytes: Buffer): void {
    this.kept.put(key, bytes);
  }

  save(): void {
    this.kept.save();
  }

  /** Whether the template or any partial it reaches names `ir` (or renders a partial by variable). */
  private templateReadsIr(name: string): boolean {
    const known = this.readsIr.get(name);
    if (known !== undefined) return known;
    const pending = [name];
    const seen = new Set<string>();
    let reads = false;
    while (pending.length > 0 && !reads) {
      const next = pending.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      const file = this.templateDirs
        .map((d) => join(d, next.endsWith(".liquid") ? next : `${next}.liquid`))
        .find((f) => existsSync(f));
      // A template it cannot find is one it cannot vouch for.
      if (!file) reads = true;
      else {
        const text = readPackText(layersOf(this.templateDirs), file) ?? "";
        // Partials named by a variable, relative to this file, or inside a {% liquid %} block are not followed.
        reads =
          /\bir\b/.test(text) ||
          /\{%-?\s*(?:render|include|layout)\s+[^"'\s]/.test(text) ||
          /\{%-?\s*liquid\b/.test(text);
        for (const m of text.matchAll(/\{%-?\s*(?:render|include|layout)\s+(["'])([^"']+)\1/g)) {
          if (m[2]!.startsWith(".")) reads = true;
          pending.push(m[2]!);
        }
      }
    }
    this.readsIr.set(name, reads);
    return reads;
  }
}

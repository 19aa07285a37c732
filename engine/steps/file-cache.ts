/**
 * Outputs of a per-file step (a formatter), remembered by the digest of each input. One index
 * per step invocation (a memo entry keyed by the step's arguments and program) maps input
 * digests to output keys ("=" when the step left the file as it was, the usual case for a
 * formatter); only outputs that differ are kept, as entries of their own. A cold run of a
 * thousand files thus writes one index and a handful of entries instead of a thousand files.
 */
import { createHash } from "node:crypto";
import { keep, memoKey, recall } from "../cache/index.js";

/** Oldest entries are dropped beyond this many (a few MB of index). */
const MAX_ENTRIES = 50_000;
const SAME = "=";

const digest = (bytes: Buffer): string => createHash("sha256").update(bytes).digest("hex");

export class FileStepCache {
  private readonly key: string;
  private readonly entries = new Map<string, string>();
  private readonly added = new Map<string, string>();
  private readonly hits = new Set<string>();

  /** `identity`: the step's arguments and the identity of the program it runs. */
  constructor(identity: string) {
    this.key = memoKey("step-cache", [identity]);
    const text = recall("step-cache", this.key)?.toString("utf8") ?? "";
    for (const line of text.split("\n")) {
      const space = line.indexOf(" ");
      if (space === 64) this.entries.set(line.slice(0, 64), line.slice(65));
    }
  }

  /** The step's output for these input bytes, or null when it must run. */
  lookup(input: Buffer): Buffer | null {
    const key = digest(input);
    const out = this.entries.get(key);
    if (out === undefined) return null;
    this.hits.add(key);
    return out === SAME ? input : recall("step-cache", out);
  }

  remember(input: Buffer, output: Buffer): void {
    const key = digest(input);
    if (input.equals(output)) this.added.set(key, SAME);
    else {
      const out = memoKey("step-cache", [output]);
      keep("step-cache", out, output);
      this.added.set(key, out);
    }
  }

  /** Write the index with what this run added (last writer wins; a lost entry only costs speed). */
  save(): void {
    if (this.added.size === 0) return;
    // Entries used now move to the end with the new ones: the oldest unused go first.
    for (const k of this.hits) this.added.set(k, this.entries.get(k)!);
    for (const [k, v] of this.added) {
      this.entries.delete(k);
      this.entries.set(k, v);
    }
    keep(
      "step-cache",
      this.key,
      Buffer.from(
        [...this.entries]
          .slice(-MAX_ENTRIES)
          .map(([k, v]) => `${k} ${v}\n`)
          .join(""),
      ),
    );
  }
}

import { packBundle, unpackBundle } from "./bundle.js";
import { keep, memoKey, recall, type KeyPart } from "./memo.js";
import type { Mechanism } from "./switches.js";

interface Header {
  keys: string[];
  lengths: number[];
}

/**
 * Entries kept between runs in one memo entry (one read, one write): read once, and written
 * back with only the entries this run used (so it never grows past one project's), when
 * anything changed. `parts`: what every entry in it depends on (memoKey).
 */
export class KeptBundle {
  private readonly key: string;
  private readonly known = new Map<string, Buffer>();
  private readonly used = new Map<string, Buffer>();
  private changed = false;

  constructor(
    private readonly kind: Mechanism,
    parts: readonly KeyPart[],
  ) {
    this.key = memoKey(kind, parts);
    const raw = recall(kind, this.key);
    const bundle = raw ? unpackBundle<Header>(raw) : null;
    if (bundle && bundle.header.keys.length === bundle.parts.length)
      bundle.header.keys.forEach((k, i) => this.known.set(k, bundle.parts[i]!));
  }

  get(key: string): Buffer | null {
    const hit = this.known.get(key) ?? null;
    if (hit) this.used.set(key, hit);
    return hit;
  }

  put(key: string, bytes: Buffer): void {
    this.used.set(key, bytes);
    this.changed = true;
  }

  save(): void {
    if (!this.changed && this.used.size === this.known.size) return;
    const keys = [...this.used.keys()];
    keep(
      this.kind,
      this.key,
      packBundle<Header>(
        { keys },
        keys.map((k) => this.used.get(k)!),
      ),
    );
  }
}

/**
 * Which keys of a MySQL/MariaDB table survive: every foreign key brings an index of its own
 * (a "generated" key), dropped again when its columns are a prefix of another key's, of a later
 * generated key too. The rule, in declaration order: for each key `a` and each earlier key `b`
 * still alive, `b` dies when it is generated and its columns are a prefix of `a`'s; otherwise
 * `a` dies (and stops looking) when it is generated and its columns are a prefix of `b`'s.
 *
 * Comparing every pair took a minute for 20,000 keys. Here each key's columns are a path in a
 * tree of column lists (a prefix is an ancestor): the generated keys that `a` kills sit at the
 * nodes of its path, and the key that kills `a` is the first one alive through `a`'s node. Every
 * key is listed at each node of its path once and leaves a list at most once: linear in the
 * total number of key columns. Internal to the SQL reader.
 */

export interface KeyLike {
  columns: string[];
  /** A foreign key's own index. */
  generated: boolean;
}

/** A list of key positions in declaration order; those before `head` are gone. */
interface Queue {
  items: number[];
  head: number;
}

/** Whether each key survives, by position. */
export function survivingKeys(keys: readonly KeyLike[]): boolean[] {
  const alive = keys.map(() => true);
  const children = new Map<string, number>();
  let nodes = 1; // node 0: no columns
  /** The nodes of a key's path, from the empty list to its full list of columns. */
  const pathOf = (columns: string[]): number[] => {
    const path = [0];
    for (const column of columns) {
      const edge = `${path[path.length - 1]}\u0000${column}`;
      let node = children.get(edge);
      if (node === undefined) children.set(edge, (node = nodes++));
      path.push(node);
    }
    return path;
  };
  const queue = (map: Map<number, Queue>, node: number): Queue => {
    let q = map.get(node);
    if (!q) map.set(node, (q = { items: [], head: 0 }));
    return q;
  };
  /** Keys alive so far whose columns extend a node's (its path passes through it). */
  const through = new Map<number, Queue>();
  /** Generated keys alive so far whose columns are exactly a node's. */
  const generatedAt = new Map<number, Queue>();
  const ends: number[] = [];

  for (let i = 0; i < keys.length; i++) {
    const a = keys[i]!;
    const path = pathOf(a.columns);
    const node = path[path.length - 1]!;
    ends.push(node);
    // The key that ends `a`: the first alive whose columns extend `a`'s, but for a generated key
    // of the very same columns (`a` ends that one instead). Only a generated key can be ended.
    let killer = Infinity;
    if (a.generated) {
      const q = through.get(node);
      if (q) {
        for (let k = q.head; k < q.items.length; k++) {
          const j = q.items[k]!;
          if (alive[j] && !(keys[j]!.generated && ends[j] === node)) {
            killer = j;
            break;
          }
        }
      }
    }
    // Generated keys whose columns are a prefix of `a`'s, declared before the killer, end.
    for (const at of path) {
      const q = generatedAt.get(at);
      if (!q) continue;
      while (q.head < q.items.length && (!alive[q.items[q.head]!] || q.items[q.head]! < killer))
        alive[q.items[q.head++]!] = false;
    }
    // Every key listed before the killer at `a`'s node is gone now: later searches start there.
    const q = through.get(node);
    if (q && a.generated) while (q.head < q.items.length && !alive[q.items[q.head]!]) q.head++;
    if (killer !== Infinity) {
      alive[i] = false;
      continue;
    }
    for (const at of path) queue(through, at).items.push(i);
    if (a.generated) queue(generatedAt, node).items.push(i);
  }
  return alive;
}

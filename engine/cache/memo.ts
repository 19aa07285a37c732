/**
 * The one memo every result kept between runs goes through. A result's key is memoKey: the
 * mechanism that keeps it, codegen's identity and what it was computed from; the generation key
 * of a whole gen (generation-key.ts) is one too, so the project's record of "nothing changed"
 * (write/snapshot.ts) checks a gen by deriving its key again, never by a list of its own. A
 * mechanism switched off (CODEGEN_NO, switches.ts) recalls nothing and keeps nothing.
 */
import { createHash } from "node:crypto";
import { engineIdentity } from "./engine-identity.js";
import { readCached, writeCached } from "./store.js";
import { switchedOff, type Mechanism } from "./switches.js";

/** What a result is computed from: texts or bytes (a value is given as its JSON text). */
export type KeyPart = string | Buffer;

/** The key of a result `kind` computes from `parts`: every part length-prefixed, so no two lists of parts run together. */
export function memoKey(kind: Mechanism, parts: readonly KeyPart[]): string {
  const hash = createHash("sha256").update(`${kind}\0${engineIdentity()}`);
  for (const p of parts) hash.update(`\0${typeof p === "string" ? Buffer.byteLength(p) : p.length}\0`).update(p);
  return hash.digest("hex");
}

/** The bytes kept under a key, or null (not kept, or the mechanism is off). */
export function recall(kind: Mechanism, key: string): Buffer | null {
  return switchedOff(kind) ? null : readCached(key);
}

/** Keep bytes under a key; a cache that cannot be written only costs speed. */
export function keep(kind: Mechanism, key: string, bytes: Buffer): void {
  if (!switchedOff(kind)) writeCached(key, bytes);
}

/** How a value is kept: `encode` gives null for a value not to keep; `decode` may throw on a damaged entry. */
export interface Codec<T> {
  encode(value: T): Buffer | null;
  decode(bytes: Buffer): T;
}

/** compute()'s value, recalled when kept under memoKey(kind, parts), else computed and kept. */
export function memoized<T>(kind: Mechanism, parts: readonly KeyPart[], compute: () => T, codec: Codec<T>): T {
  if (switchedOff(kind)) return compute();
  const key = memoKey(kind, parts);
  const hit = recalled(kind, key, codec);
  if (hit) return hit.value;
  const value = compute();
  const bytes = codec.encode(value);
  if (bytes) keep(kind, key, bytes);
  return value;
}

function recalled<T>(kind: Mechanism, key: string, codec: Codec<T>): { value: T } | null {
  const bytes = recall(kind, key);
  if (!bytes) return null;
  try {
    return { value: codec.decode(bytes) };
  } catch {
    return null; // a damaged entry is computed again
  }
}

/** How a step's file list is split into runs, so that no command line is too long or too slow alone. */
import { availableParallelism } from "node:os";
import { switchedOff } from "../cache/index.js";

/**
 * Bytes of file arguments in one run. Linux allows about 2 MB for a program's arguments and
 * environment together (and a large environment leaves less): a 150k-route project's files on
 * one command line failed with E2BIG.
 */
export const ARGV_BYTES = 256 * 1024;

/** Files split into one batch per available core (at least 100 files each, so small runs stay one process). */
export function inBatches(files: string[], maxBytes = ARGV_BYTES): string[][] {
  const count = switchedOff("step-batches")
    ? 1
    : Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / 100)));
  const size = Math.ceil(files.length / count);
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += size) batches.push(...bySize(files.slice(i, i + size), maxBytes));
  return batches.length > 0 ? batches : [files];
}

/** Files split, in order, into runs whose arguments take at most `maxBytes` (each file at least alone). */
export function bySize(files: string[], maxBytes = ARGV_BYTES): string[][] {
  const batches: string[][] = [];
  let current: string[] = [];
  let bytes = 0;
  for (const f of files) {
    // An argument takes its UTF-8 bytes, its terminating NUL and a pointer.
    const cost = Buffer.byteLength(f) + 1 + 8;
    if (current.length > 0 && bytes + cost > maxBytes) {
      batches.push(current);
      current = [];
      bytes = 0;
    }
    current.push(f);
    bytes += cost;
  }
  if (current.length > 0 || batches.length === 0) batches.push(current);
  return batches;
}

/** Run `work` on every batch, at most one per available core at a time; results in batch order. */
export async function eachAtOnce<T, R>(
  batches: T[],
  work: (batch: T) => Promise<R>,
  width = availableParallelism(),
): Promise<R[]> {
  const results: R[] = new Array<R>(batches.length);
  let next = 0;
  const lane = async (): Promise<void> => {
    while (next < batches.length) {
      const i = next++;
      results[i] = await work(batches[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(width, batches.length)) }, lane));
  return results;
}

/** How a cached step with a file list splits its files into runs that go at once. */
import { availableParallelism } from "node:os";

/** Files split into one batch per available core (at least 100 files each, so small runs stay one process). */
export function inBatches(files: string[]): string[][] {
  const count = Math.max(1, Math.min(availableParallelism(), Math.floor(files.length / 100)));
  const size = Math.ceil(files.length / count);
  const batches: string[][] = [];
  for (let i = 0; i < files.length; i += size) batches.push(files.slice(i, i + size));
  return batches.length > 0 ? batches : [files];
}

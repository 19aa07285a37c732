/**
 * The file system's clock, as codegen reads it: the change time the kernel gives a file it
 * writes (engine/write/snapshot.ts trusts a file only when its change time is older than such a
 * reading). The kernel stamps files from a coarse clock, so files written one after the other
 * can share a change time; a test that needs what it wrote to be older than what comes next
 * waits until a file written now gets a later change time than `since`.
 *
 * Change times cannot be set (utimes moves them to now), so this is observed, not arranged: each
 * write of the probe is a reading, and the wait ends at the first reading past `since`, which
 * is the clock's next tick.
 */
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scratch } from "./paths.js";

let probeDir: string | null = null;

/** A reading of the file system's clock (ms, with fraction): the change time of a file written now. */
export function readFileClock(): number {
  probeDir ??= scratch("file-clock");
  const probe = join(probeDir, "probe");
  writeFileSync(probe, "");
  return statSync(probe).ctimeMs;
}

/**
 * Returns once the file system's clock has moved past every change made before the call: from
 * then on, whatever is written has a later change time than what was written before. The probe
 * lives outside every project (a write there changes nothing a test looks at); the scratch
 * folders are on one file system, whose clock is the kernel's.
 */
export function afterFileClockTick(): void {
  const since = readFileClock();
  for (let readings = 1; readFileClock() <= since; readings++) {
    // A clock that never moves is a broken file system, not a slow one.
    if (readings > 10_000_000) throw new Error("the file system's clock did not move");
  }
}

/**
 * Staging folders (`codegen-stage-<pid>-XXXXXX` in the scratch root) are codegen's own: removed
 * when the run ends, however it ends (a normal end, an error, a signal's process.exit: the
 * evaluation budget, engine/expression/signal-flag.ts, makes every signal end the process that
 * way once a gen evaluates, so before any step stages), and when
 * a run was killed outright, by a later run: a folder whose owner process is gone and that has
 * not changed for some minutes. Nothing else in the scratch root is ever touched.
 */
import { lstatSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchRoot } from "./scratch-root.js";

const PREFIX = "codegen-stage-";
/** Ours, by name: the prefix, the owner's pid, and mkdtemp's six characters. */
const NAMED = /^codegen-stage-(\d+)-[A-Za-z0-9]{6}$/;
/** Named by versions before the pid was in the name: no owner to ask, so only when long unchanged. */
const NAMED_BEFORE = /^codegen-stage-[A-Za-z0-9]{6}$/;
/** A dead run's folder is left this long (another PID namespace may share the folder). */
export const STALE_MS = 10 * 60_000;
const STALE_UNNAMED_MS = 24 * 3_600_000;

const live = new Set<string>();
let swept = false;

/** A new staging folder, removed at the latest when this process exits. */
export function makeStaging(): string {
  if (!swept) {
    swept = true;
    sweepStale();
    process.on("exit", removeAll);
  }
  const dir = mkdtempSync(join(scratchRoot(), `${PREFIX}${process.pid}-`));
  live.add(dir);
  return dir;
}

export function removeStaging(dir: string): void {
  live.delete(dir);
  rmSync(dir, { recursive: true, force: true });
}

function removeAll(): void {
  for (const dir of live) {
    try {
      rmSync(dir, { recursive: true, force: true });
    } catch {
      // the process is ending; a folder left is swept by the next run
    }
  }
  live.clear();
}

/** Remove staging folders of runs that are gone (in the scratch root, and in TMPDIR when that differs). */
export function sweepStale(now = Date.now()): string[] {
  const removed: string[] = [];
  for (const root of new Set([scratchRoot(), tmpdir()])) {
    let names: string[];
    try {
      names = readdirSync(root).filter((n) => n.startsWith(PREFIX));
    } catch {
      continue;
    }
    for (const name of names) {
      const owner = NAMED.exec(name);
      if (!owner && !NAMED_BEFORE.test(name)) continue;
      const path = join(root, name);
      const st = lstatSync(path, { throwIfNoEntry: false });
      // A real folder of this user's only (never a link, never someone else's).
      if (!st?.isDirectory() || st.isSymbolicLink() || (process.getuid && st.uid !== process.getuid())) continue;
      const age = now - st.mtimeMs;
      if (owner ? age < STALE_MS || alive(Number(owner[1])) : age < STALE_UNNAMED_MS) continue;
      try {
        rmSync(path, { recursive: true, force: true });
        removed.push(path);
      } catch {
        // another run sweeps it, or it cannot be removed: left as it is
      }
    }
  }
  return removed;
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * `codegen gen --watch`: a gen, then another whenever a file of the project changes that gen did
 * not write (a descriptor, the config, a plugin), in this same process. Each run is exactly a
 * `codegen gen` typed at that moment (the same lock, ledger, transaction and hooks); only the
 * process is already loaded and its code already compiled, which a one-file edit feels most.
 *
 * Files the ledger lists (gen's own, the user's logic included) and codegen's state folder never
 * start a run. A change made while a run goes on (by the user, or by a hook) starts one more run
 * afterwards; changes made during a run that only such changes started do not, so a hook that
 * rewrites a file on every run cannot keep the watch busy.
 */
import { watch, type FSWatcher } from "node:fs";
import { sep } from "node:path";
import { findProjectRoot } from "../../project/index.js";
import { readLedger, signalExitCode, STATE_DIR } from "../../write/index.js";
import type { Out } from "../report.js";
import { genCommand, type GenFlags } from "./gen.js";

/** Quiet time after a change before gen runs: an editor's save is several events. */
const SETTLE_MS = 40;
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
/** Never a reason to run: codegen's own state, and folders of other tools. */
const IGNORED = [`${STATE_DIR}/`, ".git/", "node_modules/"];

/** Runs until a signal; returns the exit code (the signal's, or a run's usage error). */
export async function watchGen(flags: GenFlags, out: Out, cwd: string): Promise<number> {
  const once = async (): Promise<number> => {
    try {
      await genCommand({ ...flags, replayable: false }, out, cwd);
      return 0;
    } catch (e) {
      return (await import("../errors.js")).reportError(e, out, Boolean(flags.verbose));
    }
  };
  const first = await once();
  const root = findProjectRoot(cwd);
  // Not a project, a usage error, or a signal: nothing to watch.
  if (root === null || first === 2 || first > 128) return first;

  let owned = ledgerPaths(root);
  let running = false;
  let stopped: number | null = null;
  let timer: NodeJS.Timeout | null = null;
  let changed = new Set<string>();
  /** Changes seen while a run went on, and whether the current run was started only by such. */
  let duringRun = new Set<string>();
  let echoRun = false;
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));

  const relevant = (rel: string | null): boolean => rel === null || (!IGNORED.some((p) => rel === p.slice(0, -1) || rel.startsWith(p)) && !owned.has(rel));
  const run = async (): Promise<void> => {
    timer = null;
    const paths = [...changed];
    changed = new Set();
    echoRun = paths.every((p) => duringRun.has(p));
    duringRun = new Set();
    out.error(`codegen: ${paths[0] ?? "a file"} changed${paths.length > 1 ? ` (and ${paths.length - 1} more)` : ""}; generating`);
    running = true;
    const code = await once();
    running = false;
    owned = ledgerPaths(root);
    if (stopped !== null || code > 128) return stop(stopped ?? code);
    // What changed meanwhile, gen's own writes aside, starts the next run.
    const next = [...duringRun].filter(relevant);
    if (echoRun) duringRun = new Set();
    else for (const p of next) changed.add(p);
    if (changed.size > 0) schedule();
    else out.error("codegen: watching for changes; Ctrl-C stops");
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(), SETTLE_MS);
  };
  const onEvent = (name: string | Buffer | null): void => {
    const rel = name === null ? null : String(name).split(sep).join("/");
    if (running) {
      duringRun.add(rel ?? ".");
      return;
    }
    if (!relevant(rel)) return;
    changed.add(rel ?? ".");
    schedule();
  };

  let watcher: FSWatcher;
  try {
    watcher = watch(root, { recursive: true }, (_event, name) => onEvent(name));
  } catch (e) {
    out.error(`codegen: cannot watch ${root}: ${(e as Error).message}`);
    return 1;
  }
  const onSignal = (signal: NodeJS.Signals): void => {
    // A run in progress ends on its own terms (its lock's handler exits, or its write rolls back).
    if (running) stopped = signalExitCode(signal);
    else stop(signalExitCode(signal));
  };
  const stop = (code: number): void => {
    if (timer) clearTimeout(timer);
    watcher.close();
    for (const s of SIGNALS) process.off(s, onSignal);
    finish(code);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  out.error(`codegen: watching ${root} for changes to descriptors, config and plugins; Ctrl-C stops`);
  return done;
}

/** The files the ledger says gen wrote (their changes are gen's, or edits gen keeps). */
function ledgerPaths(root: string): Set<string> {
  try {
    return new Set(readLedger(root).entries.keys());
  } catch {
    return new Set();
  }
}

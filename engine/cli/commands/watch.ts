/**
 * `codegen gen --watch`: a gen, then another whenever a descriptor, the config or a plugin of the
 * project changes, in this same process. Each run is exactly a `codegen gen` typed at that moment
 * (the same lock, ledger, transaction and hooks); only the process is already loaded and its code
 * already compiled, which a one-file edit feels most.
 *
 * What counts is what gen reads: files its descriptor globs match, `.codegen.yaml`, and each
 * plugin's `.codegen.yaml` (read again after every run, as the config may change them). A path
 * starts a run only when its bytes differ from those it had when a run last took it, so a save
 * without changes, or a hook that rewrites a descriptor as it was, does not; a change made while a
 * run goes on starts the next one. Runs started only by changes made during the run before are
 * let happen five times in a row (a hook that changes a descriptor on every run would never stop);
 * then the watch says so and waits for the next change.
 */
import { createHash } from "node:crypto";
import { lstatSync, readFileSync, readlinkSync } from "node:fs";
import { join } from "node:path";
import { CodegenError } from "../../diagnostics/index.js";
import { CONFIG_FILE, loadConfig } from "../../config/index.js";
import { globMatcher, globPrefix } from "../../descriptors/index.js";
import { DEFAULT_PLUGINS_DIR, findProjectRoot } from "../../project/index.js";
import { Interrupted, readLedger, signalExitCode, signalsGuarded, STATE_DIR } from "../../write/index.js";
import { configFlags } from "../flags.js";
import { FolderWatch } from "../folder-watch.js";
import { projectPack } from "../project-pack.js";
import type { Out } from "../report.js";
import { genCommand, type GenFlags } from "./gen.js";

/** Quiet time after a change before gen runs (an editor's save is several events), and the longest wait. */
const SETTLE_MS = 40;
const MAX_WAIT_MS = 300;
/** Runs in a row started only by changes made while the one before ran. */
const MAX_RUNS_FROM_RUNS = 5;
const SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
const IGNORED = [STATE_DIR, ".git", "node_modules"];
const IDLE = "codegen: watching for changes; Ctrl-C stops";

/** What gen reads, as root-relative paths; null when the config cannot be read (then: any file gen did not write). */
interface Scope {
  relevant: (rel: string) => boolean;
  /** Folders to watch with everything below them ("" when a glob spans the project). */
  folders: string[];
}

/** Runs until a signal; returns the exit code (the signal's, or the first run's usage error). */
export async function watchGen(flags: GenFlags, out: Out, cwd: string): Promise<number> {
  const once = async (): Promise<{ code: number; error: unknown }> => {
    try {
      await genCommand({ ...flags, replayable: false }, out, cwd);
      return { code: 0, error: null };
    } catch (e) {
      return { code: (await import("../errors.js")).reportError(e, out, Boolean(flags.verbose)), error: e };
    }
  };
  const first = await once();
  const root = findProjectRoot(cwd);
  const usage =
    first.error instanceof CodegenError &&
    first.error.exitCode === 2 &&
    !first.error.diagnostics.some((d) => d.code === "HOOK_FAILED");
  // Not a project, a usage error, or a signal: nothing to watch.
  if (root === null || usage || first.error instanceof Interrupted) return first.code;

  let scope = await scopeOf(root, cwd, flags);
  let running = false;
  let stopped: number | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let waitingSince = 0;
  let pending = new Set<string>();
  /** Paths seen while the current run went on, and runs in a row started only by such. */
  let duringRun = new Set<string>();
  let runsFromRuns = 0;
  /** Each path's bytes (their digest; null: absent) when a run last took it. */
  const taken = new Map<string, string | null>();
  let finish: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finish = resolve));

  // Of a link, its target's name only: gen reads no linked descriptor, and the watch reads
  // nothing outside the project.
  const digestOf = (rel: string): string | null => {
    const path = join(root, rel);
    const kind = lstatSync(path, { throwIfNoEntry: false });
    if (!kind) return null;
    if (kind.isSymbolicLink()) return `link:${readlinkSync(path)}`;
    if (!kind.isFile()) return kind.isDirectory() ? "folder" : "other";
    try {
      return createHash("sha256").update(readFileSync(path)).digest("hex");
    } catch {
      return null;
    }
  };
  const run = async (): Promise<void> => {
    timer = null;
    const fromRun = [...pending].every((p) => duringRun.has(p));
    const changed = [...pending].filter((p) => {
      const digest = digestOf(p);
      if (taken.has(p) && taken.get(p) === digest) return false;
      taken.set(p, digest);
      return true;
    });
    pending = new Set();
    duringRun = new Set();
    // Nothing new after all (a hook wrote back the same bytes): the watch is idle again.
    if (changed.length === 0) return fromRun ? out.error(IDLE) : undefined;
    runsFromRuns = fromRun ? runsFromRuns + 1 : 0;
    if (runsFromRuns >= MAX_RUNS_FROM_RUNS) {
      runsFromRuns = 0;
      out.error(
        `codegen: ${changed.join(", ")} changed during each of the last ${MAX_RUNS_FROM_RUNS} gens (a hook that writes it?); waiting for another change`,
      );
      return;
    }
    out.error(
      `codegen: ${changed[0]} changed${changed.length > 1 ? ` (and ${changed.length - 1} more)` : ""}; generating`,
    );
    running = true;
    const result = await once();
    running = false;
    if (stopped !== null || result.error instanceof Interrupted) return stop(stopped ?? result.code);
    scope = await scopeOf(root, cwd, flags);
    // Stopped while reading the scope: nothing may be watched again.
    if (closed) return;
    for (const folder of scope.folders) watchFolder(folder);
    for (const p of duringRun) if (scope.relevant(p)) pending.add(p);
    if (pending.size > 0) schedule();
    else out.error(IDLE);
  };
  const schedule = (): void => {
    if (timer) clearTimeout(timer);
    else waitingSince = Date.now();
    // Quiet for a moment, or waited long enough: a file written many times a second cannot hold gen off.
    timer = setTimeout(() => void run(), Math.max(0, Math.min(SETTLE_MS, waitingSince + MAX_WAIT_MS - Date.now())));
  };
  const onPath = (rel: string): void => {
    if (closed) return;
    // A folder gen reads below made at the top: watched from now on.
    if (!rel.includes("/") && scope.folders.includes(rel)) folders.renew(rel);
    if (!scope.relevant(rel)) return;
    if (running) duringRun.add(rel);
    else {
      pending.add(rel);
      schedule();
    }
  };
  const folders = new FolderWatch(
    root,
    onPath,
    (e) => {
      out.error(`codegen: the watch failed: ${e.message}`);
      stop(1);
    },
    (rel) => IGNORED.includes(rel) || IGNORED.some((i) => rel.startsWith(`${i}/`)),
  );
  // The root itself (the config, a descriptor folder made later), and below it what gen reads.
  const watchFolder = (folder: string): void => (folder === "" ? folders.renew("") : folders.add(folder, true));
  folders.add("", false);
  for (const folder of scope.folders) watchFolder(folder);

  const onSignal = (signal: NodeJS.Signals): void => {
    const code = signalExitCode(signal);
    if (!running) return stop(code);
    // The run holds the project lock when its guard listens too: that guard exits before the write
    // or lets the write finish or roll back. Without it nothing is being written: stop now.
    if (signalsGuarded()) stopped = code;
    else process.exit(code);
  };
  const stop = (code: number): void => {
    closed = true;
    if (timer) clearTimeout(timer);
    folders.close();
    for (const s of SIGNALS) process.off(s, onSignal);
    finish(code);
  };
  for (const s of SIGNALS) process.on(s, onSignal);
  out.error(`codegen: watching ${root} for changes to descriptors, config and plugins; Ctrl-C stops`);
  return done;
}

/** What gen reads in this project now; without a readable config, any file but gen's own. */
async function scopeOf(root: string, cwd: string, flags: GenFlags): Promise<Scope> {
  try {
    const { config, pack } = await projectPack(
      await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) }),
    );
    const globs = Object.values({ ...pack.inputs, ...config.values.inputs });
    const inputs = await Promise.all(globs.map((g) => globMatcher(g)));
    const plugins = pack.plugins?.dir ?? DEFAULT_PLUGINS_DIR;
    const pluginConfig = new RegExp(`^${literal(plugins)}/[^/]+(/${literal(CONFIG_FILE)})?$`);
    const top = (path: string): string => path.split("/")[0] ?? "";
    return {
      relevant: (rel) => rel === CONFIG_FILE || pluginConfig.test(rel) || inputs.some((m) => m(rel)),
      folders: [...new Set([...globs.map((g) => top(globPrefix(g))), top(plugins)])],
    };
  } catch {
    let owned = new Set<string>();
    try {
      owned = new Set(readLedger(root).entries.keys());
    } catch {
      // no readable ledger either: every file counts
    }
    return {
      relevant: (rel) => !owned.has(rel) && !IGNORED.some((i) => rel === i || rel.startsWith(`${i}/`)),
      folders: [""],
    };
  }
}

const literal = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

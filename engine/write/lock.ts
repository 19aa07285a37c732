/**
 * One codegen at a time per project: `.codegen/lock` holds the holder's pid, host, process start
 * and command. A second run waits for it (saying whom it waits for), then refuses. A lock whose
 * process is gone (or whose pid now belongs to another process) is stale and taken over.
 */
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmdirSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { hostname } from "node:os";
import { join } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { readNoFollow } from "../fs/index.js";
import { readStateFile, checkStateDir, STATE_DIR } from "./state-dir.js";

export const LOCK_PATH = `${STATE_DIR}/lock`;
const IGNORE = `${STATE_DIR}/.gitignore`;

interface Holder {
  pid: number;
  host: string;
  /** The kernel's start time of the process (Linux), to tell a reused pid from the holder. */
  proc_start: string | null;
  started: string;
  command: string;
}

export interface LockOptions {
  command: string;
  /** How long to wait for another run, in ms (CODEGEN_LOCK_TIMEOUT seconds overrides; default 60 s). */
  timeoutMs?: number;
  /** Refuse at once, whatever CODEGEN_LOCK_TIMEOUT says, when another live run holds the lock. */
  noWait?: boolean;
  onWait?: (message: string) => void;
}

/** Take the project lock; returns the function that releases it. */
export async function acquireLock(root: string, options: LockOptions): Promise<() => void> {
  checkStateDir(root);
  // A run that writes nothing leaves no trace: a state folder made only for the lock goes with it.
  const madeDir = !existsSync(join(root, STATE_DIR));
  mkdirSync(join(root, STATE_DIR), { recursive: true });
  const path = join(root, LOCK_PATH);
  const me: Holder = {
    pid: process.pid,
    host: hostname(),
    proc_start: processStart(process.pid),
    started: new Date(Date.now() - process.uptime() * 1000).toISOString(),
    command: options.command,
  };
  const envTimeout = Number(process.env["CODEGEN_LOCK_TIMEOUT"]);
  const deadline =
    Date.now() +
    (Number.isFinite(envTimeout) && process.env["CODEGEN_LOCK_TIMEOUT"]
      ? envTimeout * 1000
      : (options.timeoutMs ?? 60_000));
  let announced = false;
  for (;;) {
    try {
      const fd = openSync(path, "wx");
      writeFileSync(fd, JSON.stringify(me) + "\n");
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const holder = readHolder(path);
    // A run that has just created the lock may not have written who it is yet: not gone.
    const writing = !holder && (statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? 0) > Date.now() - 2000;
    if (writing) {
      if (options.noWait || Date.now() >= deadline)
        throw new CodegenError(
          diag(
            "PROJECT_LOCKED",
            "another codegen run is starting on this project; gave up waiting",
            undefined,
            `wait for it to finish; if no such process exists, delete ${LOCK_PATH}`,
          ),
        );
      if (!announced) options.onWait?.("waiting for another codegen run that is starting on this project…");
      announced = true;
      await new Promise((r) => setTimeout(r, 20));
      continue;
    }
    if (!holder || isStale(holder)) {
      // Gone, or its process is: take it over (the next open decides between racing takers).
      try {
        if (!holder || readHolder(path)?.pid === holder.pid) unlinkSync(path);
      } catch {
        // another run removed it first
      }
      if (holder)
        options.onWait?.(
          `removed a stale lock left by pid ${holder.pid} (${holder.command}, started ${holder.started})`,
        );
      continue;
    }
    const who = `codegen ${holder.command} (pid ${holder.pid} on ${holder.host}, started ${holder.started})`;
    if (options.noWait || Date.now() >= deadline) {
      throw new CodegenError(
        diag(
          "PROJECT_LOCKED",
          `${who} is working on this project; gave up waiting`,
          undefined,
          `wait for it to finish; if no such process exists, delete ${LOCK_PATH}`,
        ),
      );
    }
    if (!announced) options.onWait?.(`waiting for ${who} to finish…`);
    announced = true;
    await new Promise((r) => setTimeout(r, 100));
  }
  let released = false;
  const release = (): void => {
    if (released) return;
    released = true;
    process.off("exit", release);
    try {
      if (readHolder(path)?.pid === process.pid) unlinkSync(path);
      if (madeDir) rmdirSync(join(root, STATE_DIR));
    } catch {
      // already gone, or the run left the ledger there
    }
  };
  process.on("exit", release);
  return release;
}

// stamps.txt: written by codegen before 2026-11-26 (docs/decisions.md); still ignored where it was left.
const IGNORED = "# codegen's transient files; commit ledger.json\nlock\ntx/\nsnapshot.json\nstamps.txt\n";
/** What earlier versions wrote there: replaced, since it is codegen's own. */
const IGNORED_BEFORE = [
  "# codegen's transient files; commit ledger.json\nlock\ntx/\n",
  "# codegen's transient files; commit ledger.json\nlock\ntx/\nsnapshot.json\n",
];

/** `.codegen/` holds the ledger (committed) and transient files (ignored by git). */
export function ensureStateDir(root: string): void {
  checkStateDir(root);
  mkdirSync(join(root, STATE_DIR), { recursive: true });
  const now = readStateFile(root, IGNORE)?.toString("utf8") ?? null;
  if (now === null || IGNORED_BEFORE.includes(now)) writeFileSync(join(root, IGNORE), IGNORED);
}

function readHolder(path: string): Holder | null {
  try {
    const h = JSON.parse(readNoFollow(path)?.bytes.toString("utf8") ?? "null") as Holder;
    return typeof h.pid === "number" ? h : null;
  } catch {
    return null;
  }
}

function isStale(h: Holder): boolean {
  if (h.host !== hostname()) return false; // cannot see another machine's processes
  try {
    process.kill(h.pid, 0);
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
  const fields = procStat(h.pid);
  // A killed process not yet reaped by its parent is a zombie: it holds nothing.
  if (fields?.[0] === "Z") return true;
  const now = fields?.[19] ?? null;
  return h.proc_start !== null && now !== null && now !== h.proc_start;
}

/** Start time in clock ticks since boot (field 22 of /proc/<pid>/stat), or null off Linux. */
function processStart(pid: number): string | null {
  return procStat(pid)?.[19] ?? null;
}

/** Fields 3… of /proc/<pid>/stat (state first), or null. */
function procStat(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

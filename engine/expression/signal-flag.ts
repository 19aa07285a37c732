/**
 * Ctrl-C while a pack's expression or template runs. JavaScript signal handlers run on the event
 * loop, which a synchronous evaluation never returns to: a recursive jsonata function ignored
 * SIGINT, SIGTERM and SIGHUP for as long as it ran. A small worker thread listens to those
 * signals on its own loop (libuv tells every loop that listens) and sets a shared flag, which the
 * evaluators read at their budget checks (budget.ts) and stop on.
 *
 * Node offers no public signal listener in a worker; the worker uses the binding that
 * `process.on` itself is built on. Where that is missing, the flag never rises: evaluation then
 * stops at its time budget, and the signal takes effect after it.
 *
 * While the worker listens, a signal no longer ends the process by itself (libuv handles it for
 * every thread): the main thread keeps a listener that ends the process, as the signal would
 * have, whenever nothing else listens.
 */
import { Worker } from "node:worker_threads";

const NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
const NAMES = Object.fromEntries(Object.entries(NUMBERS).map(([k, v]) => [v, k as NodeJS.Signals]));

const WORKER = `
const { workerData } = require("node:worker_threads");
const flag = new Int32Array(workerData.flag);
// Its warning would be printed for the user; the binding is the one process.on uses.
process.noDeprecation = true;
try {
  const { Signal } = process.binding("signal_wrap");
  for (const n of workerData.signals) {
    const s = new Signal();
    s.onsignal = (signum) => { if (Atomics.load(flag, 0) === 0) Atomics.store(flag, 0, signum); };
    if (s.start(n) !== 0) throw new Error("cannot listen");
  }
} catch {
  // no listener: the thread ends, and the flag never rises
}
`;

let flag: Int32Array | null = null;
let started = false;

/** The signal that arrived since evaluation started watching, or null. */
export function pendingSignal(): NodeJS.Signals | null {
  if (flag === null) return null;
  const n = Atomics.load(flag, 0);
  return n === 0 ? null : (NAMES[n] ?? "SIGINT");
}

/**
 * Start watching (once per process). The worker takes a few milliseconds to listen; a signal
 * before that reaches the main thread's listeners as usual.
 */
export function watchSignals(): void {
  if (started) return;
  started = true;
  for (const name of Object.keys(NUMBERS) as NodeJS.Signals[]) {
    const alone = (signal: NodeJS.Signals): void => {
      if (process.listenerCount(signal) === 1) process.exit(128 + NUMBERS[signal]!);
    };
    process.on(name, alone);
  }
  const shared = new SharedArrayBuffer(4);
  let worker: Worker;
  try {
    worker = new Worker(WORKER, { eval: true, workerData: { flag: shared, signals: Object.values(NUMBERS) }, stdout: false, stderr: false });
  } catch {
    return; // no worker threads: the time budget still ends evaluation
  }
  flag = new Int32Array(shared);
  worker.unref();
  worker.on("error", () => undefined);
}

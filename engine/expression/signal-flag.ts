/**
 * Ctrl-C while a pack's expression or template runs. JavaScript signal handlers run on the event
 * loop, which a synchronous evaluation never returns to: a recursive jsonata function ignored
 * SIGINT, SIGTERM and SIGHUP for as long as it ran. A small worker thread listens to those
 * signals on its own loop (libuv tells every loop that listens) and sets a shared flag, which the
 * evaluators read at their budget checks (budget.ts) and stop on.
 *
 * One call can run for ever without reaching a check: a regex that backtracks
 * (`$contains(s, /^(a+)+$/i)`, a Liquid `regex_match`) ran on after SIGINT until SIGKILL, the
 * lock left behind. So while the
 * main thread evaluates a pack (`enterEvaluation` to `leaveEvaluation`), a signal it has not
 * acted on within GRACE_MS makes the worker end the main thread's running JavaScript, as
 * `worker.terminate()` ends a worker's: through the inspector's `Runtime.terminateExecution`
 * (V8 checks for it inside a running regex too). Nothing catches that, and no `finally` runs:
 * the call stack is dropped, the main thread's loop runs again and the signal's listeners do what
 * they do for any signal before the write phase (release the lock, exit 128 + the signal; the
 * exit listeners remove staging). Evaluation only computes, so dropping it loses nothing; the
 * write phase is never inside, and a listener that begins to handle the signal leaves first.
 *
 * Node offers no public signal listener in a worker; the worker uses the binding that
 * `process.on` itself is built on. Where that or the inspector is missing, evaluation stops at
 * its budget checks and its time budget only, and the signal takes effect after it.
 *
 * While the worker listens, a signal no longer ends the process by itself (libuv handles it for
 * every thread): the main thread keeps a listener that ends the process, as the signal would
 * have, whenever nothing else listens.
 */
import { Worker } from "node:worker_threads";

const NUMBERS: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGTERM: 15 };
const NAMES = Object.fromEntries(Object.entries(NUMBERS).map(([k, v]) => [v, k as NodeJS.Signals]));

/** How long the main thread has to act on a signal itself before its evaluation is ended. */
const GRACE_MS = 250;

/** Slots of the shared array. */
const SIGNAL = 0;
/** Whether the main thread evaluates a pack: OUTSIDE, INSIDE (it may be ended there) or ENDING (the worker is ending it). */
const EVALUATING = 1;
/** 1 once the worker ended the main thread's evaluation. */
const ENDED = 2;
const OUTSIDE = 0;
const INSIDE = 1;
const ENDING = 2;

const WORKER = `
const { workerData } = require("node:worker_threads");
const shared = new Int32Array(workerData.flag);
// Its warning would be printed for the user; the binding is the one process.on uses.
process.noDeprecation = true;
let ended = false;
// The main thread did not act on the signal: end the JavaScript it runs (once), unless it left
// the evaluation meanwhile. ${ENDING} tells the main thread that the end is on its way.
function endEvaluation() {
  if (ended || Atomics.compareExchange(shared, ${EVALUATING}, ${INSIDE}, ${ENDING}) !== ${INSIDE}) return;
  ended = true;
  // The main thread's JavaScript ends at its next check for interrupts, right after the request.
  const done = () => {
    Atomics.store(shared, ${EVALUATING}, ${OUTSIDE});
    Atomics.notify(shared, ${EVALUATING});
  };
  try {
    const { Session } = require("node:inspector");
    const session = new Session();
    session.connectToMainThread();
    session.post("Runtime.terminateExecution", (error) => {
      if (!error) Atomics.store(shared, ${ENDED}, 1);
      session.disconnect();
      done();
    });
  } catch {
    // no inspector in this Node: the budget's checks stay the only way out
    done();
  }
}
try {
  const { Signal } = process.binding("signal_wrap");
  for (const n of workerData.signals) {
    const s = new Signal();
    s.onsignal = (signum) => {
      if (Atomics.load(shared, ${SIGNAL}) === 0) Atomics.store(shared, ${SIGNAL}, signum);
      setTimeout(endEvaluation, ${GRACE_MS});
    };
    if (s.start(n) !== 0) throw new Error("cannot listen");
  }
} catch {
  // no listener: the thread ends, and the flag never rises
}
`;

let flag: Int32Array | null = null;
let worker: Worker | null = null;
let started = false;

/** The signal that arrived since evaluation started watching, or null. */
export function pendingSignal(): NodeJS.Signals | null {
  if (flag === null) return null;
  const n = Atomics.load(flag, SIGNAL);
  return n === 0 ? null : (NAMES[n] ?? "SIGINT");
}

/**
 * The main thread evaluates a pack from now on: a signal it does not act on soon ends what it
 * runs. The worker keeps the loop alive meanwhile, so that after such an end the loop runs on to
 * the signal's listeners instead of finding nothing to wait for.
 */
export function enterEvaluation(): void {
  if (flag === null) return;
  Atomics.store(flag, EVALUATING, INSIDE);
  worker?.ref();
}

/**
 * Evaluation is over: nothing may end the main thread's work from now on. When the worker has
 * just begun to end it (the evaluation finished in that same moment), the end is let come here,
 * before anything that follows (the write) starts, and the signal's listeners handle the rest.
 */
export function leaveEvaluation(): void {
  if (flag === null) return;
  if (Atomics.compareExchange(flag, EVALUATING, INSIDE, OUTSIDE) === ENDING)
    Atomics.wait(flag, EVALUATING, ENDING, 2000);
  Atomics.store(flag, EVALUATING, OUTSIDE);
  worker?.unref();
}

/**
 * Start watching (once per process). The worker takes a few milliseconds to listen; a signal
 * before that reaches the main thread's listeners as usual.
 */
export function watchSignals(): void {
  if (started) return;
  started = true;
  for (const name of Object.keys(NUMBERS) as NodeJS.Signals[]) {
    // First of the signal's listeners: whatever handles it, evaluation is not ended under it.
    process.prependListener(name, (signal: NodeJS.Signals): void => {
      // The worker is ending the evaluation as this listener starts: the end may cut it short,
      // and the signal is sent again for the listeners after the end.
      if (flag !== null && Atomics.load(flag, EVALUATING) === ENDING) process.kill(process.pid, signal);
      leaveEvaluation();
      // Said as when a budget check stops evaluation (cli/errors.ts): no write had begun.
      if (flag !== null && Atomics.load(flag, ENDED) === 1)
        process.stderr.write(`codegen: interrupted by ${signal}; nothing was written\n`);
      if (process.listenerCount(signal) === 1) process.exit(128 + NUMBERS[signal]!);
    });
  }
  process.prependListener("exit", () => {
    if (flag !== null) Atomics.store(flag, EVALUATING, OUTSIDE);
  });
  const shared = new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT);
  let thread: Worker;
  try {
    thread = new Worker(WORKER, {
      eval: true,
      workerData: { flag: shared, signals: Object.values(NUMBERS) },
      stdout: false,
      stderr: false,
    });
  } catch {
    return; // no worker threads: the time budget still ends evaluation
  }
  flag = new Int32Array(shared);
  worker = thread;
  thread.unref();
  thread.on("error", () => undefined);
}

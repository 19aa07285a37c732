/**
 * Signals while a project is locked: before the write phase, SIGINT/SIGTERM/SIGHUP release the
 * lock and exit at once (nothing was written); during the write phase they are only noted, and
 * the transaction stops at the next file and rolls back.
 */
const signals = ["SIGINT", "SIGTERM", "SIGHUP"] as const;
let writing = false;
let caught: NodeJS.Signals | null = null;
/** Locked sections whose handlers are installed now. */
let guards = 0;

/** Whether a locked section's handlers deal with a signal now (they exit, or note it while writing). */
export function signalsGuarded(): boolean {
  return guards > 0;
}

export class Interrupted extends Error {
  constructor(
    readonly signal: NodeJS.Signals,
    /** What the interruption left: said to the user. */
    readonly state = "nothing was written",
  ) {
    super(`interrupted by ${signal}`);
  }
}

/** Throws Interrupted when a signal arrived during the write phase. */
export function checkInterrupted(): void {
  if (caught) throw new Interrupted(caught);
}

/** Install the handlers for a locked section; returns the function that removes them. */
export function guardSignals(release: () => void): () => void {
  const onSignal = (signal: NodeJS.Signals): void => {
    if (writing) {
      caught = signal;
      return;
    }
    release();
    process.exit(signalExitCode(signal));
  };
  for (const s of signals) process.on(s, onSignal);
  guards++;
  return () => {
    guards--;
    for (const s of signals) process.off(s, onSignal);
  };
}

export async function whileWriting<T>(action: () => Promise<T>): Promise<T> {
  writing = true;
  caught = null;
  try {
    return await action();
  } finally {
    writing = false;
    caught = null;
  }
}

/** The exit status a shell gives a process killed by this signal. */
export function signalExitCode(signal: NodeJS.Signals): number {
  return 128 + ({ SIGHUP: 1, SIGINT: 2, SIGTERM: 15 } as Record<string, number>)[signal]!;
}

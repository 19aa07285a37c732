/**
 * Progress of slow work (a compiler, a formatter on a cold cache): a spinner on a terminal, one
 * plain line per step otherwise (on stderr, so stdout stays the summary), nothing with --quiet.
 */
import type { Out } from "./report.js";

export interface Progress {
  /** A slow step starts; the previous one (if any) is done. */
  step(message: string): void;
  /** Everything is done. */
  done(): void;
}

export async function progressFor(out: Out, quiet: boolean): Promise<Progress> {
  if (quiet) return { step: () => undefined, done: () => undefined };
  if (!(process.stdout.isTTY && process.stderr.isTTY) || process.env["CI"]) {
    return { step: (m) => out.error(`codegen: ${m}`), done: () => undefined };
  }
  const { spinner } = await import("@clack/prompts");
  let s: ReturnType<typeof spinner> | null = null;
  return {
    step: (m) => {
      if (!s) {
        s = spinner();
        s.start(m);
      } else s.message(m);
    },
    done: () => {
      s?.stop("done");
      s = null;
    },
  };
}

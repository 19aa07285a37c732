/**
 * The one-file edit under `codegen gen --watch`: the time from writing the descriptor to the
 * line that reports the write of the gen the change started (the watch's wait for an editor's
 * save to settle included).
 */
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export async function watchedEdits(
  bin: string,
  dir: string,
  cache: string,
  edits: Array<() => void>,
): Promise<number[]> {
  const child = spawn(process.execPath, [bin, "gen", "--watch"], {
    cwd: dir,
    env: { ...process.env, CODEGEN_CACHE_DIR: cache },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const waiters: Array<{ test: (line: string) => boolean; resolve: () => void }> = [];
  const seen: string[] = [];
  const onLine = (line: string): void => {
    seen.push(line);
    for (const w of [...waiters]) if (w.test(line)) waiters.splice(waiters.indexOf(w), 1), w.resolve();
  };
  createInterface({ input: child.stdout }).on("line", onLine);
  createInterface({ input: child.stderr }).on("line", onLine);
  const ended = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  const until = (test: (line: string) => boolean): Promise<void> =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`gen --watch said nothing expected in 60 s:\n${seen.join("\n")}`)),
        60_000,
      );
      waiters.push({ test, resolve: () => (clearTimeout(timer), resolve()) });
    });
  try {
    await until((l) => /^codegen: watching .* Ctrl-C stops$/.test(l));
    const ms: number[] = [];
    for (const edit of edits) {
      const written = until((l) => l.startsWith("wrote "));
      const idle = until((l) => l === "codegen: watching for changes; Ctrl-C stops");
      const start = process.hrtime.bigint();
      edit();
      await written;
      ms.push(Number(process.hrtime.bigint() - start) / 1e6);
      await idle;
    }
    return ms;
  } finally {
    child.kill("SIGINT");
    await ended;
  }
}

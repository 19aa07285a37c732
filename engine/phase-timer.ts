/** The `--verbose` phase times of a gen. */

/** With --verbose, each call logs the time since the previous one and the memory the process holds. */
export function phaseTimer(log: ((line: string) => void) | undefined): (phase: string) => void {
  let last = performance.now();
  return (phase) => {
    const now = performance.now();
    log?.(`${phase}: ${Math.round(now - last)} ms (${Math.round(process.memoryUsage.rss() / 2 ** 20)} MB)`);
    last = now;
  };
}

/** The `count` largest timings, as "name N ms, …". */
export function slowest(timings: Map<string, number>, count: number): string {
  return [...timings]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${name} ${Math.round(ms)} ms`)
    .join(", ");
}

/** Small naming helpers: "did you mean", protobuf's default JSON names. */

/** The closest candidate within a small edit distance, for a "did you mean" hint. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestScore = Infinity;
  const limit = Math.max(2, Math.floor(name.length / 3));
  for (const c of candidates) {
    if (c === name) continue;
    const d = distance(name.toLowerCase(), c.toLowerCase());
    if (d < bestScore && d <= limit) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}

export function didYouMean(name: string, candidates: Iterable<string>, format: (s: string) => string = (s) => s): string | undefined {
  const hit = closest(name, candidates);
  return hit === undefined ? undefined : `did you mean ${format(hit)}?`;
}

function distance(a: string, b: string): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min((prev[j] as number) + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      diag = tmp;
    }
  }
  return prev[b.length] as number;
}

/** protobuf's default JSON name: underscores dropped, the letter after each one upper-cased. */
export function jsonNameOf(name: string): string {
  let out = "";
  let upper = false;
  for (const c of name) {
    if (c === "_") upper = true;
    else if (upper) {
      out += c.toUpperCase();
      upper = false;
    } else out += c;
  }
  return out;
}

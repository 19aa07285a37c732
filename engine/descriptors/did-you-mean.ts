/** "Did you mean": the closest known name to a mistyped one, for any reader's diagnostics. */

/**
 * Bounds of the "did you mean" search, which compares a name with every candidate: a hostile file
 * with long names (a 1,000-character unknown type among 200 such messages took 36 s) or
 * thousands of unknown ones must not make a diagnostic slow. Names longer than this get no
 * suggestion, and only the first problems of a read get one.
 */
export const SUGGESTED_LENGTH = 64;
export const SUGGESTED_PROBLEMS = 20;

/** The closest candidate within a small edit distance, for a "did you mean" hint. */
export function closest(name: string, candidates: Iterable<string>): string | undefined {
  if (name.length > SUGGESTED_LENGTH) return undefined;
  let best: string | undefined;
  const limit = Math.max(2, Math.floor(name.length / 3));
  let bestScore = limit + 1;
  const lower = name.toLowerCase();
  for (const c of candidates) {
    const other = c.toLowerCase();
    // The distance is at least the difference in length: most candidates are never compared.
    if (c === name || other.length > SUGGESTED_LENGTH || Math.abs(other.length - lower.length) >= bestScore) continue;
    const d = distanceBelow(lower, other, bestScore);
    if (d < bestScore) {
      best = c;
      bestScore = d;
    }
  }
  return best;
}

/**
 * A hint naming the closest candidate, or undefined. `problems`: what the read found so far;
 * past SUGGESTED_PROBLEMS no search is made.
 */
export function didYouMean(
  name: string,
  candidates: Iterable<string>,
  format: (s: string) => string = (s) => s,
  problems: readonly unknown[] = [],
): string | undefined {
  if (problems.length >= SUGGESTED_PROBLEMS) return undefined;
  const hit = closest(name, candidates);
  return hit === undefined ? undefined : `did you mean ${format(hit)}?`;
}

/** Levenshtein distance when it is below `bound`; `bound` once a whole row reaches it. */
function distanceBelow(a: string, b: string, bound: number): number {
  const prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let diag = prev[0] as number;
    prev[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const tmp = prev[j] as number;
      prev[j] = Math.min((prev[j] as number) + 1, (prev[j - 1] as number) + 1, diag + (a[i - 1] === b[j - 1] ? 0 : 1));
      if ((prev[j] as number) < rowMin) rowMin = prev[j] as number;
      diag = tmp;
    }
    if (rowMin >= bound) return bound;
  }
  return Math.min(prev[b.length] as number, bound);
}

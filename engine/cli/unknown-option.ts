/**
 * cac reports an unknown option in its own camelCase (`--gitChnage`); users should see what
 * they typed and the nearest option the command knows.
 */
export function unknownOptionMessage(message: string, argv: string[], known: string[]): string | null {
  const m = /^Unknown option `(.+)`$/.exec(message);
  if (!m) return null;
  const reported = m[1]!.replace(/^-+/, "");
  const camel = (s: string): string => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const typed = argv.find((a) => a.startsWith("-") && camel(a.replace(/^-+/, "").split("=")[0]!) === reported)?.split("=")[0] ?? m[1]!;
  const name = typed.replace(/^-+/, "");
  let best: string | null = null;
  let bestDistance = Infinity;
  // The distance's work grows with the product of the lengths: a pasted screenful gets no hint.
  for (const k of name.length > 64 ? [] : known) {
    const d = distance(name, k);
    if (d < bestDistance) {
      best = k;
      bestDistance = d;
    }
  }
  const hint = best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? ` (did you mean --${best}?)` : "";
  return `unknown option ${typed}${hint}`;
}

/** Levenshtein distance. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Unknown words on the command line, said as typed with the nearest known one: cac reports an
 * unknown option in its own camelCase (`--gitChnage`), and an unknown command not at all.
 */
export function unknownOptionMessage(message: string, argv: string[], known: string[]): string | null {
  const m = /^Unknown option `(.+)`$/.exec(message);
  if (!m) return null;
  const reported = m[1]!.replace(/^-+/, "");
  const camel = (s: string): string => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
  const typed =
    argv.find((a) => a.startsWith("-") && camel(a.replace(/^-+/, "").split("=")[0]!) === reported)?.split("=")[0] ??
    m[1]!;
  const best = nearest(typed.replace(/^-+/, ""), known);
  return `unknown option ${typed}${best === null ? "" : ` (did you mean --${best}?)`}`;
}

/** `codegen gne` → `unknown command "gne" (did you mean gen?)`. */
export function unknownCommandMessage(typed: string, known: string[]): string {
  const best = nearest(typed, known);
  return `unknown command "${typed}"${best === null ? "" : ` (did you mean ${best}?)`}`;
}

/** The known name nearest to the typed one, when near enough to be what was meant. */
function nearest(name: string, known: string[]): string | null {
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
  return best !== null && bestDistance <= Math.max(2, Math.floor(name.length / 3)) ? best : null;
}

/** Edit distance where swapping two neighbouring letters is one edit (`gne` is 1 from `gen`, 2 from `new`). */
function distance(a: string, b: string): number {
  let before: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, before[j - 2]! + 1);
    }
    before = prev;
    prev = row;
  }
  return prev[b.length]!;
}

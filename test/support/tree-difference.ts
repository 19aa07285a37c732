/**
 * Where two syntax trees (or any JSON-like values) first differ, for the tests that compare
 * parses: a path like `[2].decls[0].end`, or null when they are the same.
 */

/**
 * The same keys in the same order, an undefined value apart from a missing key, and numbers
 * compared with Object.is (Infinity is Infinity).
 */
export function firstDifference(a: unknown, b: unknown, at = ""): string | null {
  if (typeof a !== "object" || a === null || typeof b !== "object" || b === null) {
    return Object.is(a, b) ? null : `${at || "root"}: ${String(a)} vs ${String(b)}`;
  }
  if (Array.isArray(a) !== Array.isArray(b)) return `${at}: array vs object`;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.join() !== kb.join()) return `${at}: keys ${ka.join()} vs ${kb.join()}`;
  for (const k of ka) {
    const d = firstDifference(
      (a as Record<string, unknown>)[k],
      (b as Record<string, unknown>)[k],
      Array.isArray(a) ? `${at}[${k}]` : `${at}.${k}`,
    );
    if (d) return d;
  }
  return null;
}

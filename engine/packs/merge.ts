/** A child layer's entry replaces its parent's entry of the same key in place; new ones follow. */
export function mergeBy<T>(parent: T[], child: T[], key: (entry: T) => string): T[] {
  const result = [...parent];
  for (const c of child) {
    const at = result.findIndex((p) => key(p) === key(c));
    if (at >= 0) result[at] = c;
    else result.push(c);
  }
  return result;
}

/** protobuf's naming helpers: default JSON names. */

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

/** Decodes the escapes of a quoted string body (`\"`, `\\`, `\n`, `\t`, `\r`; others kept as the escaped char). */
export function unescapeString(body: string): string {
  return body.replace(/\\(.)/gs, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c === "r" ? "\r" : c));
}

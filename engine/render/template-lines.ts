/**
 * Which template line made a line of rendered output: asked only when a step fails on a rendered
 * file. A copy of the template gets a marker at the start of each line that lies outside every
 * tag and holds text; rendered with the same data, each output line is then traced to the last
 * marker at or before it. Lines that start with a left-trimming tag (`{%-`, `{{-`) and blank
 * lines get none: a marker there would stop the trim and add a line.
 */
const OPEN = "\uE000";
const CLOSE = "\uE001";
const MARK = /\uE000(\d+)\uE001/g;

/** The template source with a marker (template line number) starting each marked line. */
export function tagLines(source: string): string {
  const out: string[] = [];
  let inside: string | null = null; // the closing delimiter of the tag the scan is in
  let lineNo = 1;
  let atLineStart = true;
  for (let i = 0; i < source.length; i++) {
    if (atLineStart && inside === null && marked(source, i)) {
      // After the indentation: a right-trimming tag just before (`-%}`) still trims it.
      while (source[i] === " " || source[i] === "\t") out.push(source[i++]!);
      out.push(`${OPEN}${lineNo}${CLOSE}`);
    }
    atLineStart = false;
    const two = source.slice(i, i + 2);
    if (inside === null && (two === "{%" || two === "{{")) {
      inside = two === "{%" ? "%}" : "}}";
      out.push(two);
      i++;
      continue;
    }
    if (inside !== null && two === inside) {
      inside = null;
      out.push(two);
      i++;
      continue;
    }
    const c = source[i]!;
    out.push(c);
    if (c === "\n") {
      lineNo++;
      atLineStart = true;
    }
  }
  return out.join("");
}

function marked(source: string, at: number): boolean {
  const end = source.indexOf("\n", at);
  const line = source.slice(at, end === -1 ? undefined : end).trimStart();
  return line !== "" && !line.startsWith("{%-") && !line.startsWith("{{-");
}

/** The tagged output without its markers (to compare with the real output). */
export function withoutMarks(output: string): string {
  return output.replace(MARK, "");
}

/** The template line that made this output line and column (1-based), or null when none is known. */
export function templateLineAt(taggedOutput: string, line: number, column: number): number | null {
  const lines = taggedOutput.split("\n");
  let last: number | null = null;
  for (let n = 0; n < Math.min(line, lines.length); n++) {
    const text = lines[n]!;
    let clean = 0;
    let from = 0;
    for (const m of text.matchAll(MARK)) {
      clean += m.index - from;
      from = m.index + m[0].length;
      // On the failing line, only markers before the column count.
      if (n === line - 1 && clean > column - 1) break;
      last = Number(m[1]);
    }
  }
  return last;
}

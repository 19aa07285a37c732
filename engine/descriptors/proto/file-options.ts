/**
 * File options read from the outline alone, for files whose options are not evaluated (third-party
 * files from include folders): plain names only, scalar values as written. The project's own files
 * get theirs from options.ts, which knows every option's type.
 */
import type { OptionValue } from "./cursor.js";
import type { Outline } from "./outline.js";

export function writtenFileOptions(outline: Outline): Record<string, unknown> {
  const out = new Map<string, unknown>();
  for (const opt of outline.fileOptions) {
    const [part, ...rest] = opt.parts;
    if (!part || part.extension || rest.length > 0 || out.has(part.name)) continue;
    const value = scalar(opt.value);
    if (value !== undefined) out.set(part.name, value);
  }
  return Object.fromEntries(out);
}

/** A scalar as written: strings, numbers, true/false; other identifiers (enum values) by name. */
function scalar(v: OptionValue): unknown {
  if (v.kind !== "scalar") return undefined;
  if (v.token === "string") return v.value;
  if (v.token === "number") {
    // protobuf reads a leading 0 as octal (010 is 8); Number would read it as decimal.
    const n = /^0[0-7]+$/.test(v.value) ? Number.parseInt(v.value, 8) : Number(v.value);
    return Number.isFinite(n) ? (v.negative ? -n : n) : (v.negative ? "-" : "") + v.value;
  }
  if (v.value === "true" || v.value === "false") return v.value === "true";
  return (v.negative ? "-" : "") + v.value;
}

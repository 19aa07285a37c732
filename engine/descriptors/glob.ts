/**
 * Matching descriptor paths against an input glob. The globs packs and projects write
 * (`api/**\/*.api`, `{sql,schema}/*.sql`) are turned into one regular expression here,
 * with minimatch's meaning (no `dot` option: `*`, `?` and `**` never match a name that starts
 * with a dot); any other glob (classes, extglobs, escapes, ranges) goes to minimatch itself.
 * A gen that finds nothing to do needs only this, so it does not load minimatch.
 */

import { switchedOff } from "../cache/index.js";

/** The folders of a glob before its first wildcard (`src/api/**\/*.api` → `src/api`): where files are looked for. */
export function globPrefix(glob: string): string {
  const fixed: string[] = [];
  for (const seg of glob.split("/").slice(0, -1)) {
    if (/[*?[{]/.test(seg)) break;
    fixed.push(seg);
  }
  return fixed.join("/");
}

/** A matcher for root-relative posix paths. */
export type PathMatcher = (path: string) => boolean;

export async function globMatcher(glob: string): Promise<PathMatcher> {
  const simple = switchedOff("glob-regex") ? null : simpleGlob(glob);
  if (simple) return (path) => simple.test(path);
  const { Minimatch } = await import("minimatch");
  const pattern = new Minimatch(glob, { dot: false });
  return (path) => pattern.match(path);
}

/** The glob as a regular expression, or null when it uses more than `*`, `**`, `?` and `{a,b}`. */
export function simpleGlob(glob: string): RegExp | null {
  if (glob === "" || /[[\]()!+@\\]/.test(glob) || glob.startsWith("/") || glob.endsWith("/") || glob.includes("//"))
    return null;
  const alternatives = expandBraces(glob);
  if (!alternatives) return null;
  const sources: string[] = [];
  for (const alt of alternatives) {
    const source = segmentsSource(alt.split("/"));
    if (source === null) return null;
    sources.push(source);
  }
  return new RegExp(`^(?:${sources.join("|")})$`);
}

/** `a{b,c}d` → [abd, acd]; null for nested, empty or unbalanced braces, or `{a..b}` ranges. */
function expandBraces(glob: string): string[] | null {
  const open = glob.indexOf("{");
  if (open < 0) return glob.includes("}") ? null : [glob];
  const close = glob.indexOf("}", open);
  if (close < 0) return null;
  const inner = glob.slice(open + 1, close);
  if (inner.includes("{") || inner.includes("..") || !inner.includes(",")) return null;
  const rest = expandBraces(glob.slice(close + 1));
  if (!rest) return null;
  const out: string[] = [];
  for (const choice of inner.split(",")) {
    for (const tail of rest) out.push(glob.slice(0, open) + choice + tail);
  }
  return out;
}

const NAME_CHAR = "[^/]";
const escapeRegex = (c: string): string => c.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function segmentsSource(segments: string[]): string | null {
  let source = "";
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const last = i === segments.length - 1;
    if (seg === "**") {
      if (last) return null; // a trailing ** also matches folders' own paths in minimatch
      // Zero or more folders, none hidden.
      source += `(?:(?!\\.)${NAME_CHAR}+/)*`;
      continue;
    }
    if (seg.includes("**") || seg === "" || seg === "." || seg === "..") return null;
    source += segmentSource(seg) + (last ? "" : "/");
  }
  return source;
}

function segmentSource(seg: string): string {
  // A name made of wildcards only never matches the empty name; one starting with a wildcard never a hidden one.
  let source = /^[*?]/.test(seg) ? "(?!\\.)" : "";
  if (/^\*+$/.test(seg)) source += `(?=${NAME_CHAR})`;
  for (const c of seg) source += c === "*" ? `${NAME_CHAR}*` : c === "?" ? NAME_CHAR : escapeRegex(c);
  return source;
}

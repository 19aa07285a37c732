import { posix } from "node:path";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";
import { reservedPart } from "../fs/index.js";

/** Longest file or folder name most file systems accept, and a whole relative path we plan. */
export const MAX_NAME = 255;
export const MAX_PATH = 1024;

/**
 * Normalise a planned output path and refuse anything that could leave the project root.
 * Descriptor names end up in paths, so this is untrusted input; `span` is the descriptor item's
 * position when there is one (else the rule's).
 */
export function safeRelativePath(raw: string, span: SourceSpan, ruleName: string): string {
  const trimmed = raw.trim();
  const bad = (why: string, code = "UNSAFE_PATH"): never => {
    const shown = trimmed.length > 80 ? `${trimmed.slice(0, 77)}…` : trimmed;
    throw new CodegenError(diag(code, `rule "${ruleName}" planned "${shown}", which ${why}`, span));
  };
  const reserved = reservedPart(trimmed);
  if (reserved !== null)
    bad(`lies in ${reserved}, a folder codegen never writes (version control or codegen's own state)`);
  if (isPlain(trimmed)) return trimmed;
  if (trimmed.includes("\\")) bad("contains a backslash");
  if (trimmed.includes("\0")) bad("contains a NUL byte");
  if (posix.isAbsolute(trimmed) || /^[A-Za-z]:/.test(trimmed)) bad("is absolute");
  const normal = posix.normalize(trimmed);
  if (normal === ".." || normal.startsWith("../") || normal.split("/").includes("..")) bad("leaves the project root");
  if (normal === "." || normal.endsWith("/")) bad("names a folder, not a file");
  // File systems refuse longer names (ENAMETOOLONG); a descriptor name is the usual cause.
  const long = normal.split("/").find((seg) => Buffer.byteLength(seg) > MAX_NAME);
  if (long) bad(`has a file or folder name of ${Buffer.byteLength(long)} bytes (at most ${MAX_NAME})`, "PATH_TOO_LONG");
  if (Buffer.byteLength(normal) > MAX_PATH)
    bad(`is ${Buffer.byteLength(normal)} bytes long (at most ${MAX_PATH})`, "PATH_TOO_LONG");
  return normal.replace(/^\.\//, "");
}

/**
 * Already normal, inside the root and short enough: the common case, told by regular expressions
 * alone (path.normalize costs about 10 µs a path while the process is cold). An ASCII path of at
 * most MAX_NAME characters has no name or path over the limits.
 */
function isPlain(p: string): boolean {
  return (
    p.length <= MAX_NAME &&
    /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/.test(p) &&
    !/(?:^|\/)\.{0,2}(?:\/|$)|\\|^[A-Za-z]:/.test(p)
  );
}

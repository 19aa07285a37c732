import { posix } from "node:path";
import { CodegenError, diag, type SourceSpan } from "../diagnostics/index.js";

/**
 * Normalise a planned output path and refuse anything that could leave the project root.
 * Descriptor names end up in paths, so this is untrusted input.
 */
export function safeRelativePath(raw: string, span: SourceSpan, ruleName: string): string {
  const trimmed = raw.trim();
  const bad = (why: string): never => {
    throw new CodegenError(diag("UNSAFE_PATH", `rule "${ruleName}" planned "${trimmed}", which ${why}`, span));
  };
  if (trimmed.includes("\\")) bad("contains a backslash");
  if (trimmed.includes("\0")) bad("contains a NUL byte");
  if (posix.isAbsolute(trimmed) || /^[A-Za-z]:/.test(trimmed)) bad("is absolute");
  const normal = posix.normalize(trimmed);
  if (normal === ".." || normal.startsWith("../") || normal.split("/").includes("..")) bad("leaves the project root");
  if (normal === "." || normal.endsWith("/")) bad("names a folder, not a file");
  return normal.replace(/^\.\//, "");
}

/**
 * A place a project's own file names (a folder, a database file): it must lie inside the
 * project and be reached through real folders only. A cloned `.codegen.yaml` that says
 * `../../elsewhere` or links out must not make codegen read or write there; the user's own
 * flags and environment may name any place.
 */
import { relative, sep } from "node:path";
import { isPlainRelative, PathPolicy, reservedPart } from "./path-policy.js";

/** Why `path` (absolute, or relative to root) cannot serve as a place inside the project; null when it can. */
export function outsideProject(root: string, path: string): string | null {
  const rel = relative(root, path.startsWith("/") ? path : `${root}/${path}`)
    .split(sep)
    .join("/")
    .replace(/\/+$/, "");
  if (!isPlainRelative(rel)) return "is not inside the project";
  const reserved = reservedPart(rel);
  if (reserved !== null) return `lies in ${reserved}`;
  const link = new PathPolicy(root).linkIn(rel);
  if (link) return `reaches ${link.at}, which is ${link.kind === "symlink" ? "a symbolic link" : "not a folder"}`;
  return null;
}

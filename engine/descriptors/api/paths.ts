/**
 * Route paths (params, prefix joining) and names that later become file-system paths
 * (handler groups, handler names). Internal to the api reader.
 */

const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Why a name cannot be used as a path inside the project, or null when it is safe. */
export function unsafePathReason(value: string, allowLeadingSlash = false): string | null {
  if (value.includes("\\")) return "contains a backslash";
  if (/^[A-Za-z]:/.test(value)) return "starts with a drive letter";
  if (!allowLeadingSlash && value.startsWith("/")) return "starts with /";
  if (value.split("/").some((s) => s === "..")) return 'contains a ".." segment';
  if (/[\u0000-\u001f]/.test(value)) return "contains a control character";
  return null;
}

/** Normalised handler group folder: no leading/trailing slash; null when a segment is not a plain name. */
export function normalizeGroup(raw: string): string | null {
  const group = raw.replace(/^\/+/, "").replace(/\/+$/, "");
  if (group === "") return "";
  return group.split("/").every((s) => /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/.test(s) && s !== "..") ? group : null;
}

export function isIdentifier(value: string): boolean {
  return IDENT.test(value);
}

export interface PathParam {
  name: string;
  /** Offset of the `:` within the path. */
  offset: number;
}

/** The `:name` segments of a route path, with the offsets of malformed ones reported separately. */
export function pathParams(path: string): { params: PathParam[]; bad: PathParam[] } {
  const params: PathParam[] = [];
  const bad: PathParam[] = [];
  let offset = 0;
  for (const seg of path.split("/")) {
    if (seg.startsWith(":")) (IDENT.test(seg.slice(1)) ? params : bad).push({ name: seg.slice(1), offset });
    offset += seg.length + 1;
  }
  return { params, bad };
}

/** `prefix` + `path` with one leading slash, no empty segments and no trailing slash. */
export function joinRoutePath(prefix: string, path: string): string {
  const segments = `${prefix}/${path}`.split("/").filter((s) => s !== "");
  return "/" + segments.join("/");
}

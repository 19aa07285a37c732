/**
 * What the system refuses (permission, a read-only file system, a full disk) is the user's to
 * fix, not a bug in codegen: a diagnostic naming the path and what to do, exit 1.
 */
import { relative } from "node:path";
import { diag, type Diagnostic } from "../diagnostics/index.js";

const DENIED = new Set(["EACCES", "EPERM", "EROFS"]);
const FULL = new Set(["ENOSPC", "EDQUOT"]);

/** The diagnostic for a refusal of the system, or null for any other error. */
export function systemRefusal(e: unknown, cwd = process.cwd()): Diagnostic | null {
  const err = e as NodeJS.ErrnoException | null;
  const code = err?.code;
  if (!code || (!DENIED.has(code) && !FULL.has(code))) return null;
  const path = err.path ? relative(cwd, err.path) || "." : null;
  const where = path ? ` ${path}` : "";
  const action = err.syscall ? `${err.syscall}${where}` : `use${where}`;
  if (FULL.has(code))
    return diag(
      "NO_SPACE",
      `cannot ${action}: the disk is full (${code})`,
      undefined,
      "free some space (or raise the quota), then run again; the files codegen had not finished writing were left as they were",
    );
  const why = code === "EROFS" ? "the file system is read-only" : "permission denied";
  return diag(
    "NO_PERMISSION",
    `cannot ${action}: ${why} (${code})`,
    undefined,
    `make ${path ?? "the project folder and its .codegen folder"} writable by you (or run codegen as the user who owns it), then run again`,
  );
}

/**
 * `.codegen/` holds what codegen keeps of a project: the ledger, stamps, the lock and the
 * transaction folder. A cloned project could make it (or a file in it) a symlink and so send
 * those reads and writes anywhere: it must be a real folder, and its files are opened without
 * following links, or codegen refuses before touching anything.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, lstatOrNull, readNoFollow } from "../fs/index.js";

export const STATE_DIR = ".codegen";

/** Refuse a `.codegen` that is not a real folder (absent is fine: it is made when needed). */
export function checkStateDir(root: string): void {
  const s = lstatOrNull(`${root}/${STATE_DIR}`);
  if (!s || s.isDirectory()) return;
  const what = s.isSymbolicLink() ? "a symbolic link" : "not a folder";
  throw new CodegenError(
    diag(
      "STATE_DIR_UNSAFE",
      `${STATE_DIR} is ${what}; codegen keeps its ledger, lock and transaction there and never writes them through a link; nothing was changed`,
      undefined,
      `remove ${STATE_DIR} (it is not codegen's if it is ${what}) and run again`,
    ),
  );
}

/** A file under `.codegen/` (root-relative), read without following a link; null when absent. */
export function readStateFile(root: string, rel: string): Buffer | null {
  checkStateDir(root);
  try {
    return readNoFollow(`${root}/${rel}`)?.bytes ?? null;
  } catch (e) {
    if (e instanceof LinkRefused)
      throw new CodegenError(
        diag(
          "STATE_DIR_UNSAFE",
          `${rel} is a symbolic link; codegen never reads its state through a link; nothing was changed`,
          undefined,
          `remove ${rel} and run again`,
        ),
      );
    throw e;
  }
}

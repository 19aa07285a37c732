/**
 * Every file of a pack (pack.yaml, rules, views, the function library, templates, partials,
 * checks, static files) is read through the one path policy: inside the pack's folder and
 * through real folders only. A fetched pack is someone else's data: its `views/x.jsonata ->
 * ~/.ssh/id_rsa` (or a linked `templates/` folder) must not be read, whatever it points at.
 */
import { dirname, relative, sep } from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";
import { LinkRefused, readInside } from "./path-policy.js";

/**
 * The bytes of `file`, a path inside one of `roots` (pack layer folders; the innermost holding it
 * counts); null when absent. A link on the way, or a file in no root, is PACK_UNSAFE_FILE naming `shown`.
 */
export function readPackFile(roots: readonly string[], file: string, shown: string = file): Buffer | null {
  const root = roots
    .filter((r) => file.startsWith(r.endsWith(sep) ? r : r + sep))
    .sort((a, b) => b.length - a.length)[0];
  if (root === undefined) throw unsafe(shown, `${shown} is not inside the pack`);
  try {
    return readInside(root, relative(root, file).split(sep).join("/"));
  } catch (e) {
    if (e instanceof LinkRefused) throw unsafe(shown, `the pack's ${e.path} is a symbolic link`);
    throw e;
  }
}

/** readPackFile as text. */
export function readPackText(roots: readonly string[], file: string, shown?: string): string | null {
  return readPackFile(roots, file, shown)?.toString("utf8") ?? null;
}

/** The pack layer folders of some of its subfolders (`templates/`, `views/`, `checks/`). */
export const layersOf = (dirs: readonly string[]): string[] => dirs.map((d) => dirname(d));

function unsafe(shown: string, why: string): CodegenError {
  return new CodegenError(
    diag(
      "PACK_UNSAFE_FILE",
      `cannot read ${shown}: ${why}; codegen never reads a pack's files through links; nothing was written`,
      undefined,
      "a pack's files must be regular files inside the pack; ask its author to replace the link with the file",
    ),
  );
}

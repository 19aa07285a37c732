/**
 * The migration folder: `<version>_<name>.up.sql` and `<version>_<name>.down.sql`, named as
 * golang-migrate names them. Files that do not follow the pattern are ignored; a version
 * with two up (or two down) files is an error. A missing up or down file is a migration
 * with no body: stepping over it only moves the version.
 */
import { lstat, readdir } from "node:fs/promises";
import path from "node:path";
import { CodegenError, diag } from "../diagnostics/index.js";

export interface MigrationFiles {
  version: number;
  name: string;
  /** Absolute paths; null when the folder has no such file. */
  up: string | null;
  down: string | null;
}

/** A path as the user should see it: relative to the working directory when inside it. */
export function shown(file: string): string {
  const rel = path.relative(process.cwd(), file);
  return (rel.startsWith("..") || path.isAbsolute(rel) ? file : rel).split(path.sep).join("/");
}

const PATTERN = /^([0-9]+)_(.*)\.(up|down)\.sql$/;

/** `linksFrom`: the folder is the project's, named by that file; a migration there that is a link is refused. */
export async function listMigrations(dir: string, linksFrom?: string): Promise<MigrationFiles[]> {
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (e) {
    throw new CodegenError(
      diag(
        "SQL_MIGRATE_FILES",
        `cannot read the migration folder ${dir}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`,
      ),
    );
  }
  const byVersion = new Map<number, MigrationFiles>();
  for (const entry of entries.sort()) {
    const m = PATTERN.exec(entry);
    if (!m) continue;
    const version = Number(m[1]);
    if (!Number.isSafeInteger(version)) {
      throw new CodegenError(
        diag("SQL_MIGRATE_FILES", `migration version ${m[1]} in ${entry} is too large`, {
          file: shown(path.join(dir, entry)),
          line: 1,
          column: 1,
        }),
      );
    }
    if (linksFrom !== undefined && (await lstat(path.join(dir, entry))).isSymbolicLink()) {
      throw new CodegenError(
        diag(
          "UNSAFE_PATH",
          `${shown(path.join(dir, entry))} is a symbolic link; migrate runs the migrations of the folder ${linksFrom} names only from its own files, never through a link`,
          { file: shown(path.join(dir, entry)), line: 1, column: 1 },
          "replace the link with the file itself, or pass --dir to choose the folder yourself",
        ),
      );
    }
    const direction = m[3] as "up" | "down";
    let mf = byVersion.get(version);
    if (!mf) byVersion.set(version, (mf = { version, name: m[2]!, up: null, down: null }));
    if (mf[direction] !== null) {
      throw new CodegenError(
        diag(
          "SQL_MIGRATE_FILES",
          `two ${direction} migrations for version ${version}: ${path.basename(mf[direction]!)} and ${entry}`,
          { file: shown(path.join(dir, entry)), line: 1, column: 1 },
        ),
      );
    }
    mf[direction] = path.join(dir, entry);
  }
  return [...byVersion.values()].sort((a, b) => a.version - b.version);
}

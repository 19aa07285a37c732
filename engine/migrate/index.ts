/**
 * Database migrations over a folder of golang-migrate files, against a datasource URL
 * (mysql://, postgres://, sqlite:). Each run connects, takes the lock, works, disconnects.
 *
 * Like golang-migrate: before a migration runs, the version it leads to is stored as dirty;
 * after it succeeds, the same version is stored clean. A failing migration stops the run
 * with the database's error, naming the file and version, and leaves the database dirty;
 * up, down and goto then refuse until `force` records the version known to be complete.
 * A whole file is sent at once (MySQL with multipleStatements, PostgreSQL through the
 * simple query protocol, which runs it as one implicit transaction, SQLite inside a
 * transaction as golang-migrate's sqlite3 driver does).
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CodegenError, diag, positionOf, type SourceSpan } from "../diagnostics/index.js";
import { connect, parseDatasource } from "../descriptors/index.js";
import { type MigrationFiles, listMigrations, shown } from "./files.js";
import { type VersionState, VersionStore } from "./store.js";

export { listMigrations, type MigrationFiles } from "./files.js";
export type { VersionState } from "./store.js";
export { projectDatasource, type ProjectDatabase, type ProjectDatasource } from "./project-datasource.js";

export interface MigrateOptions {
  /** Folder of `<version>_<name>.up.sql` / `.down.sql` files. */
  dir: string;
  /** Datasource URL. */
  datasource: string;
  /** Base folder for relative SQLite paths (default: the working directory). */
  cwd?: string;
  /** The table the version is kept in (the pack declares it); the URL's `x-migrations-table` wins. */
  table?: string;
  /** The datasource came from a project's own file, named here: its SQLite file must lie inside `cwd`. */
  confinedFrom?: string;
  /**
   * The folder came from a project's own file (named here): its migrations run only from files
   * in it, never through a link, which could send a file outside the project to the database.
   */
  dirFrom?: string;
  /** Progress lines, one per migration: `2/u add_email (14ms)`. */
  log?: (line: string) => void;
}

export interface MigrationStep {
  version: number;
  name: string;
  direction: "up" | "down";
  /** The file that ran; null when the folder has none for this direction. */
  file: string | null;
  ms: number;
}

export interface MigrateResult {
  from: number | null;
  to: number | null;
  applied: MigrationStep[];
}

/** Applies the next `n` up migrations (all when n is absent). */
export function up(options: MigrateOptions, n?: number): Promise<MigrateResult> {
  return withRun(options, async (run) => {
    const start = run.current === null ? 0 : run.indexOf(run.current) + 1;
    const todo = run.files.slice(start, n === undefined ? undefined : start + count(n));
    for (const m of todo) await run.step(m, "up");
  });
}

/** Reverts the last `n` migrations (all when n is absent). */
export function down(options: MigrateOptions, n?: number): Promise<MigrateResult> {
  return withRun(options, async (run) => {
    if (run.current === null) return;
    const end = run.indexOf(run.current);
    const todo = run.files.slice(n === undefined ? 0 : Math.max(0, end + 1 - count(n)), end + 1).reverse();
    for (const m of todo) await run.step(m, "down");
  });
}

/** Migrates up or down until `version` is the current version. */
export function goto(options: MigrateOptions, version: number): Promise<MigrateResult> {
  return withRun(options, async (run) => {
    const target = run.files.findIndex((m) => m.version === version);
    if (target < 0) {
      const known = run.files.map((m) => m.version).join(", ") || "none";
      throw new CodegenError(
        diag("SQL_MIGRATE_NO_VERSION", `no migration has version ${version} in ${shown(run.dir)} (versions: ${known})`),
        2,
      );
    }
    const at = run.current === null ? -1 : run.indexOf(run.current);
    if (target > at) for (const m of run.files.slice(at + 1, target + 1)) await run.step(m, "up");
    else for (const m of run.files.slice(target + 1, at + 1).reverse()) await run.step(m, "down");
  });
}

/** Records `version` (null: no version) as current and clean, running nothing. */
export async function force(options: MigrateOptions, version: number | null): Promise<VersionState> {
  const table = tableName(options);
  const session = await connectFor(options);
  const store = new VersionStore(session, table);
  try {
    await store.open();
    await store.set(version, false);
    return await store.get();
  } finally {
    await store.close();
    await session.close();
  }
}

/**
 * The current version and whether it is dirty. A read: a missing SQLite file is an error (no
 * database yet), never created, and an existing one is not written.
 */
export async function version(options: MigrateOptions): Promise<VersionState> {
  const table = tableName(options);
  const session = await connectFor(options, false);
  const store = new VersionStore(session, table);
  try {
    await store.open();
    return await store.get();
  } finally {
    await store.close();
    await session.close();
  }
}

/** `3`, `3 (dirty)`, or `none` before the first migration. */
export function formatVersion(state: VersionState): string {
  return `${state.version === null ? "none" : state.version}${state.dirty ? " (dirty)" : ""}`;
}

function count(n: number): number {
  if (!Number.isInteger(n) || n < 1)
    throw new CodegenError(diag("USAGE", `the number of migrations must be a positive integer, not ${n}`), 2);
  return n;
}

function tableName(options: MigrateOptions): string {
  const table = parseDatasource(options.datasource, options.cwd).params.get("x-migrations-table") ?? options.table;
  if (table) return table;
  throw new CodegenError(
    diag(
      "USAGE",
      "no table to keep the migration version in",
      undefined,
      "add x-migrations-table=<table> to the datasource URL, or use a pack that declares database.migrations_table",
    ),
    2,
  );
}

interface Run {
  dir: string;
  files: MigrationFiles[];
  current: number | null;
  indexOf(version: number): number;
  step(m: MigrationFiles, direction: "up" | "down"): Promise<void>;
}

async function withRun(options: MigrateOptions, body: (run: Run) => Promise<void>): Promise<MigrateResult> {
  const dir = path.resolve(options.cwd ?? process.cwd(), options.dir);
  const files = await listMigrations(dir, options.dirFrom);
  const table = tableName(options);
  const session = await connectFor(options);
  const store = new VersionStore(session, table);
  const applied: MigrationStep[] = [];
  try {
    await store.open();
    const state = await store.get();
    if (state.dirty) {
      throw new CodegenError(
        diag(
          "SQL_MIGRATE_DIRTY",
          `the database is dirty at version ${formatVersion({ version: state.version, dirty: false })}: a migration failed or was interrupted there`,
          undefined,
          "repair the database by hand, then record the last version that is fully applied with `migrate force <version>`, and run up/down/goto again",
        ),
      );
    }
    const from = state.version;
    const indexOf = (v: number) => {
      const k = files.findIndex((m) => m.version === v);
      if (k < 0) {
        throw new CodegenError(
          diag(
            "SQL_MIGRATE_NO_VERSION",
            `the database is at version ${v}, but ${shown(dir)} has no migration with that version`,
            undefined,
            "use `migrate force <version>` to record a version the folder has",
          ),
        );
      }
      return k;
    };
    const run: Run = {
      dir,
      files,
      current: from,
      indexOf,
      async step(m, direction) {
        const k = indexOf(m.version);
        const target = direction === "up" ? m.version : k > 0 ? files[k - 1]!.version : null;
        const file = m[direction];
        const started = Date.now();
        const body = file === null ? "" : await readFile(file, "utf8");
        if (body.trim() === "") await store.set(target, false);
        else {
          await store.set(target, true);
          try {
            await session.exec(body, { transaction: true });
            await session.flush();
          } catch (e) {
            throw migrationError(e, file!, m.version, body, direction);
          }
          await store.set(target, false);
        }
        run.current = target;
        const step: MigrationStep = { version: m.version, name: m.name, direction, file, ms: Date.now() - started };
        applied.push(step);
        options.log?.(`${m.version}/${direction === "up" ? "u" : "d"} ${m.name} (${step.ms}ms)`);
      },
    };
    await body(run);
    return { from, to: run.current, applied };
  } finally {
    await store.close();
    await session.close();
  }
}

/** The database's error, naming the file and version, located in the file when possible. */
function migrationError(e: unknown, file: string, version: number, body: string, direction: string): CodegenError {
  const err = e as { message?: string; position?: string };
  const message = (err.message ?? String(e)).trim();
  let span: SourceSpan | undefined;
  if (err.position && /^\d+$/.test(err.position)) {
    // PostgreSQL: 1-based position in characters
    const offset = Array.from(body)
      .slice(0, Number(err.position) - 1)
      .join("").length;
    span = { file: shown(file), ...positionOf(body, offset) };
  } else {
    // MySQL/MariaDB syntax errors quote the text that follows the problem
    const near = /near '([\s\S]+)' at line \d+$/.exec(message)?.[1];
    const at = near ? body.indexOf(near) : -1;
    if (at >= 0) span = { file: shown(file), ...positionOf(body, at) };
  }
  return new CodegenError(
    diag(
      "SQL_MIGRATION_FAILED",
      `${direction} migration ${shown(file)} (version ${version}) failed: ${message}`,
      span,
      "the database is now dirty: fix the migration or the database, then `migrate force <version>`",
    ),
  );
}

function connectFor(options: MigrateOptions, write = true): ReturnType<typeof connect> {
  return connect(options.datasource, {
    write,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.confinedFrom !== undefined ? { confinedFrom: options.confinedFrom } : {}),
  });
}

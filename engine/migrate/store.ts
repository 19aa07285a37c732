/**
 * The version bookkeeping, kept as golang-migrate keeps it so either tool can take over:
 * a table (its name given by the caller) with at most one row (version, dirty). Setting a version
 * empties the table and inserts the row in one transaction; "no version" is an empty
 * table, except that a dirty "no version" is stored as -1. MySQL and PostgreSQL use
 * `(version bigint not null primary key, dirty boolean not null)`; SQLite uses
 * golang-migrate's sqlite3 form `(version uint64, dirty bool)` with a unique index.
 * MySQL and PostgreSQL runs hold golang-migrate's advisory lock for the whole run.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import type { SqlSession } from "../descriptors/index.js";

export interface VersionState {
  /** Last applied version; null before the first migration. */
  version: number | null;
  /** A migration to (or from) this version failed or was interrupted. */
  dirty: boolean;
}

export class VersionStore {
  private readonly quoted: string;
  private lockId = "";

  constructor(
    private readonly s: SqlSession,
    private readonly table: string,
  ) {
    // The name may come from a datasource URL a cloned project wrote: an identifier, quoted whole.
    this.quoted = s.dialect === "mysql" ? `\`${table.replace(/`/g, "``")}\`` : `"${table.replace(/"/g, '""')}"`;
  }

  /** Takes the lock and creates the table when missing. */
  async open(): Promise<void> {
    try {
      await this.openTable();
    } catch (e) {
      if (e instanceof CodegenError) throw e;
      // A name the server refuses (MySQL: one ending in a space, longer than 64 characters…).
      const why = (e as Error).message || String(e);
      throw new CodegenError(
        diag(
          "SQL_MIGRATE_TABLE",
          `cannot keep the migration version in table ${JSON.stringify(this.table)} of ${this.s.datasource.redacted}: ${why}`,
          undefined,
          "name another table with x-migrations-table=<table> in the datasource URL",
        ),
      );
    }
  }

  private async openTable(): Promise<void> {
    const { s, table } = this;
    if (s.dialect === "mysql") {
      this.lockId = advisoryLockId([`${s.datasource.database}:${table}`]);
      const [row] = await s.query("SELECT GET_LOCK(?, 10) AS ok", [this.lockId]);
      if (Number(row?.ok) !== 1) this.locked();
      const [found] = await s.query(
        "SELECT COUNT(1) AS n FROM information_schema.tables WHERE table_schema = DATABASE() AND table_name = ?",
        [table],
      );
      if (Number(found?.n) === 0)
        await s.exec(`CREATE TABLE ${this.quoted} (version bigint not null primary key, dirty boolean not null)`);
    } else if (s.dialect === "postgres") {
      const [info] = await s.query("SELECT current_schema() AS schema");
      const schema = String(info?.schema ?? "public");
      this.lockId = advisoryLockId([schema, table, s.datasource.database]);
      await this.pgLock();
      const [row] = await s.query(
        "SELECT COUNT(1)::int AS n FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2",
        [schema, table],
      );
      if (Number(row?.n) === 0)
        await s.exec(
          `CREATE TABLE IF NOT EXISTS ${this.quoted} (version bigint not null primary key, dirty boolean not null)`,
        );
    } else {
      await s.exec(
        `CREATE TABLE IF NOT EXISTS ${this.quoted} (version uint64,dirty bool);\nCREATE UNIQUE INDEX IF NOT EXISTS version_unique ON ${this.quoted} (version);`,
      );
      await s.flush();
    }
  }

  async close(): Promise<void> {
    if (this.s.dialect === "mysql") await this.s.query("SELECT RELEASE_LOCK(?)", [this.lockId]).catch(() => {});
    if (this.s.dialect === "postgres")
      await this.s.query("SELECT pg_advisory_unlock($1)", [this.lockId]).catch(() => {});
  }

  async get(): Promise<VersionState> {
    const [row] = await this.s.query(`SELECT version, dirty FROM ${this.quoted} LIMIT 1`);
    if (!row) return { version: null, dirty: false };
    const version = Number(row.version);
    const dirty = row.dirty === true || Number(row.dirty) === 1;
    return { version: version < 0 ? null : version, dirty };
  }

  async set(version: number | null, dirty: boolean): Promise<void> {
    const { s } = this;
    const p = s.dialect === "postgres" ? ["$1", "$2"] : ["?", "?"];
    await s.query(s.dialect === "mysql" ? "START TRANSACTION" : "BEGIN");
    try {
      await s.query(s.dialect === "sqlite" ? `DELETE FROM ${this.quoted}` : `TRUNCATE ${this.quoted}`);
      if (version !== null || dirty) {
        await s.query(`INSERT INTO ${this.quoted} (version, dirty) VALUES (${p[0]}, ${p[1]})`, [version ?? -1, dirty]);
      }
      await s.query("COMMIT");
    } catch (e) {
      await s.query("ROLLBACK").catch(() => {});
      throw e;
    }
    await s.flush();
  }

  private async pgLock(): Promise<void> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const [row] = await this.s.query("SELECT pg_try_advisory_lock($1) AS ok", [this.lockId]);
      if (row?.ok === true) return;
      if (Date.now() > deadline) this.locked();
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  private locked(): never {
    throw new CodegenError(
      diag(
        "SQL_MIGRATE_LOCKED",
        `another migration run holds the lock on ${this.s.datasource.redacted}`,
        undefined,
        "wait for it to finish, then try again",
      ),
    );
  }
}

/** golang-migrate's lock id: crc32(names joined by NUL) × salt, as an unsigned 32-bit number. */
function advisoryLockId(names: string[]): string {
  const sum = crc32(Buffer.from(names.join("\0"), "utf8"));
  return String(Number((BigInt(sum) * 1486364155n) & 0xffffffffn));
}

let table: Uint32Array | null = null;

function crc32(bytes: Uint8Array): number {
  if (!table) {
    table = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      table[n] = c >>> 0;
    }
  }
  let crc = 0xffffffff;
  for (const b of bytes) crc = table[(crc ^ b) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

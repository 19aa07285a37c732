// Shared by the database tests: throwaway databases on the local servers, fixtures, IR helpers.
// Servers: CODEGEN_TEST_MYSQL (default mysql://root@127.0.0.1:3306/test) and
// CODEGEN_TEST_POSTGRES (default postgres://postgres@127.0.0.1:5432/test). An unreachable
// server fails the test: the suite must exercise every database it claims to support.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { connect, type SqlSession } from "../../engine/descriptors/sql/index.js";
import type { SqlIR } from "../../engine/ir/index.js";

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const fixtures = path.join(repoRoot, "test/db/fixtures");

const MYSQL = process.env.CODEGEN_TEST_MYSQL ?? "mysql://root@127.0.0.1:3306/test";
const POSTGRES = process.env.CODEGEN_TEST_POSTGRES ?? "postgres://postgres@127.0.0.1:5432/test";

export interface TestDb {
  url: string;
  /** Drops everything the test created. */
  drop(): Promise<void>;
}

const suffix = () => `${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;

async function admin(url: string): Promise<SqlSession | null> {
  return connect(url);
}

/** A fresh MariaDB/MySQL database, or null when the server is unreachable. */
export async function mysqlDatabase(): Promise<TestDb | null> {
  const s = await admin(MYSQL);
  if (!s) return null;
  const name = `codegen_t_${suffix()}`;
  await s.exec(`CREATE DATABASE \`${name}\``);
  const [base = "", query] = MYSQL.split("?");
  const url = `${base.replace(/\/[^/]*$/, `/${name}`)}${query ? `?${query}` : ""}`;
  return {
    url,
    async drop() {
      await s.exec(`DROP DATABASE IF EXISTS \`${name}\``);
      await s.close();
    },
  };
}

/** A fresh PostgreSQL schema (reached through search_path), or null when unreachable. */
export async function postgresSchema(): Promise<TestDb | null> {
  const s = await admin(POSTGRES);
  if (!s) return null;
  const name = `codegen_t_${suffix()}`;
  await s.exec(`CREATE SCHEMA "${name}"`);
  const u = new URL(POSTGRES);
  u.searchParams.set("search_path", name);
  return {
    url: u.toString(),
    async drop() {
      await s.exec(`DROP SCHEMA IF EXISTS "${name}" CASCADE`);
      await s.close();
    },
  };
}

/** A path for a new SQLite file in a temporary folder. */
export async function sqliteFile(): Promise<TestDb> {
  const dir = await mkdtemp(path.join(os.tmpdir(), "codegen-sqlite-"));
  return {
    url: `sqlite:${path.join(dir, "test.db")}`,
    async drop() {
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The IR without the fields that say where it was read from. */
export function withoutOrigin(ir: SqlIR): unknown {
  return ir.tables.map(({ source: _s, pos: _p, ...rest }) => rest);
}

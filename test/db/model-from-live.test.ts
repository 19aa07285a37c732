/**
 * The same schema read from DDL files and from the live database yields the same model code:
 * `codegen gen` on desc/sql/<file> and `codegen gen` with sql.datasource write identical
 * files under internal/model (MariaDB, PostgreSQL, SQLite).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { connect } from "../../engine/descriptors/sql/index.js";
import { codegen } from "../support/cli.js";
import { scratch } from "../support/paths.js";
import { fixtures, mysqlDatabase, postgresSchema, sqliteFile, type TestDb } from "./helpers.js";

const test = suite("model code: DDL and live database agree");

function modelFiles(dir: string): Record<string, string> {
  const root = join(dir, "internal/model");
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[relative(root, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name), "utf8");
  }
  return out;
}

function project(config: string): string {
  const dir = scratch("model-live");
  writeFileSync(join(dir, ".codegen.yaml"), `name: shop\nmodule: example.com/shop\nframe: api\n${config}`);
  return dir;
}

async function compare(db: TestDb | null, fixture: string): Promise<void> {
  assert.ok(db, "database reachable");
  try {
    const session = await connect(db.url, { write: true });
    try {
      await session.exec(readFileSync(join(fixtures, fixture), "utf8"));
      await session.flush?.();
    } finally {
      await session.close();
    }
    const fromDdl = project("");
    mkdirSync(join(fromDdl, "desc/sql"), { recursive: true });
    copyFileSync(join(fixtures, fixture), join(fromDdl, "desc/sql", fixture));
    const a = codegen(["gen"], fromDdl);
    assert.is(a.code, 0, a.stderr);
    // A project's own config names an SQLite file inside the project (attacks/datasource.test.ts).
    const url = db.url.startsWith("sqlite:") ? "sqlite:data/test.db" : db.url;
    const fromDb = project(`sql:\n  datasource: ["${url}"]\n`);
    if (url !== db.url) {
      mkdirSync(join(fromDb, "data"));
      copyFileSync(db.url.slice("sqlite:".length), join(fromDb, "data/test.db"));
    }
    const b = codegen(["gen"], fromDb);
    assert.is(b.code, 0, b.stderr);
    const ddlFiles = modelFiles(fromDdl);
    assert.ok(Object.keys(ddlFiles).length >= 4, "model files were generated");
    assert.equal(modelFiles(fromDb), ddlFiles);
  } finally {
    await db.drop();
  }
}

test("MariaDB", async () => compare(await mysqlDatabase(), "mysql.sql"));
test("PostgreSQL", async () => compare(await postgresSchema(), "postgres.sql"));
test("SQLite", async () => compare(await sqliteFile(), "sqlite.sql"));

test.run();

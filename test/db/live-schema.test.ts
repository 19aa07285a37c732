// The same schema read from a DDL file and from the live database gives the same IR.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { connect, parseDatasource, readLiveSchema, readSqlFiles } from "../../engine/descriptors/sql/index.js";
import { type TestDb, fixtures, mysqlDatabase, postgresSchema, sqliteFile, withoutOrigin } from "./helpers.js";

const live = suite("live schema = DDL");

async function roundTrip(db: TestDb | null, fixture: string, dialect: string): Promise<void> {
  if (!db) return;
  try {
    const file = path.join(fixtures, fixture);
    const session = await connect(db.url, { write: true });
    try {
      await session.exec(await readFile(file, "utf8"));
      await session.flush();
    } finally {
      await session.close();
    }
    const fromDb = await readLiveSchema([db.url]);
    const fromDdl = await readSqlFiles([fixture], { root: fixtures });
    assert.ok(fromDdl.tables.length >= 3, "fixture has several tables");
    for (const t of fromDdl.tables) assert.is(t.dialect, dialect, `dialect of ${t.name} detected`);
    if (process.env.CODEGEN_TEST_DUMP) console.log(JSON.stringify({ fromDb, fromDdl }, null, 1));
    assert.equal(withoutOrigin(fromDb), withoutOrigin(fromDdl));
    const redacted = parseDatasource(db.url).redacted;
    for (const t of fromDb.tables) assert.equal([t.source, t.pos], [redacted, null]);
    for (const t of fromDdl.tables) assert.equal([t.source, t.pos?.file], [fixture, fixture]);
  } finally {
    await db.drop();
  }
}

live("MariaDB/MySQL", async () => roundTrip(await mysqlDatabase(), "mysql.sql", "mysql"));
live("PostgreSQL", async () => roundTrip(await postgresSchema(), "postgres.sql", "postgres"));
live("SQLite", async () => roundTrip(await sqliteFile(), "sqlite.sql", "sqlite"));

live.run();

// Datasource URLs: the forms accepted, passwords kept out of messages, connection errors.
import path from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { connect, parseDatasource, readLiveSchema } from "../../engine/descriptors/sql/index.js";

const test = suite("sql datasource");

test("URL forms", () => {
  const m = parseDatasource("mysql://root:p%40ss@db.local:3307/shop?parseTime=true");
  assert.equal(
    [m.dialect, m.user, m.password, m.host, m.port, m.database, m.redacted],
    ["mysql", "root", "p@ss", "db.local", 3307, "shop", "mysql://root:***@db.local:3307/shop?parseTime=true"],
  );
  const t = parseDatasource("mysql://u:secret@tcp(10.0.0.1:3306)/app");
  assert.equal(
    [t.host, t.port, t.database, t.redacted],
    ["10.0.0.1", 3306, "app", "mysql://u:***@tcp(10.0.0.1:3306)/app"],
  );
  const p = parseDatasource("postgresql://me:secret@localhost/app?search_path=billing&sslmode=disable");
  assert.equal(
    [p.dialect, p.user, p.password, p.port, p.database, p.schema],
    ["postgres", "me", "secret", 5432, "app", "billing"],
  );
  assert.is(p.redacted, "postgresql://me:***@localhost/app?search_path=billing&sslmode=disable");
  assert.is(parseDatasource("sqlite:///var/data/app.db").file, "/var/data/app.db");
  assert.is(parseDatasource("sqlite:data/app.db", "/proj").file, path.resolve("/proj/data/app.db"));
  assert.is(
    parseDatasource("sqlite3://data/app.db?x-no-tx-wrap=true", "/proj").file,
    path.resolve("/proj/data/app.db"),
  );
});

function failsWith(fn: () => unknown, code: string): CodegenError {
  try {
    fn();
  } catch (e) {
    assert.instance(e, CodegenError);
    assert.is((e as CodegenError).diagnostics[0]!.code, code);
    return e as CodegenError;
  }
  assert.unreachable(`expected ${code}`);
  throw new Error();
}

test("bad URLs are usage errors without the password", () => {
  const e = failsWith(() => parseDatasource("oracle://u:hunter2@host/db"), "SQL_DATASOURCE");
  assert.is(e.exitCode, 2);
  assert.not.match(e.message, "hunter2");
  failsWith(() => parseDatasource("mysql://u:hunter2@host"), "SQL_DATASOURCE");
  failsWith(() => parseDatasource("postgres://host:5432/"), "SQL_DATASOURCE");
});

async function connectError(url: string): Promise<string> {
  try {
    await readLiveSchema([url]);
  } catch (e) {
    assert.instance(e, CodegenError);
    assert.is((e as CodegenError).diagnostics[0]!.code, "SQL_CONNECT");
    return (e as CodegenError).message;
  }
  assert.unreachable("expected a connection error");
  return "";
}

test("connection errors name the datasource, never the password", async () => {
  const my = await connectError("mysql://root:hunter2@127.0.0.1:1/shop");
  assert.match(my, "cannot connect to mysql://root:***@127.0.0.1:1/shop");
  assert.not.match(my, "hunter2");
  const pg = await connectError("postgres://me:hunter2@127.0.0.1:1/shop");
  assert.match(pg, "cannot connect to postgres://me:***@127.0.0.1:1/shop");
  assert.not.match(pg, "hunter2");
  assert.match(
    await connectError("sqlite:/nonexistent-codegen-dir/x.db"),
    "SQLite database file /nonexistent-codegen-dir/x.db does not exist",
  );
});

test("a missing SQLite file is named as missing, with no talk of a server", async () => {
  try {
    await connect("sqlite:nope/app.db", { cwd: "/nonexistent-codegen-dir" });
    assert.unreachable();
  } catch (e) {
    const d = (e as CodegenError).diagnostics[0]!;
    assert.is(d.code, "SQL_CONNECT");
    assert.is(d.message, "SQLite database file /nonexistent-codegen-dir/nope/app.db does not exist");
    assert.not.match(d.hint ?? "", "server");
    assert.match(d.hint ?? "", "sqlite:nope/app.db");
  }
});

test("an existing file that is not SQLite", async () => {
  try {
    await connect(`sqlite:${path.resolve("package.json")}`);
    assert.unreachable();
  } catch (e) {
    assert.match((e as Error).message, "not an SQLite database");
  }
});

test.run();

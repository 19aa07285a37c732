// The one password redaction (engine/secrets/redact.ts), on every datasource form the three
// drivers take and in the messages that quote one.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { redactDatasource, redactValue } from "../../engine/secrets/index.js";

const test = suite("redactDatasource");

const cases: Array<[string, string, string]> = [
  // [what, given, printed]
  [
    "MySQL URL",
    "mysql://root:hunter2@db.local:3307/shop?parseTime=true",
    "mysql://root:***@db.local:3307/shop?parseTime=true",
  ],
  ["MySQL URL, a password holding @", "mysql://user:pa@ss@host/db", "mysql://user:***@host/db"],
  ["MySQL URL, a password holding @, / and :", "mysql://u:a@b/c:d@host:3306/db", "mysql://u:***@host:3306/db"],
  ["MySQL URL, percent-encoded", "mysql://root:p%40ss@host/db", "mysql://root:***@host/db"],
  ["MySQL URL, a password holding # and ?", "mysql://u:p#s?s@host/db", "mysql://u:***@host/db"],
  [
    "MySQL URL with the driver's tcp()",
    "mysql://u:secret@tcp(10.0.0.1:3306)/app",
    "mysql://u:***@tcp(10.0.0.1:3306)/app",
  ],
  ["MySQL URL without a password", "mysql://root@host:3306/db", "mysql://root@host:3306/db"],
  ["MySQL URL with an empty password", "mysql://root:@host/db", "mysql://root:@host/db"],
  ["MySQL URL without user info", "mysql://host:3306/db", "mysql://host:3306/db"],
  ["the MySQL driver's DSN", "user:pass@tcp(host:3306)/db", "user:***@tcp(host:3306)/db"],
  [
    "the MySQL driver's DSN, a password holding @",
    "user:p@ss@tcp(host:3306)/db?parseTime=true",
    "user:***@tcp(host:3306)/db?parseTime=true",
  ],
  [
    "the MySQL driver's DSN over a socket",
    "user:pass@unix(/var/run/mysqld.sock)/db",
    "user:***@unix(/var/run/mysqld.sock)/db",
  ],
  ["the MySQL driver's DSN, default address", "user:pass@/db", "user:***@/db"],
  ["the MySQL driver's DSN without a password", "user@tcp(host:3306)/db", "user@tcp(host:3306)/db"],
  ["PostgreSQL URL", "postgres://u:p@h/db?sslmode=disable", "postgres://u:***@h/db?sslmode=disable"],
  [
    "postgresql: URL with a schema",
    "postgresql://me:secret@localhost:5432/app?search_path=billing&sslmode=require",
    "postgresql://me:***@localhost:5432/app?search_path=billing&sslmode=require",
  ],
  [
    "PostgreSQL URL, password in the query",
    "postgres://u@h/db?sslmode=disable&password=hunter2",
    "postgres://u@h/db?sslmode=disable&password=***",
  ],
  [
    "PostgreSQL URL, password first in the query",
    "postgres://u@h/db?password=hunter2&sslmode=disable",
    "postgres://u@h/db?password=***&sslmode=disable",
  ],
  [
    "PostgreSQL URL, sslpassword in the query",
    "postgres://u@h/db?sslpassword=k3y&sslmode=verify-full",
    "postgres://u@h/db?sslpassword=***&sslmode=verify-full",
  ],
  ["MySQL URL, password in the query", "mysql://u@h/db?password=hunter2", "mysql://u@h/db?password=***"],
  [
    "PostgreSQL keyword DSN",
    "host=h port=5432 user=u password=hunter2 dbname=db sslmode=disable",
    "host=h port=5432 user=u password=*** dbname=db sslmode=disable",
  ],
  ["PostgreSQL keyword DSN, quoted", "host=h password='hun ter\\'2' dbname=db", "host=h password=*** dbname=db"],
  ["PostgreSQL keyword DSN, spaces around =", "user=u password = hunter2 dbname=db", "user=u password = *** dbname=db"],
  ["PostgreSQL keyword DSN, first", "password=hunter2 host=h", "password=*** host=h"],
  ["PostgreSQL keyword DSN, capitals", "PASSWORD=hunter2 host=h", "PASSWORD=*** host=h"],
  ["SQLite path", "sqlite:data/app.db", "sqlite:data/app.db"],
  ["SQLite absolute path", "sqlite:///var/data/app.db", "sqlite:///var/data/app.db"],
  ["SQLite path holding : and @", "sqlite://data/a:b@c/app.db", "sqlite://data/a:b@c/app.db"],
  ["sqlite3 path holding : and @/", "sqlite3:a:b@/x.db", "sqlite3:a:b@/x.db"],
  ["a plain file name", "data/app.db", "data/app.db"],
  [
    "URL user info of another scheme",
    "https://user:token@example.com/pack.tar.gz",
    "https://user:***@example.com/pack.tar.gz",
  ],
  [
    "a message quoting a URL",
    "cannot connect to mysql://root:hunter2@127.0.0.1:1/shop: connect ECONNREFUSED 127.0.0.1:1",
    "cannot connect to mysql://root:***@127.0.0.1:1/shop: connect ECONNREFUSED 127.0.0.1:1",
  ],
  [
    "a message quoting a DSN",
    "DataSource: root:hunter2@tcp(127.0.0.1:3306)/shop",
    "DataSource: root:***@tcp(127.0.0.1:3306)/shop",
  ],
  [
    "a message quoting a keyword DSN",
    "  DataSource: host=h password=hunter2 dbname=db",
    "  DataSource: host=h password=*** dbname=db",
  ],
  [
    "words that are no datasource",
    "check that the URL, user and password are right",
    "check that the URL, user and password are right",
  ],
  ["a time and an address", "at 12:30 from host:5432", "at 12:30 from host:5432"],
];

for (const [what, given, printed] of cases) {
  test(what, () => {
    assert.is(redactDatasource(given), printed);
    assert.is(redactDatasource(printed), printed, "redacting twice changes nothing");
  });
}

test("no password survives, whatever surrounds it", () => {
  const secret = "S3cr#t?@/:x";
  for (const form of [
    `mysql://u:${secret}@h/db`,
    `u:${secret}@tcp(h:3306)/db`,
    `postgres://u:${encodeURIComponent(secret)}@h/db`,
    `host=h password='${secret}'`,
  ]) {
    for (const around of [
      (s: string) => s,
      (s: string) => `"${s}"`,
      (s: string) => `invalid datasource ${s}: no database name`,
    ]) {
      const shown = redactDatasource(around(form));
      assert.not.ok(
        shown.includes("S3cr") || shown.includes("cr#t") || shown.includes("t?@"),
        `${around(form)} → ${shown}`,
      );
    }
  }
});

test("redactValue: every string of a config value", () => {
  assert.equal(redactValue(["mysql://a:b@h/db", "sqlite:x.db"]), ["mysql://a:***@h/db", "sqlite:x.db"]);
  assert.equal(redactValue({ datasource: "postgres://u:p@h/db", dir: "db", n: 3, on: true }), {
    datasource: "postgres://u:***@h/db",
    dir: "db",
    n: 3,
    on: true,
  });
  assert.is(redactValue(null), null);
});

test.run();

// The DDL reader on dumps as MySQL, PostgreSQL and SQLite tools write them.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { detectDialect } from "../../engine/descriptors/sql/index.js";
import { normalizeDefault } from "../../engine/descriptors/sql/defaults.js";
import { parseTypeText } from "../../engine/descriptors/sql/type-spec.js";
import { normalizeType } from "../../engine/descriptors/sql/types.js";
import type { SqlDialect } from "../../engine/ir/index.js";
import { columns, readDdl, table } from "./sql-helpers.js";

const test = suite("sql ddl");

const MYSQL_DUMP = `-- MySQL dump 10.13  Distrib 8.0.36, for Linux (x86_64)
/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!50503 SET NAMES utf8mb4 */;
SET FOREIGN_KEY_CHECKS=0;
DROP TABLE IF EXISTS \`post\`;
CREATE TABLE \`post\` (
  \`id\` int(11) NOT NULL,
  \`title\` varchar(200) COLLATE utf8mb4_unicode_ci NOT NULL COMMENT 'the title',
  \`status\` tinyint(4) NOT NULL DEFAULT '1',
  \`body\` longtext,
  \`created_at\` datetime DEFAULT CURRENT_TIMESTAMP
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
LOCK TABLES \`post\` WRITE;
INSERT INTO \`post\` VALUES (1,'it\\'s; fine',1,'x',NULL);
UNLOCK TABLES;
DELIMITER ;;
/*!50003 CREATE*/ /*!50017 DEFINER=\`root\`@\`localhost\`*/ /*!50003 TRIGGER \`post_bi\` BEFORE INSERT ON \`post\` FOR EACH ROW BEGIN
  SET NEW.title = TRIM(NEW.title);
END */;;
DELIMITER ;
# phpMyAdmin style keys
ALTER TABLE \`post\`
  ADD PRIMARY KEY (\`id\`),
  ADD KEY \`idx_status\` (\`status\`,\`created_at\`);
ALTER TABLE \`post\`
  MODIFY \`id\` int(11) NOT NULL AUTO_INCREMENT, AUTO_INCREMENT=5;
CREATE TABLE t2 LIKE post`;

test("MySQL dump: comments, SET, LOCK, INSERT, DELIMITER, ALTER keys, LIKE, no final ';'", async () => {
  const { ir, skipped } = await readDdl({ "dump.sql": MYSQL_DUMP });
  assert.equal(
    ir.tables.map((t) => t.name),
    ["post", "t2"],
  );
  const post = table(ir, "post");
  assert.is(post.dialect, "mysql");
  assert.equal(post.primaryKey, ["id"]);
  assert.is(post.autoIncrement, "id");
  assert.equal(post.indexes, [{ name: "idx_status", columns: ["status", "created_at"], unique: false }]);
  assert.equal(columns(post), {
    id: "int int 32 ai",
    title: "varchar(200) string 0",
    status: "tinyint int 8 default=1",
    body: "longtext string 0 null",
    created_at: "datetime datetime 0 null default=CURRENT_TIMESTAMP",
  });
  assert.is(post.columns[1]!.comment, "the title");
  assert.equal(columns(table(ir, "t2")), columns(post));
  assert.equal(
    skipped.map((s) => `${s.line}:${s.column} ${s.what}`),
    [
      "2:10 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT",
      "3:10 SET NAMES utf8mb4",
      "4:1 SET FOREIGN_KEY_CHECKS=0",
      "5:1 DROP TABLE IF EXISTS `post`",
      "13:1 LOCK TABLES `post` WRITE",
      "14:1 INSERT INTO `post` VALUES",
      "15:1 UNLOCK TABLES",
      "17:10 CREATE DEFINER=`root`@`localhost` TRIGGER `post_bi`",
    ],
  );
});

test("MySQL table options, inline and table-level keys, unsigned, enum, unnamed keys", async () => {
  const { ir } = await readDdl({
    "shop.sql": `CREATE TABLE IF NOT EXISTS shop.item (
      id bigint unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,
      sku varchar(32) NOT NULL UNIQUE KEY,
      kind ENUM('a','b''c') NOT NULL DEFAULT 'a',
      price decimal(10,2) unsigned DEFAULT '0.50',
      flag bool DEFAULT false,
      ts timestamp(3) NULL DEFAULT NULL ON UPDATE CURRENT_TIMESTAMP(3),
      label varchar(64) AS (concat(sku, '-', kind)) VIRTUAL,
      KEY (kind), INDEX (kind, price), UNIQUE INDEX uk (sku, kind),
      CONSTRAINT fk FOREIGN KEY (price) REFERENCES other (p) ON DELETE SET NULL
    ) ENGINE=InnoDB AUTO_INCREMENT=7 COMMENT='items'`,
  });
  const t = table(ir, "item");
  assert.is(t.comment, "items");
  assert.equal(columns(t), {
    id: "bigint unsigned int 64 unsigned ai",
    sku: "varchar(32) string 0",
    kind: "enum('a','b''c') string 0 default='a'",
    price: "decimal(10,2) unsigned decimal 0 unsigned null default=0.5",
    flag: "tinyint(1) bool 0 null default=false",
    ts: "timestamp(3) datetime 0 null onupdate=CURRENT_TIMESTAMP(3)",
    label: "varchar(64) string 0 null generated",
  });
  assert.equal(t.columns[2]!.enumValues, ["a", "b'c"]);
  assert.equal(
    t.uniqueKeys.map((k) => `${k.name}(${k.columns})`),
    ["sku(sku)", "uk(sku,kind)"],
  );
  assert.equal(
    t.indexes.map((k) => `${k.name}(${k.columns})`),
    ["fk(price)", "kind(kind)", "kind_2(kind,price)"],
  );
});

test("PostgreSQL dump: identity, serial via sequence default, COMMENT ON, ALTER ADD CONSTRAINT, CREATE INDEX, enums, COPY data", async () => {
  const { ir, skipped } = await readDdl({
    "pg.sql": `SET statement_timeout = 0;
SELECT pg_catalog.set_config('search_path', '', false);
CREATE TYPE public.status AS ENUM ('on', 'off');
CREATE FUNCTION f() RETURNS trigger AS $body$ BEGIN RETURN NEW; END; $body$ LANGUAGE plpgsql;
CREATE TABLE public.account (
    id integer NOT NULL,
    uid bigint GENERATED ALWAYS AS IDENTITY (START WITH 1 INCREMENT BY 1),
    email public.citext,
    st public.status DEFAULT 'on'::public.status NOT NULL,
    tags text[] DEFAULT '{}'::text[],
    total numeric GENERATED ALWAYS AS (1 + 2) STORED,
    "Mixed" text,
    Lower_Case int4 DEFAULT '-1'::integer,
    created timestamp(0) without time zone DEFAULT timezone('utc'::text, now()),
    at timestamp with time zone DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT chk CHECK ((id > 0))
);
ALTER TABLE public.account OWNER TO postgres;
COMMENT ON TABLE public.account IS 'accounts';
COMMENT ON COLUMN public.account."Mixed" IS 'mixed case';
CREATE SEQUENCE public.account_id_seq AS integer START WITH 1 INCREMENT BY 1 NO MINVALUE NO MAXVALUE CACHE 1;
ALTER TABLE ONLY public.account ALTER COLUMN id SET DEFAULT nextval('public.account_id_seq'::regclass);
ALTER TABLE ONLY public.account ADD CONSTRAINT account_pkey PRIMARY KEY (id);
ALTER TABLE ONLY public.account ADD CONSTRAINT account_email_key UNIQUE (email);
CREATE INDEX account_lower_idx ON public.account USING btree (lower(("Mixed")::text));
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS uq ON account (st, created DESC NULLS LAST) WHERE st = 'on';
CREATE INDEX ON account (created);
COPY public.account (id, "Mixed") FROM stdin;
1\tit's ; not SQL
\\.
CREATE TABLE after_copy (id serial primary key)`,
  });
  const t = table(ir, "account");
  assert.is(t.dialect, "postgres");
  assert.is(t.comment, "accounts");
  assert.equal(t.primaryKey, ["id"]);
  assert.is(t.autoIncrement, "id");
  assert.equal(columns(t), {
    id: "integer int 32 ai",
    uid: "bigint int 64 ai",
    email: "citext string 0 null",
    st: "status string 0 default='on'",
    tags: "text[] unknown 0 null default='{}'",
    total: "numeric decimal 0 null generated",
    Mixed: "text string 0 null",
    lower_case: "integer int 32 null default=-1",
    created: "timestamp(0) datetime 0 null default=timezone('utc'::text, now())",
    at: "timestamptz datetime 0 null default=CURRENT_TIMESTAMP",
  });
  assert.equal(t.columns[3]!.enumValues, ["on", "off"]);
  assert.is(t.columns[6]!.comment, "mixed case");
  assert.equal(
    t.uniqueKeys.map((k) => `${k.name}(${k.columns})`),
    ["account_email_key(email)", "uq(st,created)"],
  );
  assert.equal(
    t.indexes.map((k) => `${k.name}(${k.columns.join("|")})`),
    ["account_created_idx(created)", 'account_lower_idx(lower(("Mixed")::text))'],
  );
  assert.equal(columns(table(ir, "after_copy")), { id: "integer int 32 ai" });
  assert.equal(
    skipped.map((s) => s.what.split(" ").slice(0, 2).join(" ")),
    [
      "SET statement_timeout=0",
      "SELECT pg_catalog.set_config",
      "CREATE FUNCTION",
      "ALTER TABLE",
      "CREATE SEQUENCE",
      "COPY public.account",
    ],
  );
});

test("SQLite: AUTOINCREMENT, INTEGER PRIMARY KEY, PRAGMA, WITHOUT ROWID, triggers, untyped columns", async () => {
  const { ir, skipped } = await readDdl({
    "lite.sql": `PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE IF NOT EXISTS "migrations" (id integer primary key autoincrement not null, name varchar not null, batch integer);
CREATE TABLE t (a INTEGER PRIMARY KEY DESC, b, c STRING, d UNSIGNED BIG INT, e NVARCHAR(10) COLLATE NOCASE, f DOUBLE PRECISION, g "some type", h numeric, UNIQUE (c) ON CONFLICT IGNORE) STRICT;
CREATE TABLE w (k text, v blob, PRIMARY KEY (k), UNIQUE (v), UNIQUE (k)) WITHOUT ROWID;
CREATE TABLE r ([id] INTEGER NOT NULL PRIMARY KEY, x TEXT UNIQUE);
CREATE TRIGGER tr AFTER INSERT ON t BEGIN INSERT INTO w VALUES (CASE WHEN new.b THEN 'x' ELSE 'y' END, 1); END;
COMMIT;`,
  });
  assert.equal(
    ir.tables.map((t) => `${t.name}:${t.dialect}:${t.autoIncrement}`),
    ["migrations:sqlite:id", "r:sqlite:id", "t:sqlite:", "w:sqlite:"],
  );
  assert.equal(columns(table(ir, "t")), {
    a: "integer int 64",
    b: " unknown 0 null",
    c: "string string 0 null",
    d: "big int unsigned int 64 unsigned null",
    e: "nvarchar(10) string 0 null",
    f: "double precision float 64 null",
    g: "some type unknown 0 null",
    h: "numeric decimal 0 null",
  });
  assert.equal(
    table(ir, "t").uniqueKeys.map((k) => k.name),
    ["sqlite_autoindex_t_2"],
  );
  assert.equal(
    table(ir, "w").uniqueKeys.map((k) => k.name),
    ["sqlite_autoindex_w_2"],
  );
  assert.equal(
    table(ir, "r").uniqueKeys.map((k) => k.name),
    ["sqlite_autoindex_r_1"],
  );
  assert.equal(
    skipped.map((s) => s.what),
    ["PRAGMA foreign_keys=OFF", "BEGIN TRANSACTION", "CREATE TRIGGER tr AFTER INSERT ON t BEGIN", "COMMIT"],
  );
});

test("several files, several tables per file, tables sorted by name", async () => {
  const { ir } = await readDdl({
    "b.sql": "CREATE TABLE zeta (id int);\nCREATE TABLE alpha (id int)",
    "a.sql": "CREATE TABLE mid (id int);",
  });
  assert.equal(
    ir.tables.map((t) => `${t.name}@${t.pos?.file}:${t.pos?.line}`),
    ["alpha@b.sql:2", "mid@a.sql:1", "zeta@b.sql:1"],
  );
});

test("dialect detection", () => {
  const cases: [string, SqlDialect][] = [
    ["CREATE TABLE `a` (id int) ENGINE=InnoDB", "mysql"],
    ["CREATE TABLE a (id serial primary key); COMMENT ON TABLE a IS 'x'", "postgres"],
    ["CREATE TABLE a (id int GENERATED ALWAYS AS IDENTITY, j jsonb)", "postgres"],
    ["CREATE TABLE a (id integer primary key autoincrement); PRAGMA x", "sqlite"],
    ["-- serial in a comment\nCREATE TABLE a (id int)", "mysql"],
  ];
  for (const [text, dialect] of cases) assert.is(detectDialect(text).dialect, dialect, text);
});

test("type families", () => {
  const cases: [SqlDialect, string, string][] = [
    ["mysql", "int(11)", "int int int 32 false"],
    ["mysql", "int(10) unsigned zerofill", "int int unsigned zerofill int 32 true"],
    ["mysql", "tinyint(1)", "tinyint tinyint(1) bool 0 false"],
    ["mysql", "tinyint(4)", "tinyint tinyint int 8 false"],
    ["mysql", "BOOLEAN", "tinyint tinyint(1) bool 0 false"],
    ["mysql", "bit(1)", "bit bit(1) bool 0 false"],
    ["mysql", "bit(8)", "bit bit(8) bytes 0 false"],
    ["mysql", "mediumint unsigned", "mediumint mediumint unsigned int 32 true"],
    ["mysql", "integer", "int int int 32 false"],
    ["mysql", "numeric", "decimal decimal(10,0) decimal 0 false"],
    ["mysql", "float(30)", "double double float 64 false"],
    ["mysql", "real", "double double float 64 false"],
    ["mysql", "char", "char char(1) string 0 false"],
    ["mysql", "national varchar(5)", "varchar varchar(5) string 0 false"],
    ["mysql", "year(4)", "year year int 16 false"],
    ["mysql", "datetime(0)", "datetime datetime datetime 0 false"],
    ["mysql", "serial", "bigint bigint unsigned int 64 true"],
    ["mysql", "geometry", "geometry geometry unknown 0 false"],
    ["mysql", "varbinary(16)", "varbinary varbinary(16) bytes 0 false"],
    ["postgres", "int4", "integer integer int 32 false"],
    ["postgres", "character varying(20)", "varchar varchar(20) string 0 false"],
    ["postgres", "character(1)", "char char(1) string 0 false"],
    ["postgres", "bpchar", "bpchar bpchar string 0 false"],
    ["postgres", "float(10)", "real real float 32 false"],
    ["postgres", "float8", "double precision double precision float 64 false"],
    ["postgres", "numeric(8)", "numeric numeric(8,0) decimal 0 false"],
    ["postgres", "timestamp(3) with time zone", "timestamptz timestamptz(3) datetime 0 false"],
    ["postgres", "time without time zone", "time time time 0 false"],
    ["postgres", "smallserial", "smallint smallint int 16 false"],
    ["postgres", "integer[]", "integer[] integer[] unknown 0 false"],
    ["postgres", "int ARRAY", "integer[] integer[] unknown 0 false"],
    ["postgres", "pg_catalog.int8", "bigint bigint int 64 false"],
    ["postgres", "interval", "interval interval unknown 0 false"],
    ["sqlite", "INTEGER", "integer integer int 64 false"],
    ["sqlite", "VARCHAR(255)", "varchar varchar(255) string 0 false"],
    ["sqlite", "medium int", "medium int medium int int 64 false"],
    ["sqlite", "FLOATING POINT", "floating point floating point int 64 false"], // SQLite's rule: "INT" wins
    ["sqlite", "DOUBLE", "double double float 64 false"],
    ["sqlite", "", "  unknown 0 false"],
  ];
  for (const [dialect, text, want] of cases) {
    const t = normalizeType(parseTypeText(text, dialect), dialect);
    assert.is(`${t.type} ${t.rawType} ${t.family} ${t.bits} ${t.unsigned}`, want, `${dialect} ${text}`);
  }
  const d = normalizeType(parseTypeText("decimal(12,4)", "mysql"), "mysql");
  assert.equal([d.precision, d.scale, d.length], [12, 4, null]);
  const v = normalizeType(parseTypeText("varchar(30)", "postgres"), "postgres");
  assert.equal([v.precision, v.scale, v.length], [null, null, 30]);
  const ts = normalizeType(parseTypeText("datetime(6)", "mysql"), "mysql");
  assert.equal([ts.precision, ts.length], [6, null]);
});

test("defaults are normalised the way databases report them", () => {
  const cases: [string | null, string, SqlDialect, string | null][] = [
    [null, "int", "mysql", null],
    ["NULL", "string", "mysql", null],
    ["NULL::character varying", "string", "postgres", null],
    ["'0'", "int", "mysql", "0"],
    ["1.50", "decimal", "mysql", "1.5"],
    ["0.00", "decimal", "postgres", "0"],
    ["'-1'::integer", "int", "postgres", "-1"],
    ["(-1)", "int", "sqlite", "-1"],
    ["0", "string", "mysql", "'0'"],
    ["'it''s'::text", "string", "postgres", "'it''s'"],
    ["'it\\'s'", "string", "mysql", "'it''s'"],
    ["'a\\\\b'", "string", "mysql", "'a\\\\b'"],
    ["TRUE", "bool", "mysql", "true"],
    ["1", "bool", "mysql", "true"],
    ["'f'", "bool", "postgres", "false"],
    ["current_timestamp()", "datetime", "mysql", "CURRENT_TIMESTAMP"],
    ["now()", "datetime", "postgres", "CURRENT_TIMESTAMP"],
    ["CURRENT_TIMESTAMP(3)", "datetime", "mysql", "CURRENT_TIMESTAMP(3)"],
    ["curdate()", "date", "mysql", "CURRENT_DATE"],
    ["(datetime('now'))", "datetime", "sqlite", "datetime('now')"],
    ["(1+2)", "int", "mysql", "1 + 2"],
    ["(1 + 2)", "int", "mysql", "1 + 2"],
    ["b'0'", "bool", "mysql", "b'0'"],
    ["'{}'::jsonb", "json", "postgres", "'{}'"],
  ];
  for (const [text, family, dialect, want] of cases) {
    assert.is(normalizeDefault(text, family as never, dialect).default, want, `${dialect} ${text}`);
  }
  assert.ok(normalizeDefault("nextval('t_id_seq'::regclass)", "int", "postgres").sequence);
});

test.run();

/**
 * SQL descriptors: DDL files and live databases read into the SQL IR (`SqlIR`, schemas/ir.schema.json).
 *
 * DDL is read by a hand-written, dialect-aware parser (lexer → statements → CREATE TABLE /
 * ALTER TABLE / CREATE INDEX / COMMENT ON), not by node-sql-parser: real dumps mix
 * statements that library rejects (SET NAMES, PRAGMA, identity columns, custom types) and
 * its errors carry no usable position. Live schemas come from information_schema (MySQL,
 * MariaDB), pg_catalog (PostgreSQL) and pragma functions (SQLite); both paths end in the
 * same type, default and key normalisation, so one schema gives one IR either way.
 */
export { readSqlFiles, type ReadSqlOptions } from "./read-files.js";
export { readLiveSchema, type ReadLiveOptions } from "./live.js";
export { connect, parseDatasource, type ConnectOptions, type Datasource, type SqlSession } from "./datasource.js";
export { detectDialect } from "./detect.js";

/**
 * The IR of SQL schemas, read from DDL files or a live database. Column types are
 * normalised into SQL type families; packs map families to their language's types.
 */
import type { IrPosition } from "./api.js";

export type SqlDialect = "mysql" | "postgres" | "sqlite";

export type SqlTypeFamily =
  | "int" // integers; see `bits` and `unsigned`
  | "float" // floating point; see `bits`
  | "decimal" // exact numerics; see `precision`, `scale`
  | "bool"
  | "string" // char, varchar, text, enum, set, uuid
  | "bytes" // binary, varbinary, blob, bytea
  | "datetime" // datetime, timestamp (with or without time zone)
  | "date"
  | "time"
  | "json" // json, jsonb
  | "unknown"; // anything else; packs map it to a documented fallback

export interface SqlColumn {
  name: string;
  /** Lower-case base type name as declared (`varchar`, `bigint`, `timestamp`, `int4`). */
  type: string;
  /** Declaration as written, normalised to lower case (`bigint(20) unsigned`). */
  rawType: string;
  family: SqlTypeFamily;
  /** Integer/float width in bits (8, 16, 32, 64), 0 when not applicable. */
  bits: number;
  unsigned: boolean;
  length: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  /** Default as SQL text (`0`, `'x'`, `CURRENT_TIMESTAMP`), null when none. */
  default: string | null;
  autoIncrement: boolean;
  /** Computed by the database from an expression (`GENERATED ALWAYS AS (...)`): never written. */
  generated: boolean;
  /** `ON UPDATE` expression (MySQL) as SQL text, null when none: the database sets it on update. */
  onUpdate: string | null;
  comment: string;
  /** Allowed values of enum/set columns, [] otherwise. */
  enumValues: string[];
}

export interface SqlIndex {
  name: string;
  columns: string[];
  unique: boolean;
}

export interface SqlTable {
  name: string;
  comment: string;
  columns: SqlColumn[];
  primaryKey: string[];
  /** Unique keys other than the primary key (single and composite), sorted by name. */
  uniqueKeys: SqlIndex[];
  /** Non-unique indexes, sorted by name. */
  indexes: SqlIndex[];
  /** Name of the auto-increment / identity / serial column, "" when none. */
  autoIncrement: string;
  dialect: SqlDialect;
  /** Where the table was read from: a DDL file or a datasource (password removed). */
  source: string;
  pos: IrPosition | null;
}

export interface SqlIR {
  tables: SqlTable[];
}

/**
 * Column types: normalising a type read by type-spec.ts into the IR's type fields.
 * DDL columns and live columns (MySQL COLUMN_TYPE, PostgreSQL format_type(), SQLite's
 * declared type) go through the same two functions, which is what makes both readers agree.
 *
 * Normalisation, per dialect:
 * - names: aliases become one spelling (PostgreSQL int4/int → integer, character varying →
 *   varchar, timestamp with time zone → timestamptz; MySQL integer → int, numeric → decimal,
 *   bool → tinyint(1)); SQLite keeps the declared name (lower case) since that is what it stores;
 * - MySQL integer display widths are dropped (`int(11)` → `int`) except `tinyint(1)`,
 *   which MySQL uses for booleans and which this reader puts in the "bool" family
 *   (so does `bit(1)`); implied arguments are made explicit (`decimal` → `decimal(10,0)`,
 *   `char` → `char(1)`);
 * - `rawType` is rebuilt from the parts: base name, `(args)`, ` unsigned`, ` zerofill`, `[]`.
 */
import type { SqlColumn, SqlDialect, SqlTypeFamily } from "../../ir/index.js";
import type { TypeSpec } from "./type-spec.js";

export interface TypeInfo {
  type: string;
  rawType: string;
  family: SqlTypeFamily;
  bits: number;
  unsigned: boolean;
  length: number | null;
  precision: number | null;
  scale: number | null;
  enumValues: string[];
  /** serial, bigserial (PostgreSQL), SERIAL (MySQL): auto-increment and NOT NULL. */
  serial: boolean;
}

/** What a column is besides its type. */
export interface ColumnTraits {
  nullable: boolean;
  default: string | null;
  autoIncrement: boolean;
  generated?: boolean;
  onUpdate?: string | null;
  comment: string;
}

/** An IR column from its name, normalised type and other traits: DDL and live readers build columns here. */
export function sqlColumn(name: string, info: TypeInfo, traits: ColumnTraits): SqlColumn {
  return {
    name,
    type: info.type,
    rawType: info.rawType,
    family: info.family,
    bits: info.bits,
    unsigned: info.unsigned,
    length: info.length,
    precision: info.precision,
    scale: info.scale,
    nullable: traits.nullable,
    default: traits.default,
    autoIncrement: traits.autoIncrement,
    generated: traits.generated ?? false,
    onUpdate: traits.onUpdate ?? null,
    comment: traits.comment,
    enumValues: info.enumValues,
  };
}

const MYSQL_ALIASES: Record<string, string> = {
  integer: "int",
  int1: "tinyint",
  int2: "smallint",
  int3: "mediumint",
  int4: "int",
  int8: "bigint",
  middleint: "mediumint",
  dec: "decimal",
  numeric: "decimal",
  fixed: "decimal",
  "double precision": "double",
  real: "double",
  float4: "float",
  float8: "double",
  "character varying": "varchar",
  "char varying": "varchar",
  nvarchar: "varchar",
  "national varchar": "varchar",
  "national character varying": "varchar",
  "nchar varchar": "varchar",
  "national char varying": "varchar",
  character: "char",
  nchar: "char",
  "national char": "char",
  "national character": "char",
  long: "mediumtext",
  "long varchar": "mediumtext",
  "long varbinary": "mediumblob",
  "char byte": "binary",
};
const PG_ALIASES: Record<string, string> = {
  int: "integer",
  int4: "integer",
  int2: "smallint",
  int8: "bigint",
  float4: "real",
  float8: "double precision",
  bool: "boolean",
  decimal: "numeric",
  "character varying": "varchar",
  "char varying": "varchar",
  character: "char",
  "timestamp with time zone": "timestamptz",
  "timestamp without time zone": "timestamp",
  "time with time zone": "timetz",
  "time without time zone": "time",
  "bit varying": "varbit",
};
const PG_SERIAL: Record<string, string> = {
  serial: "integer",
  serial4: "integer",
  bigserial: "bigint",
  serial8: "bigint",
  smallserial: "smallint",
  serial2: "smallint",
};

const INT_BITS: Record<string, number> = {
  tinyint: 8,
  smallint: 16,
  mediumint: 32,
  int: 32,
  integer: 32,
  bigint: 64,
  int2: 16,
  int4: 32,
  int8: 64,
  year: 16,
};
const FAMILIES: Record<string, SqlTypeFamily> = {};
const add = (family: SqlTypeFamily, names: string) =>
  names.split(" ").forEach((n) => (FAMILIES[n.replace(/_/g, " ")] = family));
add("float", "float real double double_precision float4 float8");
add("decimal", "decimal numeric money dec");
add("bool", "bool boolean");
add(
  "string",
  "char varchar tinytext text mediumtext longtext enum set uuid citext bpchar name nchar nvarchar clob character character_varying varying_character native_character nvarchar2 varchar2 inet cidr macaddr macaddr8 xml string",
);
add("bytes", "binary varbinary tinyblob blob mediumblob longblob bytea");
add("datetime", "datetime timestamp timestamptz smalldatetime datetime2 datetimeoffset");
add("date", "date");
add("time", "time timetz");
add("json", "json jsonb");
const LENGTH_TYPES = new Set([
  "char",
  "varchar",
  "binary",
  "varbinary",
  "bit",
  "varbit",
  "nchar",
  "nvarchar",
  "bpchar",
  "character",
  "character varying",
  "varying character",
  "native character",
  "nvarchar2",
  "varchar2",
]);
const TIME_TYPES = new Set(["datetime", "timestamp", "timestamptz", "time", "timetz", "datetime2"]);

export function normalizeType(
  spec: TypeSpec,
  dialect: SqlDialect,
  enums: ReadonlyMap<string, string[]> = new Map(),
): TypeInfo {
  let unsigned = false;
  let zerofill = false;
  const words = spec.words.filter((w) => {
    if (w === "unsigned") unsigned = true;
    else if (w === "zerofill") zerofill = unsigned = true;
    else if (w === "signed" || (w === "binary" && dialect === "mysql" && spec.words[0] !== "binary")) return false;
    else return true;
    return false;
  });
  let base = words.join(" ");
  let args = spec.args.map((a) => a.text);
  let serial = false;

  if (dialect === "mysql" && !spec.quoted) {
    if (base === "bool" || base === "boolean") [base, args] = ["tinyint", ["1"]];
    else if (base === "serial") [base, unsigned, serial] = ["bigint", true, true];
    base = MYSQL_ALIASES[base] ?? base;
    if (base in INT_BITS && !(base === "tinyint" && args[0] === "1")) args = [];
    if (base === "decimal" && args.length < 2) args = [args[0] ?? "10", "0"];
    if ((base === "char" || base === "binary" || base === "bit") && args.length === 0) args = ["1"];
    if (base === "float" && args.length === 1) [base, args] = [Number(args[0]) > 24 ? "double" : "float", []];
    if (TIME_TYPES.has(base) && args[0] === "0") args = [];
  } else if (dialect === "postgres" && !spec.quoted) {
    if (base in PG_SERIAL) [base, serial] = [PG_SERIAL[base]!, true];
    base = PG_ALIASES[base] ?? base;
    if (base === "float") [base, args] = [args.length === 1 && Number(args[0]) <= 24 ? "real" : "double precision", []];
    if ((base === "char" || base === "bit") && args.length === 0) args = ["1"];
    if (base === "numeric" && args.length === 1) args = [args[0]!, "0"];
  }

  const enumValues =
    base === "enum" || base === "set" ? spec.args.filter((a) => a.string).map((a) => a.text) : (enums.get(base) ?? []);
  const rendered =
    spec.args.some((a) => a.string) && enumValues.length > 0 && (base === "enum" || base === "set")
      ? enumValues.map((v) => `'${v.replace(/'/g, "''")}'`)
      : args;
  const rawType = `${base}${rendered.length ? `(${rendered.join(",")})` : ""}${unsigned && !zerofill ? " unsigned" : ""}${zerofill ? " unsigned zerofill" : ""}${spec.array ? "[]" : ""}`;
  const num = (k: number): number | null => {
    const v = args[k];
    return v !== undefined && /^-?\d+$/.test(v) ? Number(v) : null;
  };

  let family: SqlTypeFamily = spec.array ? "unknown" : (FAMILIES[base] ?? (base in INT_BITS ? "int" : "unknown"));
  if (!spec.array && enums.has(base)) family = "string";
  if (dialect === "mysql" && ((base === "tinyint" && args[0] === "1") || (base === "bit" && args[0] === "1")))
    family = "bool";
  else if (dialect === "mysql" && base === "bit") family = "bytes";
  if (dialect === "sqlite" && family === "unknown" && !spec.array && base !== "") family = sqliteAffinity(base);

  let bits = 0;
  if (family === "int")
    bits =
      dialect === "sqlite" && (base === "int" || base === "integer" || !(base in INT_BITS))
        ? 64
        : (INT_BITS[base] ?? 64);
  if (family === "float")
    bits = base === "double" || base === "double precision" || base === "float8" || dialect === "sqlite" ? 64 : 32;

  let length: number | null = null;
  let precision: number | null = null;
  let scale: number | null = null;
  if (LENGTH_TYPES.has(base)) length = num(0);
  else if (family === "decimal" || (family === "float" && args.length === 2)) [precision, scale] = [num(0), num(1)];
  else if (TIME_TYPES.has(base)) precision = num(0);

  return {
    type: spec.array ? `${base}[]` : base,
    rawType,
    family,
    bits,
    unsigned: unsigned && (family === "int" || family === "float" || family === "decimal"),
    length,
    precision,
    scale,
    enumValues,
    serial,
  };
}

/** SQLite's type-affinity rules, for declared names this reader does not know. */
function sqliteAffinity(name: string): SqlTypeFamily {
  if (name.includes("int")) return "int";
  if (name.includes("char") || name.includes("clob") || name.includes("text")) return "string";
  if (name.includes("blob")) return "bytes";
  if (name.includes("real") || name.includes("floa") || name.includes("doub")) return "float";
  return "unknown";
}

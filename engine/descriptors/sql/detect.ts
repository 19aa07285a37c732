/**
 * Guesses a DDL file's dialect from its syntax. Internal to the SQL reader.
 * MySQL: backquotes, ENGINE=, AUTO_INCREMENT, UNSIGNED, executable comments, LOCK TABLES.
 * PostgreSQL: serial types, COMMENT ON, `::` casts, IDENTITY, dollar quotes, jsonb/bytea/timestamptz.
 * SQLite: AUTOINCREMENT, PRAGMA, WITHOUT ROWID, STRICT tables.
 * Only the first 512 KB are looked at (dumps show their dialect in their first DDL).
 * No evidence at all → "mysql", the dialect most model DDL in the corpus is written in.
 */
import type { SqlDialect } from "../../ir/index.js";

const SIGNS: [SqlDialect, RegExp, number][] = [
  ["mysql", /`/g, 1],
  ["mysql", /\bengine\s*=/gi, 3],
  ["mysql", /\bauto_increment\b/gi, 3],
  ["mysql", /\bunsigned\b/gi, 1],
  ["mysql", /\/\*!/g, 3],
  ["mysql", /\b(lock|unlock)\s+tables\b/gi, 3],
  ["mysql", /\b(default\s+)?charset\s*=/gi, 2],
  ["mysql", /\b(tinyint|mediumint|longtext|mediumtext|tinytext|longblob|mediumblob|datetime)\b/gi, 1],
  ["mysql", /\bset\s+names\b/gi, 1],
  ["postgres", /\b(small|big)?serial\b/gi, 3],
  ["postgres", /\bcomment\s+on\s+(table|column)\b/gi, 3],
  ["postgres", /::/g, 2],
  ["postgres", /\bidentity\b/gi, 3],
  ["postgres", /\$[A-Za-z_]*\$/g, 2],
  ["postgres", /\b(jsonb|bytea|timestamptz|timetz|citext|uuid|tsvector|inet)\b/gi, 2],
  ["postgres", /\bset\s+search_path\b/gi, 3],
  ["postgres", /\bowner\s+to\b/gi, 3],
  ["postgres", /\bcreate\s+(extension|sequence)\b/gi, 2],
  ["postgres", /\btimestamp\s+with(out)?\s+time\s+zone\b/gi, 2],
  ["sqlite", /\bautoincrement\b/gi, 4],
  ["sqlite", /\bpragma\b/gi, 4],
  ["sqlite", /\bwithout\s+rowid\b/gi, 4],
  ["sqlite", /\)\s*strict\b/gi, 3],
  ["sqlite", /\bsqlite_sequence\b/gi, 4],
  // `sqlite3 .schema` of databases converted from SQL Server keeps bracket-quoted names.
  ["sqlite", /\[[A-Za-z_][\w ]*\]/g, 2],
  ["sqlite", /\bnvarchar\b/gi, 1],
];

export function detectDialect(text: string): { dialect: SqlDialect; evidence: string } {
  // drop comments (but keep MySQL executable ones) and string literals
  const code = withoutBlockComments(text.slice(0, 512 * 1024))
    .replace(/--[^\n]*/g, " ")
    .replace(/'(?:[^'\\]|''|\\.)*'/g, "''");
  const score: Record<SqlDialect, number> = { mysql: 0, postgres: 0, sqlite: 0 };
  for (const [dialect, re, weight] of SIGNS) score[dialect] += (code.match(re)?.length ?? 0) * weight;
  const best = (Object.keys(score) as SqlDialect[]).sort((a, b) => score[b] - score[a])[0]!;
  const evidence = `signs: MySQL ${score.mysql}, PostgreSQL ${score.postgres}, SQLite ${score.sqlite}`;
  return score[best] > 0 ? { dialect: best, evidence } : { dialect: "mysql", evidence: "no signs; MySQL by default" };
}

/**
 * `text.replace(/\/\*(?!!)[\s\S]*?\*\//g, " ")`, in one pass: that regular expression looked
 * for the end of a comment from every `/*` again, and 200,000 unclosed ones took 11 s. Once no
 * `*\/` follows, no later comment can end either.
 */
function withoutBlockComments(text: string): string {
  let out = "";
  let from = 0;
  for (let at = text.indexOf("/*"); at >= 0; at = text.indexOf("/*", at + 1)) {
    if (text.charCodeAt(at + 2) === 0x21) continue; // `/*!`: MySQL runs what it holds
    const end = text.indexOf("*/", at + 2);
    if (end < 0) break;
    out += text.slice(from, at) + " ";
    from = end + 2;
    at = end + 1;
  }
  return out + text.slice(from);
}

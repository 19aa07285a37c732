/**
 * Splits a token stream into statements. Internal to the SQL reader.
 *
 * A statement ends at a terminator token, except inside the BEGIN ... END body of a
 * trigger, function or procedure written without a DELIMITER change (SQLite triggers,
 * PostgreSQL BEGIN ATOMIC bodies). A final statement without a terminator is kept.
 */
import type { Token } from "./lexer.js";

export interface Statement {
  tokens: Token[];
  /** Offset of the first token in the file. */
  start: number;
  /** Offset just past the last token. */
  end: number;
}

export function splitStatements(tokens: Token[]): Statement[] {
  const out: Statement[] = [];
  let current: Token[] = [];
  let depth = 0;
  let routine: boolean | null = null; // decided from the head of each statement

  const flush = () => {
    if (current.length > 0) {
      out.push({ tokens: current, start: current[0]!.start, end: current[current.length - 1]!.end });
    }
    current = [];
    depth = 0;
    routine = null;
  };

  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.kind === "end" && depth === 0) {
      flush();
      continue;
    }
    current.push(t);
    if (routine === null && current.length >= 2) routine = isRoutineHead(current);
    if (!routine || t.kind !== "word") continue;
    const next = tokens[k + 1];
    if (t.value === "begin" || t.value === "case") {
      if (
        t.value === "begin" &&
        next &&
        (next.kind === "end" || ["transaction", "work", "deferred", "immediate", "exclusive"].includes(next.value))
      )
        continue;
      depth++;
    } else if (t.value === "end" && depth > 0) {
      // END IF / END LOOP / END WHILE / END REPEAT close blocks we do not count
      if (next && next.kind === "word" && ["if", "loop", "while", "repeat"].includes(next.value)) continue;
      depth--;
    }
  }
  flush();
  return out;
}

/** CREATE [OR REPLACE] [TEMP] [DEFINER=...] TRIGGER|FUNCTION|PROCEDURE|EVENT; null while undecided. */
function isRoutineHead(tokens: Token[]): boolean | null {
  if (tokens[0]?.value !== "create") return false;
  for (let k = 1; k < tokens.length && k < 12; k++) {
    const v = tokens[k]!.value;
    if (["trigger", "function", "procedure", "event"].includes(v)) return true;
    if (["table", "index", "view", "type", "sequence", "schema", "database", "extension", "unique"].includes(v))
      return false;
  }
  return tokens.length < 12 ? null : false;
}

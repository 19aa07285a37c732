/** What the writer did, or will do, with each file, and the report of a whole write. */

export type FileState = "created" | "updated" | "unchanged" | "kept" | "removed" | "moved";

export interface FileOutcome {
  path: string;
  state: FileState;
  rule: string;
  /** The bytes at `path` now (for a move: at `from`), or null when there is no file. */
  before: Buffer | null;
  after: Buffer;
  /** A move: the path the file leaves (moves.ts). */
  from?: string;
  /** An update of a file the ledger records with other bytes: changed since gen wrote it. */
  edited?: boolean;
}

/** A write's report: every file's outcome and the totals. */
export interface WriteReport {
  outcomes: FileOutcome[];
  counts: Record<FileState, number>;
  /** Files gen wrote whose source is gone, kept because they were edited. */
  orphans: string[];
  adopted: number;
  /** Whether the run changes anything: a file, or the ledger. */
  changes: boolean;
  /** The ledger this run leaves: written for the first time, changed, or the same bytes as before. */
  ledger: "new" | "changed" | "same";
}

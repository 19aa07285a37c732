/** What deciding each file's outcome needs: the plan, the ledger, the disk and how to read them. */
import type { PlannedFile } from "../plan/index.js";
import type { NestedProjects } from "../project/index.js";
import type { ProjectFiles } from "./disk.js";
import type { LedgerEntry, Ledger } from "./ledger.js";

export interface DecideInput {
  disk: ProjectFiles;
  planned: PlannedFile[];
  ledger: Ledger;
  /** Whether an existing file at a planned path looks generated (the pack's or a step's marker). */
  looksGenerated: (file: PlannedFile, bytes: Buffer) => boolean;
  force: boolean;
  /** Partial runs: only ledger entries this accepts may be removed; null means all. */
  pruneScope: ((entry: LedgerEntry) => boolean) | null;
  /** Files `new` just seeded (sample logic): gen's from the start, with their seeded bytes. */
  adopt: Set<string>;
  nested: NestedProjects;
  /** Whether bytes carry the pack's marker, or the marker of the step a ledger rule names (markers.ts). */
  marked: (rule: string, bytes: Buffer) => boolean;
  /** The SHA-256 of the bytes codegen wrote at a path in this clone, if it did (clone-record.ts). */
  wroteHere: (path: string) => string | undefined;
}

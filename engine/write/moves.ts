/**
 * Moving a file gen wrote to the path it is planned at now, in the same transaction as every
 * other change (a kill leaves it at the old path or at the new one).
 *
 * By identity: a rule may give each file an identity that does not depend on where the file
 * goes (a route's group and handler, not the file name its naming style makes). When a planned
 * `once` file has no file at its path and no ledger entry there, and the ledger lists a `once`
 * file of the same rule and identity at a path this run no longer plans, that file moves with
 * its bytes (the user's code). A file already at the new path is never overwritten: then nothing
 * moves, and the old file is left as any file no longer planned is. Nor does a file move to
 * another extension or out of a hidden path (renamesOnly).
 *
 * Either way the old file moves only with evidence beyond the ledger's word (which comes with the
 * repository): it carries the pack's marker, codegen wrote a file at that path in this clone
 * (clone-record.ts; the user may have edited it since, and their edits move with it), or the
 * move only respells the path (letter case, "_" and "-": what a naming style changes), so that
 * a style change in a fresh clone still carries the team's logic files along.
 *
 * By spelling: on a file system that ignores case (macOS, Windows), `userlogic.txt` planned as
 * `userLogic.txt` is the file already there. The ledger's entry under the old spelling must then
 * not be removed (that would delete the one file); the file is renamed to the new spelling.
 */
import { extname } from "node:path/posix";
import type { PlannedFile } from "../plan/index.js";
import type { DecideInput } from "./decide-input.js";
import type { FileOutcome } from "./outcome.js";
import { sha256 } from "./disk.js";
import type { LedgerEntry } from "./ledger.js";

type Move = { outcome: FileOutcome; entry: LedgerEntry };

export class MoveFinder {
  private readonly byIdentity = new Map<string, LedgerEntry>();
  private readonly byFoldedPath = new Map<string, LedgerEntry[]>();
  private readonly taken = new Set<string>();

  constructor(private readonly input: DecideInput) {
    const planned = new Set(input.planned.map((f) => f.path));
    for (const entry of input.ledger.entries.values()) {
      if (planned.has(entry.path)) continue;
      // A partial run moves only what it may remove.
      if (input.pruneScope && !input.pruneScope(entry)) continue;
      const folded = entry.path.toLowerCase();
      this.byFoldedPath.set(folded, [...(this.byFoldedPath.get(folded) ?? []), entry]);
      if (entry.mode === "once" && entry.identity !== undefined)
        this.byIdentity.set(key(entry.rule, entry.identity), entry);
    }
  }

  /** The move that brings an earlier file to `f`'s path (which holds no file), or null. */
  find(f: PlannedFile): Move | null {
    if (f.mode !== "once" || f.identity === undefined) return null;
    const old = this.byIdentity.get(key(f.rule, f.identity));
    if (
      !old ||
      this.taken.has(old.path) ||
      this.input.nested.owner(old.path) !== null ||
      !renamesOnly(old.path, f.path)
    )
      return null;
    const before = this.input.disk.read(old.path);
    return before === null || !this.vouched(old, before, f.path) ? null : this.move(f, old, before);
  }

  /**
   * When the file at `f`'s path (which the ledger does not list) is a file the ledger lists under
   * another spelling of the same path, and no longer plans there: the rename to the new spelling.
   */
  respelled(f: PlannedFile): Move | null {
    if (f.mode === "merge") return null;
    for (const old of this.byFoldedPath.get(f.path.toLowerCase()) ?? []) {
      if (old.path === f.path || this.taken.has(old.path) || !this.sameFile(old.path, f.path)) continue;
      const before = this.input.disk.read(old.path)!;
      if (!this.vouched(old, before, f.path)) continue;
      return this.move(f, old, before);
    }
    return null;
  }

  /** Whether a ledger path is the source of a move (so it is neither removed nor an orphan). */
  left(path: string): boolean {
    return this.taken.has(path);
  }

  private move(f: PlannedFile, old: LedgerEntry, before: Buffer): Move {
    this.taken.add(old.path);
    const identity = f.identity === undefined ? {} : { identity: f.identity };
    const moved = { path: f.path, state: "moved" as const, from: old.path, rule: f.rule, before };
    // Managed bytes are gen's: the planned ones. A `once` file keeps its bytes unless it is still
    // as gen wrote it and its rule now renders other bytes (as a rewrite in place would give).
    const untouched = old.sha256 === this.input.disk.hash(old.path);
    const fresh =
      f.mode === "managed" || (untouched && f.rendered && sha256(f.contents) !== (old.rendered ?? old.sha256));
    if (fresh) {
      return {
        outcome: { ...moved, after: f.contents },
        entry: {
          path: f.path,
          mode: f.mode,
          rule: f.rule,
          sources: f.sources,
          sha256: sha256(f.contents),
          ...identity,
        },
      };
    }
    const { identity: _, ...rest } = old;
    return {
      outcome: { ...moved, after: before },
      entry: { ...rest, path: f.path, mode: f.mode, rule: f.rule, sources: f.sources, ...identity },
    };
  }

  /** Evidence beyond the ledger that the file at `old.path` is the one gen would move to `to`. */
  private vouched(old: LedgerEntry, before: Buffer, to: string): boolean {
    return (
      this.input.marked(old.rule, before) || this.input.wroteHere(old.path) !== undefined || respelling(old.path, to)
    );
  }

  /** Two paths naming one file (the same device and inode). */
  private sameFile(a: string, b: string): boolean {
    if (this.input.disk.read(a) === null || this.input.disk.read(b) === null) return false;
    const inode = (p: string): string | undefined => this.input.disk.stamps.get(p)?.split(":").slice(0, 2).join(":");
    return inode(a) !== undefined && inode(a) === inode(b);
  }
}

/**
 * The ledger is committed with the project, and anyone may edit it: an entry alone is weak
 * evidence that a file is gen's. A move by identity gives a file another name of the same kind
 * (its extension), never out of a hidden file or folder, so that an entry claiming a user's
 * `.env` (which git ignores) cannot have gen carry it into a tracked source file.
 */
function renamesOnly(from: string, to: string): boolean {
  const hidden = (p: string): boolean => p.split("/").some((part) => part.startsWith("."));
  return extname(from) === extname(to) && (!hidden(from) || hidden(to));
}

/** The same path but for letter case and the separators "_" and "-". */
function respelling(from: string, to: string): boolean {
  const fold = (p: string): string => p.toLowerCase().replace(/[_-]/g, "");
  return fold(from) === fold(to);
}

function key(rule: string, identity: string): string {
  return `${rule}\0${identity}`;
}

/**
 * What the writer will do with each file, decided from the plan, the ledger and the disk.
 * Nothing here writes: the result is applied as one transaction (or printed by a dry run).
 *
 * A file is gen's only when the ledger lists it (or when a project without a ledger adopts it
 * because it matches the plan or carries the marker). Marker text alone never makes a file
 * removable: it only tells a generated-looking file at a planned path from the user's own.
 * Nor does the ledger alone: it comes with the repository, so gen removes or moves a file it
 * lists only when the file also carries the pack's marker or holds bytes codegen wrote at that
 * path in this clone (clone-record.ts).
 */
import { CodegenError, diag, type Diagnostic } from "../diagnostics/index.js";
import type { PlannedFile } from "../plan/index.js";
import { sha256, type ProjectFiles } from "./disk.js";
import type { Ledger, LedgerEntry } from "./ledger.js";
import { mergeYaml } from "./merge.js";
import type { DecideInput } from "./decide-input.js";
import { MoveFinder } from "./moves.js";
import type { FileOutcome, FileState } from "./outcome.js";

export interface Decision {
  outcomes: FileOutcome[];
  /** Files gen wrote whose source is gone, kept because they were edited (or hold user values). */
  orphans: string[];
  /** Files a project without a ledger had that gen took as its own. */
  adopted: number;
  ledger: LedgerEntry[];
  /** Path to the SHA-256 of bytes this run writes or finds as planned there: what codegen vouches for in this clone. */
  vouched: Map<string, string>;
}

/**
 * `once` files that belong to the user, so planning need not render them: edited since gen
 * wrote them, or never written by gen. Without a ledger every file is rendered, to adopt the
 * ones that match.
 */
export function userOwnedOnce(disk: ProjectFiles, ledger: Ledger, adopt: Set<string>): (path: string) => boolean {
  return (path) => {
    if (adopt.has(path) || !ledger.exists) return false;
    const hash = disk.hash(path);
    if (hash === null) return false;
    const entry = ledger.entries.get(path);
    return !entry || entry.sha256 !== hash;
  };
}

/** A once file holding secrets: what its rule rendered, for its ledger entry (its bytes differ by the values). */
function renderedOf(f: PlannedFile): Pick<LedgerEntry, "rendered"> {
  return f.renderedDigest === undefined ? {} : { rendered: f.renderedDigest };
}

/** The identity a rule gave the file (moves.ts), for its ledger entry. */
function identityOf(f: PlannedFile): Pick<LedgerEntry, "identity"> {
  return f.identity === undefined ? {} : { identity: f.identity };
}

/** An entry kept for a planned file, with the identity its rule gives it now. */
function keptFor(entry: LedgerEntry, f: PlannedFile, changed: Partial<LedgerEntry> = {}): LedgerEntry {
  const { identity: _, ...rest } = entry;
  return { ...rest, ...changed, ...identityOf(f) };
}

export function decide(input: DecideInput): Decision {
  const { disk, ledger } = input;
  const outcomes: FileOutcome[] = [];
  const entries = new Map<string, LedgerEntry>();
  const conflicts: Diagnostic[] = [];
  let adopted = 0;
  const moves = new MoveFinder(input);
  const vouched = new Map<string, string>();

  for (const f of input.planned) {
    const nestedIn = input.nested.owner(f.path);
    if (nestedIn !== null) {
      conflicts.push(
        diag(
          "NESTED_PROJECT",
          `${f.path} is inside ${nestedIn}/, which is another codegen project (it has its own .codegen.yaml); gen does not write there`,
          undefined,
          `run codegen gen inside ${nestedIn}/ for its files`,
        ),
      );
      continue;
    }
    const entry = ledger.entries.get(f.path);
    const before = disk.read(f.path);
    const record = (bytes: Buffer, extra: Partial<LedgerEntry> = {}): void => {
      // The same bytes as on disk (the usual case) have the digest already taken of the disk's.
      const digest = before !== null && (bytes === before || bytes.equals(before)) ? disk.hash(f.path)! : sha256(bytes);
      entries.set(f.path, {
        path: f.path,
        mode: f.mode,
        rule: f.rule,
        sources: f.sources,
        sha256: digest,
        ...identityOf(f),
        ...extra,
      });
      if (f.mode !== "merge") vouched.set(f.path, digest);
    };
    const out = (state: FileState, after: Buffer): void => {
      outcomes.push({ path: f.path, state, rule: f.rule, before, after });
    };

    const moved = entry ? null : before === null ? moves.find(f) : moves.respelled(f);
    if (moved) {
      outcomes.push(moved.outcome);
      entries.set(f.path, moved.entry);
      vouched.set(f.path, sha256(moved.outcome.after));
      continue;
    }
    if (before === null) {
      // A `once` file the user deleted comes back: the code that calls it needs it.
      out("created", f.contents);
      record(f.contents, renderedOf(f));
      continue;
    }
    const untouched = entry !== undefined && entry.sha256 === disk.hash(f.path);

    if (f.mode === "merge") {
      const merged = mergeYaml(before, f.contents, f.path);
      out(merged === before ? "kept" : "updated", merged);
      if (entry || input.adopt.has(f.path)) record(merged);
      continue;
    }

    if (f.mode === "once") {
      if (!f.rendered) {
        out("kept", before);
        if (entry) entries.set(f.path, keptFor(entry, f)); // edited since gen wrote it: remembered, to list it when its source goes
        continue;
      }
      const rendered = f.renderedDigest ?? (f.contents.equals(before) ? disk.hash(f.path)! : sha256(f.contents));
      if (input.adopt.has(f.path)) {
        out("kept", before);
        record(before, rendered !== disk.hash(f.path) ? { rendered } : {});
      } else if (untouched) {
        // Still gen's: rewritten only when what its rule renders changed (a renamed type).
        if (rendered === (entry.rendered ?? entry.sha256)) {
          out("kept", before);
          entries.set(f.path, keptFor(entry, f, { rule: f.rule, sources: f.sources }));
          if (rendered === entry.sha256) vouched.set(f.path, rendered); // the bytes gen plans there
        } else {
          out(before.equals(f.contents) ? "unchanged" : "updated", f.contents);
          record(f.contents, renderedOf(f));
        }
      } else if (!ledger.exists && before.equals(f.contents)) {
        out("kept", before);
        record(before);
        adopted++;
      } else {
        out("kept", before);
        if (entry) entries.set(f.path, keptFor(entry, f));
      }
      continue;
    }

    // managed
    const owned = entry !== undefined && (entry.mode === "managed" || untouched);
    if (!owned && !before.equals(f.contents) && !input.force && !input.looksGenerated(f, before)) {
      conflicts.push(
        diag(
          "USER_FILE",
          `${f.path} exists without the generated-code marker, so it looks like your code; not overwriting it`,
          undefined,
          "move it away, or run with --force to replace it",
        ),
      );
      continue;
    }
    if (!entry) adopted += ledger.exists ? 0 : 1;
    const same = before.equals(f.contents);
    outcomes.push({
      path: f.path,
      state: same ? "unchanged" : "updated",
      rule: f.rule,
      before,
      after: f.contents,
      ...(!same && entry && !untouched ? { edited: true } : {}),
    });
    record(f.contents);
  }
  if (conflicts.length) throw new CodegenError(conflicts);

  const orphans: string[] = [];
  const planned = new Set(input.planned.map((f) => f.path));
  for (const entry of ledger.entries.values()) {
    if (planned.has(entry.path) || moves.left(entry.path)) continue;
    if (input.pruneScope && !input.pruneScope(entry)) {
      entries.set(entry.path, entry);
      continue;
    }
    if (input.nested.owner(entry.path) !== null) continue;
    const before = disk.read(entry.path);
    if (before === null) continue;
    const hash = disk.hash(entry.path);
    // The ledger's word and the bytes it records are not enough (anyone can write both): the
    // file must also carry the pack's marker, or be what codegen wrote there in this clone.
    if (
      entry.mode !== "merge" &&
      hash === entry.sha256 &&
      (input.marked(entry.rule, before) || input.wroteHere(entry.path) === hash)
    ) {
      outcomes.push({ path: entry.path, state: "removed", rule: entry.rule, before, after: Buffer.alloc(0) });
    } else {
      orphans.push(entry.path);
    }
  }
  outcomes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { outcomes, orphans: orphans.sort(), adopted, ledger: [...entries.values()], vouched };
}

/**
 * The ledger: `.codegen/ledger.json` lists every file gen wrote, with the rule and descriptors
 * it came from, its ownership mode and the hash of the bytes written. It is the only thing that
 * makes a file gen's: pruning, rewriting a `once` file and adopting all read it. One entry per
 * line, sorted by path, no timestamps, so an unchanged gen leaves it byte-identical and a
 * review shows which files a change added or dropped.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { isPlainRelative, reservedPart } from "../fs/index.js";
import type { Mode } from "../packs/index.js";
import { readStateFile, STATE_DIR } from "./state-dir.js";

export { isPlainRelative } from "../fs/index.js";
export { STATE_DIR } from "./state-dir.js";
export const LEDGER_PATH = `${STATE_DIR}/ledger.json`;
const VERSION = 1;

export interface LedgerEntry {
  path: string;
  mode: Mode;
  rule: string;
  sources: string[];
  /** Hash of the bytes gen wrote (or adopted). */
  sha256: string;
  /** For a `once` file seeded with other bytes (a sample): hash of what its rule renders. */
  rendered?: string;
  /** What the rule's `identity` gave the file: the same identity at another path moves it (moves.ts). */
  identity?: string;
}

export interface Ledger {
  /** False for a project that has never had one (the first gen adopts what matches). */
  exists: boolean;
  entries: Map<string, LedgerEntry>;
  /** Descriptor → SHA-256 of its bytes at the last gen that wrote its files. */
  descriptors: Record<string, string>;
  /** Fetched template pack source → the commit or digest gen used (pinned until `template update`). */
  packs: Record<string, string>;
  /** The file's bytes as read, to tell whether a new ledger differs. */
  raw: Buffer | null;
}

/** The last ledger read, by project: a run reads it twice (pack pins, then the writer). */
const lastRead = new Map<string, Ledger>();

export function readLedger(root: string): Ledger {
  const raw = readStateFile(root, LEDGER_PATH);
  if (!raw) return { exists: false, entries: new Map(), descriptors: {}, packs: {}, raw: null };
  const known = lastRead.get(root);
  if (known?.raw?.equals(raw))
    return {
      ...known,
      entries: new Map(known.entries),
      descriptors: { ...known.descriptors },
      packs: { ...known.packs },
    };
  const ledger = parseLedger(raw);
  lastRead.set(root, ledger);
  return {
    ...ledger,
    entries: new Map(ledger.entries),
    descriptors: { ...ledger.descriptors },
    packs: { ...ledger.packs },
  };
}

function parseLedger(raw: Buffer): Ledger {
  const bad = (why: string): never => {
    throw new CodegenError(
      diag(
        "LEDGER_INVALID",
        `${LEDGER_PATH} ${why}`,
        { file: LEDGER_PATH, line: 1, column: 1 },
        "restore it from version control, or delete it: the next gen adopts the files that match its plan",
      ),
    );
  };
  let doc: unknown;
  try {
    doc = JSON.parse(raw.toString("utf8"));
  } catch (e) {
    return bad(`is not valid JSON (${(e as Error).message})`);
  }
  const d = doc as { version?: unknown; files?: unknown; descriptors?: unknown; packs?: unknown };
  if (!d || typeof d !== "object" || d.version !== VERSION || !Array.isArray(d.files))
    return bad(`is not a version ${VERSION} ledger`);
  const entries = new Map<string, LedgerEntry>();
  for (const f of d.files as unknown[]) {
    const e = f as Partial<LedgerEntry>;
    if (
      !e ||
      typeof e.path !== "string" ||
      typeof e.sha256 !== "string" ||
      typeof e.rule !== "string" ||
      !isMode(e.mode) ||
      !Array.isArray(e.sources)
    )
      return bad(`has a malformed entry: ${JSON.stringify(f)}`);
    if (!isSafe(e.path)) return bad(`lists ${JSON.stringify(e.path)}, which is not a path inside the project`);
    entries.set(e.path, {
      path: e.path,
      mode: e.mode,
      rule: e.rule,
      sources: e.sources.map(String),
      sha256: e.sha256,
      ...(typeof e.rendered === "string" ? { rendered: e.rendered } : {}),
      ...(typeof e.identity === "string" ? { identity: e.identity } : {}),
    });
  }
  const section = (value: unknown, name: string): Record<string, string> => {
    const out: Record<string, string> = {};
    if (value === undefined) return out;
    if (!value || typeof value !== "object" || Array.isArray(value)) return bad(`has a malformed ${name} section`);
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
    return out;
  };
  return {
    exists: true,
    entries,
    descriptors: section(d.descriptors, "descriptors"),
    packs: section(d.packs, "packs"),
    raw,
  };
}

export function serializeLedger(
  entries: Iterable<LedgerEntry>,
  descriptors: Record<string, string>,
  packs: Record<string, string>,
): Buffer {
  const sorted = [...entries].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const lines = sorted.map(
    (e) =>
      "    " +
      JSON.stringify({
        path: e.path,
        mode: e.mode,
        rule: e.rule,
        sources: e.sources,
        sha256: e.sha256,
        ...(e.rendered ? { rendered: e.rendered } : {}),
        ...(e.identity !== undefined ? { identity: e.identity } : {}),
      }),
  );
  const body = lines.length ? `[\n${lines.join(",\n")}\n  ]` : "[]";
  const map = (m: Record<string, string>): string => {
    const lines = Object.keys(m)
      .sort()
      .map((k) => `    ${JSON.stringify(k)}: ${JSON.stringify(m[k])}`);
    return lines.length ? `{\n${lines.join(",\n")}\n  }` : "{}";
  };
  const packSection = Object.keys(packs).length ? `  "packs": ${map(packs)},\n` : "";
  return Buffer.from(
    `{\n  "version": ${VERSION},\n  "note": "Files codegen wrote; commit this file. codegen gen only rewrites or removes what is listed here.",\n${packSection}  "descriptors": ${map(descriptors)},\n  "files": ${body}\n}\n`,
    "utf8",
  );
}

function isMode(m: unknown): m is Mode {
  return m === "managed" || m === "once" || m === "merge";
}

/**
 * A relative path already in normal form (isPlainRelative), not under .codegen/ or another
 * reserved folder (a cloned ledger listing `.git/HEAD` would have gen delete it).
 */
function isSafe(p: string): boolean {
  return isPlainRelative(p) && !p.startsWith(STATE_DIR + "/") && reservedPart(p) === null;
}

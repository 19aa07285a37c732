/**
 * The transaction journal, `.codegen/tx/journal.json`, read back by recovery. A cloned project
 * can hold one written by anyone, so it is validated whole before its first step: a known
 * version, known operations, each path relative, normal, outside `.codegen/`, named once and
 * reached through real folders (path-policy.ts), and every staged file a regular file inside
 * tx/. An invalid journal is refused with a diagnostic and left as it is for the user to inspect.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { isPlainRelative, LinkRefused, lstatOrNull, PathPolicy, readNoFollow, reservedPart } from "../fs/index.js";
import { STATE_DIR } from "./state-dir.js";

export const TX_DIR = `${STATE_DIR}/tx`;
export const JOURNAL = "journal.json";
/** What the journal is renamed to once the project holds the new tree, or the old one again. */
export const DONE_NEW = "committed";
export const DONE_OLD = "rolled-back";

export interface JournalOp {
  path: string;
  op: "write" | "remove";
  existed: boolean;
}

export interface Journal {
  version: 1;
  ops: JournalOp[];
  ledger: boolean;
}

export type Found =
  | { state: "none" }
  | { state: "staging" }
  | { state: "done"; marker: typeof DONE_NEW | typeof DONE_OLD }
  | { state: "pending"; journal: Journal };

const SHOWN = `${TX_DIR}/${JOURNAL}`;

/** What `.codegen/tx` holds: nothing, unfinished staging, a finished transaction's leftovers, or a valid journal. */
export function readJournal(root: string): Found {
  const tx = `${root}/${TX_DIR}`;
  const folder = lstatOrNull(tx);
  if (!folder) return { state: "none" };
  if (!folder.isDirectory())
    return refuse(`${TX_DIR} is ${folder.isSymbolicLink() ? "a symbolic link" : "not a folder"}`);
  let text: string | null;
  try {
    text = readNoFollow(`${tx}/${JOURNAL}`)?.bytes.toString("utf8") ?? null;
  } catch (e) {
    if (e instanceof LinkRefused) return refuse("is a symbolic link");
    throw e;
  }
  if (text === null) {
    for (const marker of [DONE_NEW, DONE_OLD] as const)
      if (lstatOrNull(`${tx}/${marker}`)?.isFile()) return { state: "done", marker };
    return { state: "staging" };
  }
  return { state: "pending", journal: validate(root, text) };
}

function validate(root: string, text: string): Journal {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    return refuse(`is not valid JSON (${(e as Error).message})`);
  }
  const d = doc as Partial<Journal> | null;
  if (!d || typeof d !== "object" || d.version !== 1 || !Array.isArray(d.ops) || typeof d.ledger !== "boolean")
    return refuse("is not a version 1 journal");
  const tx = `${root}/${TX_DIR}`;
  for (const sub of ["new", "old"]) {
    const s = lstatOrNull(`${tx}/${sub}`);
    if (s && !s.isDirectory()) return refuse(`comes with ${TX_DIR}/${sub}, which is not a real folder`);
  }
  const policy = new PathPolicy(root);
  const seen = new Set<string>();
  const ops: JournalOp[] = [];
  for (const [i, raw] of (d.ops as unknown[]).entries()) {
    const o = raw as Partial<JournalOp> | null;
    if (
      !o ||
      typeof o !== "object" ||
      (o.op !== "write" && o.op !== "remove") ||
      typeof o.existed !== "boolean" ||
      typeof o.path !== "string"
    ) {
      return refuse(`has an unknown operation: ${JSON.stringify(raw)?.slice(0, 120)}`);
    }
    const path = o.path;
    if (!isPlainRelative(path) || path === STATE_DIR || path.startsWith(`${STATE_DIR}/`))
      return refuse(`names ${JSON.stringify(path)}, which is not a path inside the project`);
    const reserved = reservedPart(path);
    if (reserved !== null) return refuse(`names ${path}, inside ${reserved}, which codegen never writes`);
    if (seen.has(path)) return refuse(`names ${path} twice`);
    seen.add(path);
    const link = policy.linkIn(path);
    if (link)
      return refuse(`names ${path}, but ${link.at} is ${link.kind === "symlink" ? "a symbolic link" : "not a folder"}`);
    for (const sub of ["new", "old"]) {
      const s = lstatOrNull(`${tx}/${sub}/${i}`);
      if (s && !s.isFile()) return refuse(`stages ${TX_DIR}/${sub}/${i}, which is not a regular file`);
    }
    ops.push({ path, op: o.op, existed: o.existed });
  }
  if (d.ledger) {
    for (const f of [`${TX_DIR}/ledger.json`, `${TX_DIR}/old-ledger.json`, `${STATE_DIR}/ledger.json`]) {
      const s = lstatOrNull(`${root}/${f}`);
      if (s && !s.isFile()) return refuse(`goes with ${f}, which is not a regular file`);
    }
  }
  return { version: 1, ops, ledger: d.ledger };
}

function refuse(why: string): never {
  const subject = why.startsWith(TX_DIR) ? why : `${SHOWN} ${why}`;
  throw new CodegenError(
    diag(
      "JOURNAL_INVALID",
      `${subject}; nothing was changed, and the journal is left as it is for you to inspect`,
      { file: SHOWN, line: 1, column: 1 },
      `codegen writes its journal only while a gen runs: one that came with the project (a clone, an archive) is not yours to replay; delete ${TX_DIR} once you have looked at it`,
    ),
  );
}

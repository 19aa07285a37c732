/**
 * The one writer. Given a fully rendered plan it decides, per file, created / updated /
 * unchanged / kept / conflict; runs the pack's steps on staged copies; and only then writes,
 * each file atomically (temp file + rename). A dry run shares every step except the last.
 */
import { mkdir, readFile, realpath, rename, writeFile, unlink } from "node:fs/promises";
import { existsSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { CodegenError, diag, type Diagnostic } from "../diagnostics/index.js";
import type { PlannedFile } from "../plan/index.js";
import { stageAndRunSteps, type StepContext } from "./stage.js";
import { findStaleManaged } from "./prune.js";
import { mergeYaml } from "./merge.js";

export type FileState = "created" | "updated" | "unchanged" | "kept" | "removed";

export interface FileOutcome {
  path: string;
  state: FileState;
  rule: string;
  before: Buffer | null;
  after: Buffer;
}

export interface WriteOptions {
  root: string;
  files: PlannedFile[];
  managedMarker: string;
  force: boolean;
  dryRun: boolean;
  /** Delete managed files (found by marker) that the plan no longer names. Off for partial plans. */
  prune: boolean;
  steps: StepContext;
}

export interface WriteReport {
  outcomes: FileOutcome[];
  counts: Record<FileState, number>;
}

export async function writePlan(options: WriteOptions): Promise<WriteReport> {
  const root = await realpath(options.root);
  const existing = new Map<string, Buffer | null>();
  await Promise.all(options.files.map(async (f) => existing.set(f.path, await readIfExists(join(root, f.path)))));

  const conflicts: Diagnostic[] = [];
  const toStage: PlannedFile[] = [];
  const kept: FileOutcome[] = [];
  for (const f of options.files) {
    const before = existing.get(f.path) ?? null;
    await assertInsideRoot(root, f.path);
    if (f.mode === "once" && before !== null) {
      kept.push({ path: f.path, state: "kept", rule: f.rule, before, after: before });
      continue;
    }
    if (f.mode === "merge" && before !== null) {
      const merged = mergeYaml(before, f.contents, f.path);
      if (merged === before) kept.push({ path: f.path, state: "kept", rule: f.rule, before, after: before });
      else toStage.push({ ...f, contents: merged });
      continue;
    }
    if (f.mode === "managed" && before !== null && options.managedMarker && !options.force && !before.includes(options.managedMarker)) {
      conflicts.push(diag("USER_FILE", `${f.path} exists without the generated-code marker, so it looks like your code; not overwriting it`, undefined, "move it away, or run with --force to replace it"));
      continue;
    }
    toStage.push(f);
  }
  if (conflicts.length) throw new CodegenError(conflicts);

  const finals = await stageAndRunSteps(toStage, { ...options.steps, root });
  const outcomes: FileOutcome[] = [...kept];
  for (const f of finals) {
    const before = existing.has(f.path) ? (existing.get(f.path) ?? null) : await readIfExists(join(root, f.path));
    if (f.rule.startsWith("step:")) await assertInsideRoot(root, f.path);
    const state: FileState = before === null ? "created" : before.equals(f.contents) ? "unchanged" : "updated";
    outcomes.push({ path: f.path, state, rule: f.rule, before, after: f.contents });
  }
  if (options.prune) {
    const planned = new Set(outcomes.map((o) => o.path));
    const markers = [{ text: options.managedMarker, glob: null }, ...options.steps.steps.filter((s) => s.collect && s.marker).map((s) => ({ text: s.marker, glob: s.collect }))];
    for (const path of await findStaleManaged(root, markers, planned)) {
      const before = await readFile(join(root, path));
      outcomes.push({ path, state: "removed", rule: "", before, after: Buffer.alloc(0) });
    }
  }
  outcomes.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));

  if (!options.dryRun) {
    for (const o of outcomes) {
      if (o.state === "created" || o.state === "updated") await atomicWrite(join(root, o.path), o.after);
      else if (o.state === "removed") await unlink(join(root, o.path));
    }
  }
  const counts: Record<FileState, number> = { created: 0, updated: 0, unchanged: 0, kept: 0, removed: 0 };
  for (const o of outcomes) counts[o.state]++;
  return { outcomes, counts };
}

async function readIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return null;
    if ((e as NodeJS.ErrnoException).code === "EISDIR") throw new CodegenError(diag("WRITE_FAILED", `${path} is a folder, but a file is planned there`));
    throw e;
  }
}

/** Refuse a destination whose nearest existing ancestor resolves (through symlinks) outside the root. */
async function assertInsideRoot(root: string, rel: string): Promise<void> {
  let dir = dirname(join(root, rel));
  while (!existsSync(dir)) dir = dirname(dir);
  const real = await realpath(dir);
  if (real !== root && !real.startsWith(root + sep)) {
    throw new CodegenError(diag("UNSAFE_PATH", `${rel} would be written through ${relative(root, dir)}, which leads outside the project (${real})`));
  }
}

async function atomicWrite(path: string, contents: Buffer): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.codegen-${process.pid}.tmp`;
  try {
    await writeFile(tmp, contents);
    await rename(tmp, path);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw new CodegenError(diag("WRITE_FAILED", `cannot write ${path}: ${(e as Error).message}`));
  }
}

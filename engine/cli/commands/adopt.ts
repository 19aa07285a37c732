/**
 * `codegen adopt [--dry-run]`: take over, in place, a project that another tool made in a pack's
 * layout (a pack says how to recognize one in its `adopt` section). It writes `.codegen.yaml`
 * and a ledger that lists only the generated files (adopt-classify.ts); every other file stays
 * the team's. It runs no hook and no command of the folder, follows no link out of it, and
 * deletes nothing.
 */
import { mkdirSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE } from "../../project/index.js";
import { yamlLib } from "../../schema/index.js";
import { lstatOrNull, replaceFile } from "../../fs/index.js";
import { checkStateDir, LEDGER_PATH, serializeLedger, STATE_DIR } from "../../write/index.js";
import { classify, type Classification } from "../adopt-classify.js";
import { detectLayout, type Candidate } from "../adopt-detect.js";
import { withProjectLock } from "../run-gen.js";
import type { GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

export interface AdoptFlags extends GlobalFlags {
  dryRun?: boolean;
}

export async function adoptCommand(flags: AdoptFlags, out: Out, cwd = process.cwd()): Promise<number> {
  const root = resolve(cwd);
  refuseExisting(root);
  const chosen = await detectLayout({ root, pack: flags.pack, frame: flags.frame, offline: flags.offline });
  const { config, pack } = chosen;
  if (pack.moduleSource && config.moduleFrom === null) {
    throw new CodegenError(
      diag(
        "ADOPT_NO_MODULE",
        `no ${pack.moduleSource.file} in ${root}${pack.moduleSource.upward ? " or a folder above it" : ""}: the project's module is unknown; nothing was written`,
        undefined,
        `run codegen adopt in a service of a module (its ${pack.moduleSource.file} names it)`,
      ),
    );
  }
  const found = classify(root, pack, chosen.result);
  for (const line of report(chosen, found, flags.dryRun === true)) out.info(line);
  if (flags.dryRun) return 0;
  await withProjectLock(root, "adopt", out, async () => {
    refuseExisting(root);
    checkStateDir(root);
    mkdirSync(join(root, STATE_DIR), { recursive: true });
    // The config comes last: a run stopped before it leaves a folder adopt can be run in again.
    replaceFile(join(root, LEDGER_PATH), serializeLedger(found.ledger, {}, {}).toString("utf8"), 0o644);
    replaceFile(join(root, CONFIG_FILE), configText(chosen), 0o644);
  });
  out.info(
    `wrote ${CONFIG_FILE} and ${LEDGER_PATH}: run codegen gen (it rewrites the ${found.managed.length} managed files and creates ${found.missing.length}; it never touches the other files)`,
  );
  return 0;
}

/** A folder that is already a project, or has a ledger, is not adopted again. */
function refuseExisting(root: string): void {
  if (lstatOrNull(join(root, LEDGER_PATH))) {
    throw new CodegenError(
      diag(
        "ADOPT_EXISTS",
        `${LEDGER_PATH} exists: this folder is already a codegen project; nothing was written`,
        undefined,
        "run codegen gen; to adopt again, remove .codegen/ first",
      ),
      1,
    );
  }
  if (lstatOrNull(join(root, CONFIG_FILE))) {
    throw new CodegenError(
      diag(
        "ADOPT_EXISTS",
        `${CONFIG_FILE} exists: this folder is already a codegen project; nothing was written`,
        undefined,
        `run codegen gen; to adopt again, remove ${CONFIG_FILE} first`,
      ),
      1,
    );
  }
}

function configText(c: Candidate): string {
  const doc: Record<string, unknown> = { name: c.config.values.name, pack: c.source };
  for (const [key, value] of Object.entries(c.values)) {
    const parts = key.split(".");
    let at = doc;
    for (const part of parts.slice(0, -1)) at = (at[part] ??= {}) as Record<string, unknown>;
    at[parts[parts.length - 1]!] = value;
  }
  const comment =
    "# Written by codegen adopt: the files .codegen/ledger.json lists are generated (gen rewrites them); every other file is yours.\n";
  return comment + yamlLib().stringify(doc, { defaultStringType: "QUOTE_DOUBLE", defaultKeyType: "PLAIN" });
}

function report(c: Candidate, f: Classification, dryRun: boolean): string[] {
  const v = c.config.values;
  const chosen = Object.entries(c.values)
    .filter(([k]) => k !== "frame")
    .map(([k, val]) => `${k} ${String(val)}`);
  const lines = [
    `${dryRun ? "would adopt" : "adopting"} ${relative(process.cwd(), c.config.root) || "."} with pack ${c.pack.name}, frame ${v.frame} (${[...chosen, `module ${v.module}`].join(", ")})`,
  ];
  const section = (title: string, paths: string[]): void => {
    if (paths.length === 0) return;
    lines.push(`${title}: ${paths.length}`);
    for (const p of paths) lines.push(`  ${p}`);
  };
  section(
    "managed (generated; gen rewrites them)",
    f.managed.map((m) => (m.differs ? `${m.path}  (differs from what gen writes)` : m.path)),
  );
  section("yours (gen never rewrites them)", f.yours);
  section("to create at the next gen", f.missing);
  section(
    "yours at a path gen manages, without a generated-code marker (gen refuses to replace them; move them or use gen --force)",
    f.conflicts,
  );
  section("generated by another tool, not planned by the pack (left alone)", f.strayGenerated);
  if (dryRun) lines.push("wrote nothing (dry run)");
  return lines;
}

/**
 * Which files of an adopted folder become codegen's: a file at a managed path that carries a
 * generated-code marker (the pack's, another generator's it declares, a step's) is managed, as
 * that generator treated it; every other existing file is the team's and stays out of the
 * ledger, so gen never rewrites it, however it was edited. Files the plan has and the folder
 * lacks are created by the next gen.
 */
import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import type { GenerateResult } from "../generate.js";
import type { Pack } from "../packs/index.js";
import { NestedProjects } from "../project/index.js";
import { ProjectFiles, sha256, STATE_DIR, type LedgerEntry } from "../write/index.js";

export interface Classification {
  /** Generated files gen takes over (rewritten at each gen), with whether their bytes differ from what gen writes. */
  managed: Array<{ path: string; differs: boolean }>;
  /** Files at managed paths without a marker: the team's; gen refuses to replace them (USER_FILE). */
  conflicts: string[];
  /** The team's files at paths the pack writes once: never rewritten. */
  yours: string[];
  /** Planned files the folder lacks: the next gen creates them. */
  missing: string[];
  /** Files carrying a generated-code marker that the pack does not plan: left alone. */
  strayGenerated: string[];
  /** The ledger adopt writes: the managed files with the bytes they have now. */
  ledger: LedgerEntry[];
}

export function classify(root: string, pack: Pack, result: GenerateResult): Classification {
  const disk = new ProjectFiles(root);
  const out: Classification = { managed: [], conflicts: [], yours: [], missing: [], strayGenerated: [], ledger: [] };
  const planned = new Set<string>();
  for (const f of result.files) {
    planned.add(f.path);
    const bytes = disk.read(f.path);
    if (bytes === null) {
      out.missing.push(f.path);
    } else if (f.mode !== "managed") {
      out.yours.push(f.path);
    } else if (result.looksGenerated(f, bytes)) {
      out.managed.push({ path: f.path, differs: !bytes.equals(f.contents) });
      out.ledger.push({
        path: f.path,
        mode: "managed",
        rule: f.rule,
        sources: f.sources,
        sha256: sha256(bytes),
        ...(f.identity === undefined ? {} : { identity: f.identity }),
      });
    } else {
      out.conflicts.push(f.path);
    }
  }
  const markers = [pack.managedMarker, ...pack.foreignMarkers].filter((m) => m !== "");
  for (const path of folderFiles(root)) {
    if (planned.has(path)) continue;
    const bytes = disk.read(path);
    if (bytes && markers.some((m) => bytes.subarray(0, 4096).includes(m))) out.strayGenerated.push(path);
  }
  for (const list of [out.conflicts, out.yours, out.missing, out.strayGenerated]) list.sort();
  out.managed.sort((a, b) => (a.path < b.path ? -1 : 1));
  return out;
}

/** Regular files of the folder (root-relative), without hidden folders and nested projects. */
function folderFiles(root: string): string[] {
  const nested = new NestedProjects(root);
  const out: string[] = [];
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = relative(root, join(e.parentPath, e.name)).split("\\").join("/");
    if (
      rel.split("/").some((part) => part.startsWith(".")) ||
      rel.startsWith(`${STATE_DIR}/`) ||
      nested.owner(rel) !== null
    )
      continue;
    out.push(rel);
  }
  return out.sort();
}

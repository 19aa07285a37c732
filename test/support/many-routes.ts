/** A project of the `ledger` test pack with many routes, for tests of the write phase. */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { makeProject } from "./project.js";
import { TRANSIENT } from "./files.js";

export function manyRoutesApi(count: number, suffix = ""): string {
  const routes = Array.from(
    { length: count },
    (_, i) => `\t@handler route${i}${suffix}\n\tget /r${i}${suffix.toLowerCase()} returns (Resp)\n`,
  ).join("\n");
  return `syntax = "v1"\n\ntype Resp {\n\tName string \`json:"name"\`\n}\n\nservice demo {\n${routes}}\n`;
}

export function manyRoutesProject(count: number): string {
  return makeProject({ "desc/api/demo.api": manyRoutesApi(count) }, "ledger");
}

/** sha256 of every file under dir (codegen's transient state excluded), by relative path. */
export function treeHashes(dir: string, skip: (path: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = relative(dir, join(e.parentPath, e.name)).split("\\").join("/");
    if (TRANSIENT.includes(rel) || skip(rel)) continue;
    out[rel] = createHash("sha256")
      .update(readFileSync(join(dir, rel)))
      .digest("hex");
  }
  return out;
}

/** Make a folder refuse new entries and renames, for real: immutable as root, read-only otherwise. */
export function freeze(dir: string, on: boolean): void {
  if (process.getuid?.() === 0) execFileSync("chattr", [on ? "+i" : "-i", dir]);
  else execFileSync("chmod", [on ? "555" : "755", dir]);
}

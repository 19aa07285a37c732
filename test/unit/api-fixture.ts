/** Helpers for the api reader tests: write .api files to a temp folder and read them. */
import { mkdtemp, mkdir, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as assert from "uvu/assert";
import { readApi } from "../../engine/descriptors/api/index.js";
import { CodegenError, type Diagnostic } from "../../engine/diagnostics/index.js";
import type { ApiIR } from "../../engine/ir/index.js";

/** The repository root (the folder whose package.json is named codegen). */
export function repoRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (dir !== dirname(dir)) {
    const pkg = join(dir, "package.json");
    if (existsSync(pkg) && (JSON.parse(readFileSync(pkg, "utf8")) as { name?: string }).name === "codegen") return dir;
    dir = dirname(dir);
  }
  throw new Error("repository root not found");
}

/** A fresh temp folder holding `files` (path → text). */
export async function project(files: Record<string, string>): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), "codegen-api-"));
  for (const [path, text] of Object.entries(files)) {
    await mkdir(dirname(join(root, path)), { recursive: true });
    await writeFile(join(root, path), text);
  }
  return root;
}

export async function cleanup(root: string): Promise<void> {
  await rm(root, { recursive: true, force: true });
}

/** Read the named roots (default: the first file) of a temp project. */
export async function read(files: Record<string, string>, roots?: string[]): Promise<ApiIR> {
  const root = await project(files);
  try {
    // The packs name go_package as the info key of a file's types package (pack.yaml api.package_key).
    return await readApi(roots ?? [Object.keys(files)[0] ?? ""], { root, packageKey: "go_package" });
  } finally {
    await cleanup(root);
  }
}

/** Read and expect a CodegenError; returns its diagnostics (each must have a span). */
export async function reject(files: Record<string, string>, roots?: string[]): Promise<Diagnostic[]> {
  try {
    await read(files, roots);
  } catch (e) {
    if (!(e instanceof CodegenError)) throw e;
    return e.diagnostics;
  }
  assert.unreachable("expected the files to be rejected");
  return [];
}

/** Expect a rejection that includes `code`; returns the first diagnostic with that code. */
export async function rejectWith(code: string, files: Record<string, string>, roots?: string[]): Promise<Diagnostic> {
  const list = await reject(files, roots);
  const hit = list.find((d) => d.code === code);
  if (!hit) assert.unreachable(`expected ${code}, got ${list.map((d) => `${d.code} ${d.message}`).join("; ")}`);
  return hit as Diagnostic;
}

/** `file:line:col` of a diagnostic, for compact assertions. */
export function at(d: Diagnostic): string {
  return d.span ? `${d.span.file}:${d.span.line}:${d.span.column}` : "";
}

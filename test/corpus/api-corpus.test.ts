/**
 * The .api conformance corpus (../shared/corpus, or $CODEGEN_CORPUS): every `kind: api`
 * entry of manifest.yaml is read with readApi and checked as gen checks it: the engine's rules/
 * and the default pack's checks (go-zero's layout: a handler name twice in one group).
 *   ok          → accepted, no error from the checks (warnings allowed)
 *   error       → rejected, every diagnostic with file:line:col
 *   split-error → every part between `-----` lines, as its own file, rejected
 *   import-only → not a root; its syntax must parse
 *   unknown     → must not crash; a rejection must be a CodegenError with spans
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join, resolve } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "yaml";
import { runChecks } from "../../engine/checks/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { bindFunctions } from "../../engine/plan/index.js";
import { parseApiSource, readApi } from "../../engine/descriptors/api/index.js";
import { CodegenError, formatDiagnostic, type Diagnostic } from "../../engine/diagnostics/index.js";
import { repoRoot } from "../unit/api-fixture.js";

interface Entry {
  file: string;
  kind: string;
  expect: "ok" | "error" | "split-error" | "import-only" | "unknown";
  note?: string;
  import_as?: Record<string, string>;
}

const repo = repoRoot();
const corpus = process.env["CODEGEN_CORPUS"] ?? resolve(repo, "../shared/corpus");
const rules = join(repo, "rules");
const pack = await loadPack("go-zero", repo);
const tally: Record<string, { passed: number; total: number }> = {};
const unknownOutcomes: string[] = [];

type Outcome = { accepted: true; warnings: Diagnostic[] } | { accepted: false; diagnostics: Diagnostic[] };

/** readApi + runChecks on one root; a CodegenError or any error-level check result is a rejection. */
async function outcome(file: string, root: string): Promise<Outcome> {
  const warnings: Diagnostic[] = [];
  try {
    const api = await readApi([file], { root, ...(pack.apiPackageKey ? { packageKey: pack.apiPackageKey } : {}) });
    const project = { name: "corpus", module: "example.com/corpus", frame: "api", plugins: [] };
    const bindings = await bindFunctions(pack, { ir: { project, api }, project, config: {} });
    const errors = await runChecks({ project, api }, [rules, ...pack.checkDirs], { onWarning: (w) => warnings.push(w), bindings });
    return errors.length > 0 ? { accepted: false, diagnostics: errors } : { accepted: true, warnings };
  } catch (e) {
    if (e instanceof CodegenError) return { accepted: false, diagnostics: e.diagnostics };
    throw e;
  }
}

function assertSpans(list: Diagnostic[]): void {
  assert.ok(list.length > 0, "a rejection has at least one diagnostic");
  for (const d of list) {
    assert.ok(d.span, `no span: ${formatDiagnostic(d)}`);
    assert.ok(d.span && d.span.file.endsWith(".api") && d.span.line >= 1 && d.span.column >= 1, `bad span: ${formatDiagnostic(d)}`);
  }
}

function expectRejected(result: Outcome): void {
  if (result.accepted) assert.unreachable("expected a rejection, but the file was accepted");
  else assertSpans(result.diagnostics);
}

async function scratch(): Promise<string> {
  return mkdtemp(join(tmpdir(), "codegen-corpus-"));
}

/** Run `fn` on the entry's file, copied with its import_as companions into a scratch folder when needed. */
async function withEntry<T>(entry: Entry, fn: (file: string, root: string) => Promise<T>): Promise<T> {
  if (!entry.import_as) return fn(entry.file, corpus);
  const dir = await scratch();
  try {
    await copyFile(join(corpus, entry.file), join(dir, basename(entry.file)));
    for (const [name, source] of Object.entries(entry.import_as)) await copyFile(join(corpus, source), join(dir, name));
    return await fn(basename(entry.file), dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function count(expect: string, passed: boolean): void {
  const t = (tally[expect] ??= { passed: 0, total: 0 });
  t.total++;
  if (passed) t.passed++;
}

/** Register a test that records its result in the tally. */
function corpusTest(name: string, expect: string, fn: () => Promise<void>): void {
  test(name, async () => {
    let passed = false;
    try {
      await fn();
      passed = true;
    } finally {
      count(expect, passed);
    }
  });
}

const entries: Entry[] = existsSync(join(corpus, "manifest.yaml"))
  ? (parse(readFileSync(join(corpus, "manifest.yaml"), "utf8")) as Entry[]).filter((e) => e.kind === "api")
  : [];

test("the corpus is present", () => {
  assert.ok(entries.length > 0, `no api entries found in ${corpus}/manifest.yaml (set CODEGEN_CORPUS)`);
});

for (const entry of entries) {
  const name = `${entry.file} [${entry.expect}]`;
  switch (entry.expect) {
    case "ok":
      corpusTest(name, entry.expect, async () => {
        const result = await withEntry(entry, outcome);
        if (!result.accepted) assert.unreachable(`rejected:\n${result.diagnostics.map(formatDiagnostic).join("\n")}`);
      });
      break;
    case "error":
      corpusTest(name, entry.expect, async () => expectRejected(await withEntry(entry, outcome)));
      break;
    case "split-error": {
      const text = readFileSync(join(corpus, entry.file), "utf8");
      const parts = text.split(/^-----[ \t]*\r?$/m).filter((p) => p.trim() !== "");
      parts.forEach((part, i) => {
        const title = /\/\/\s*test case:\s*(.*)/.exec(part)?.[1]?.trim() ?? "";
        corpusTest(`${entry.file} part ${i + 1}/${parts.length}: ${title} [split-error]`, entry.expect, async () => {
          const dir = await scratch();
          try {
            const file = `${basename(entry.file, ".api")}-part${i + 1}.api`;
            await writeFile(join(dir, file), part);
            expectRejected(await outcome(file, dir));
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        });
      });
      break;
    }
    case "import-only":
      corpusTest(name, entry.expect, async () => {
        parseApiSource(await readFile(join(corpus, entry.file), "utf8"), entry.file);
      });
      break;
    default:
      corpusTest(name, entry.expect, async () => {
        const result = await withEntry(entry, outcome);
        if (!result.accepted) assertSpans(result.diagnostics);
        const first = result.accepted ? "" : ` (${result.diagnostics[0]?.code})`;
        unknownOutcomes.push(`${entry.file}: ${result.accepted ? "accepted" : "rejected"}${first}`);
      });
  }
}

test.after(() => {
  const line = Object.entries(tally)
    .map(([k, t]) => `${k} ${t.passed}/${t.total}`)
    .join(", ");
  console.log(`\n  api corpus: ${line}`);
  for (const u of unknownOutcomes) console.log(`    unknown ${u}`);
});

test.run();

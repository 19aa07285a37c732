/**
 * The .proto conformance corpus (../shared/corpus, or $CODEGEN_CORPUS): every `kind: proto`
 * entry of manifest.yaml is read with readProto.
 *   ok          → accepted alone, and together with the other files of its folder (warnings allowed:
 *                 the jzero files import an openapiv2 file they never use)
 *   error       → rejected, every diagnostic with file:line:col
 *   split-error → every part between `-----` lines, as its own file, rejected
 *   import-only → only loaded through another file: its folder still reads
 *   unknown     → must not crash; a rejection must be a CodegenError with spans
 */
import { existsSync, readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parse } from "yaml";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { CodegenError, formatDiagnostic, type Diagnostic } from "../../engine/diagnostics/index.js";
import type { ProtoIR } from "../../engine/ir/index.js";
import { corpusDir as corpus } from "../support/paths.js";
import { builtinProtoImports } from "../support/proto-imports.js";

interface Entry {
  file: string;
  kind: string;
  expect: "ok" | "error" | "split-error" | "import-only" | "unknown";
}

type Outcome = { accepted: true; ir: ProtoIR; warnings: Diagnostic[] } | { accepted: false; diagnostics: Diagnostic[] };

async function outcome(files: string[], root: string): Promise<Outcome> {
  const warnings: Diagnostic[] = [];
  try {
    const ir = await readProto(files, { root, imports: await builtinProtoImports(), onWarning: (w) => warnings.push(w) });
    return { accepted: true, ir, warnings };
  } catch (e) {
    if (e instanceof CodegenError) return { accepted: false, diagnostics: e.diagnostics };
    throw e;
  }
}

function assertSpans(list: Diagnostic[]): void {
  assert.ok(list.length > 0, "a rejection has at least one diagnostic");
  for (const d of list) assert.ok(d.span && d.span.line >= 1 && d.span.column >= 1, `bad span: ${formatDiagnostic(d)}`);
}

function accepted(result: Outcome): ProtoIR {
  if (!result.accepted) return assert.unreachable(`rejected:\n${result.diagnostics.map(formatDiagnostic).join("\n")}`) as never;
  for (const w of result.warnings) assert.ok(w.span, `warning without a span: ${formatDiagnostic(w)}`);
  return result.ir;
}

const entries: Entry[] = existsSync(join(corpus, "manifest.yaml"))
  ? (parse(readFileSync(join(corpus, "manifest.yaml"), "utf8")) as Entry[]).filter((e) => e.kind === "proto")
  : [];
const tally: Record<string, { passed: number; total: number }> = {};

function corpusTest(name: string, expect: string, fn: () => Promise<void>): void {
  test(name, async () => {
    const t = (tally[expect] ??= { passed: 0, total: 0 });
    t.total++;
    await fn();
    t.passed++;
  });
}

test("the corpus is present", () => {
  assert.ok(entries.length > 0, `no proto entries found in ${corpus}/manifest.yaml (set CODEGEN_CORPUS)`);
});

for (const entry of entries) {
  const name = `${entry.file} [${entry.expect}]`;
  switch (entry.expect) {
    case "ok":
      corpusTest(name, entry.expect, async () => {
        const ir = accepted(await outcome([entry.file], corpus));
        assert.equal(ir.files[0]?.path, entry.file);
        assert.ok(ir.files[0]?.options["go_package"], "every jzero file sets go_package");
        for (const s of ir.services) for (const m of s.methods) assert.ok(m.inputType.fullName && m.outputType.fullName);
      });
      break;
    case "error":
      corpusTest(name, entry.expect, async () => {
        const r = await outcome([entry.file], corpus);
        if (r.accepted) assert.unreachable("expected a rejection");
        else assertSpans(r.diagnostics);
      });
      break;
    case "split-error": {
      const parts = readFileSync(join(corpus, entry.file), "utf8")
        .split(/^-----[ \t]*\r?$/m)
        .filter((p) => p.trim() !== "");
      parts.forEach((part, i) => {
        corpusTest(`${entry.file} part ${i + 1}/${parts.length} [split-error]`, entry.expect, async () => {
          const dir = await mkdtemp(join(tmpdir(), "codegen-proto-corpus-"));
          try {
            const file = `${basename(entry.file, ".proto")}-part${i + 1}.proto`;
            await writeFile(join(dir, file), part);
            const r = await outcome([file], dir);
            if (r.accepted) assert.unreachable("expected a rejection");
            else assertSpans(r.diagnostics);
          } finally {
            await rm(dir, { recursive: true, force: true });
          }
        });
      });
      break;
    }
    case "import-only":
      break;
    default:
      corpusTest(name, entry.expect, async () => {
        const r = await outcome([entry.file], corpus);
        if (!r.accepted) assertSpans(r.diagnostics);
      });
  }
}

// Each folder's files together, as one project passes all of its desc/proto files.
const folders = new Map<string, string[]>();
for (const e of entries) if (e.expect === "ok" || e.expect === "import-only") folders.set(dirname(e.file), [...(folders.get(dirname(e.file)) ?? []), e.file]);
for (const [folder, files] of folders) {
  if (!files.some((f) => entries.find((e) => e.file === f)?.expect === "ok")) continue;
  corpusTest(`${folder}/ (${files.length} files together)`, "folder", async () => {
    const ir = accepted(await outcome(files, corpus));
    const roots = ir.files.filter((f) => f.root).map((f) => f.path);
    assert.equal(roots.sort(), [...files].sort());
    assert.is(new Set(ir.services.map((s) => s.fullName)).size, ir.services.length);
  });
}

test("jzero gateway files: google.api.http on the rpc, body '*', openapiv2 import unused", async () => {
  const file = "proto/jzero/simplegateway/user.proto";
  if (!entries.some((e) => e.file === file)) return;
  const ir = accepted(await outcome([file], corpus));
  const m = ir.services[0]?.methods[0];
  assert.equal([m?.name, m?.http[0]?.method, m?.http[0]?.path, m?.http[0]?.body], ["Create", "POST", "/api/user", "*"]);
  assert.is(ir.files[0]?.options["go_package"], "./types/user");
  const openapi = ir.files[0]?.imports.find((i) => i.path.startsWith("grpc-gateway/"));
  assert.ok(openapi && (openapi.source === "include" || openapi.source === "missing"));
});

test.after(() => {
  const line = Object.entries(tally)
    .map(([k, t]) => `${k} ${t.passed}/${t.total}`)
    .join(", ");
  console.log(`\n  proto corpus: ${line}`);
});

test.run();

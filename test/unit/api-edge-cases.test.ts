/**
 * What the parser gives for each edge case and broken input (test/support/api-edge-cases.ts):
 * the statements of those that parse, the diagnostic of those that do not, as recorded in
 * test/fixtures/api/edge-cases.json. The trees were those of the ohm grammar the parser was
 * held to until 2026-11-28, and the messages at least as precise as ohm's (docs/decisions.md).
 * Their comments are held to a scan of the raw text (test/support/api-comments-oracle.ts).
 * UPDATE_FIXTURES=1 rewrites the file after a deliberate change: read its diff.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseOrDiagnose } from "../../engine/descriptors/api/syntax.js";
import { scannedComments } from "../support/api-comments-oracle.js";
import { apiEdgeCases } from "../support/api-edge-cases.js";
import { repoRoot } from "../support/paths.js";
import { firstDifference } from "../support/tree-difference.js";

const test = suite("api parser: edge cases and syntax messages");
const fixture = join(repoRoot, "test/fixtures/api/edge-cases.json");

// JSON has no Infinity: an array length of 400 digits is kept as its text.
const finite = (_: string, v: unknown): unknown => (typeof v === "number" && !Number.isFinite(v) ? String(v) : v);

function outcome(text: string): unknown {
  const r = parseOrDiagnose(text, "x.api");
  if ("ast" in r) return JSON.parse(JSON.stringify(r.ast.statements, finite)) as unknown;
  const d = r.diagnostic;
  return `${d.span?.line}:${d.span?.column} ${d.code} ${d.message}`;
}

test("each case gives the recorded statements or message", () => {
  const now = Object.fromEntries(Object.entries(apiEdgeCases).map(([name, text]) => [name, outcome(text)]));
  if (process.env["UPDATE_FIXTURES"] === "1") writeFileSync(fixture, JSON.stringify(now, null, 1) + "\n");
  const recorded = JSON.parse(readFileSync(fixture, "utf8")) as Record<string, unknown>;
  assert.equal(Object.keys(now).sort(), Object.keys(recorded).sort(), "cases added or removed: UPDATE_FIXTURES=1");
  const wrong = Object.keys(now).flatMap((name) => {
    const d = firstDifference(now[name], recorded[name]);
    return d ? [`${name}: ${d}`] : [];
  });
  assert.equal(wrong, []);
});

test("a syntax error says what was found and what was expected, at the token", () => {
  for (const [name, text] of Object.entries(apiEdgeCases)) {
    const o = outcome(text);
    if (typeof o !== "string" || !o.includes("API_SYNTAX")) continue;
    assert.match(o, /API_SYNTAX (unexpected .+; expected .+|missing "}": the body opened at \d+:\d+)/, name);
  }
});

test("the parser's comments are those a scan outside strings, tags, paths and bare values finds", () => {
  // The repository's own .api files, read from the folders that hold them (a copy without .git
  // runs this too: test/integration/fresh-clone).
  const repoFiles = ["test", "template-packs", "docs"]
    .flatMap((top) =>
      readdirSync(join(repoRoot, top), { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile() && e.name.endsWith(".api"))
        .map((e) => join(e.parentPath, e.name)),
    )
    .map((f): [string, string] => [f, readFileSync(f, "utf8")]);
  let compared = 0;
  for (const [name, text] of [...Object.entries(apiEdgeCases), ...repoFiles]) {
    const r = parseOrDiagnose(text, "x.api");
    if (!("ast" in r)) continue;
    compared++;
    assert.equal(r.ast.comments, scannedComments(r.ast), name);
  }
  assert.ok(compared > 100, `only ${compared} files parsed`);
});

test.run();

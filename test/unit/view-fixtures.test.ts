/**
 * The built-in packs' views and function libraries against their fixture cases
 * (template-packs/<pack>/views/<view>.test/), and the runner's refusal of a changed output.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPack } from "../../engine/packs/index.js";
import { runViewTests } from "../../engine/plan/index.js";
import { repoRoot } from "../support/paths.js";

const test = suite("view fixtures");
const builtin = join(repoRoot, "template-packs/go-zero");

test("every view of the go-zero pack gives the data its cases expect", async () => {
  const pack = await loadPack(builtin, repoRoot);
  const results = await runViewTests(pack, pack.dir);
  const views = new Set(results.map((r) => r.view));
  for (const v of ["functions", "api/openapi", "model/table", "rpc/service", "rpc/openapi", "client/typescript"])
    assert.ok(views.has(v), `no case for ${v}`);
  assert.equal(
    results.filter((r) => r.outcome !== "passed").map((r) => `${r.file}: ${r.difference}`),
    [],
  );
});

test("every view of the goctl pack gives the data its cases expect", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/goctl"), repoRoot);
  const results = await runViewTests(pack, pack.dir);
  assert.ok(results.length > 0, "the goctl pack has view cases");
  assert.equal(
    results.filter((r) => r.outcome !== "passed").map((r) => `${r.file}: ${r.difference}`),
    [],
  );
});

test("a view whose output differs from its case fails, naming the line", async () => {
  const dir = mkdtempSync(join(tmpdir(), "codegen-views-"));
  try {
    cpSync(builtin, dir, { recursive: true });
    const view = join(dir, "views/model/table.jsonata");
    // A reviewer would want to see this: the model file name changes.
    writeFileSync(
      view,
      readFileSync(view, "utf8").replace('"file": $goFile($name, "model")', '"file": $uppercase($name)'),
    );
    const pack = await loadPack(dir, dir);
    const failed = (await runViewTests(pack, pack.dir)).filter((r) => r.outcome === "failed");
    assert.equal([...new Set(failed.map((r) => r.view))], ["model/table"]);
    assert.match(
      failed[0]?.difference ?? "",
      /expected "\s+\\"file\\": \\"usersmodel\\",", got "\s+\\"file\\": \\"USERS\\","/,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();

/**
 * A user's template that renders invalid Go: gofmt's error names the generated file, and also
 * the template file and the template line that produced the failing line. Nothing is written.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("template line in step diagnostics");

const api =
  'syntax = "v1"\n\ntype PingResponse {\n\tMessage string `json:"message"`\n}\n\nservice svc {\n\t@handler ping\n\tget /ping returns (PingResponse)\n}\n';

/** A pack extending go-zero whose logic template has a Go syntax error; returns the pack and the template line of the error. */
function brokenPack(): { pack: string; line: number } {
  const pack = scratch("broken-logic-pack");
  mkdirSync(join(pack, "templates/api"), { recursive: true });
  writeFileSync(join(pack, "pack.yaml"), "name: team\nextends: go-zero\n");
  const lines = readFileSync(join(repoRoot, "template-packs/go-zero/templates/api/logic.go.liquid"), "utf8").split(
    "\n",
  );
  const at = lines.findIndex((l) => l.startsWith("type {{ stem }}Logic struct"));
  assert.ok(at > 0, "the built-in logic template declares its Logic type");
  lines.splice(at, 0, "var = {{ stem }} broken", "");
  writeFileSync(join(pack, "templates/api/logic.go.liquid"), lines.join("\n"));
  return { pack, line: at + 1 };
}

test("gofmt's error names the overriding template and its line; nothing is written", () => {
  const { pack, line } = brokenPack();
  const dir = scratch("broken-logic-project");
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), `name: svc\nmodule: example.com/svc\nframe: api\npack: ${pack}\n`);
  writeFileSync(join(dir, "desc/api/svc.api"), api);
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  const template = join(pack, "templates/api/logic.go.liquid");
  const at = new RegExp(
    `^internal/logic/pinglogic\\.go:\\d+:\\d+: STEP_FAILED .*\\(reported by step "gofmt"\\) \\(rendered from ${template.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}:${line}\\)$`,
    "m",
  );
  assert.match(r.stderr, at);
  assert.not.ok(existsSync(join(dir, "internal")), "nothing was written");
  assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
});

test.run();

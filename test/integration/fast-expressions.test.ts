/**
 * The fast expression evaluator (engine/expression) changes no byte: every golden case's input
 * generated with it and with jsonata alone (CODEGEN_EXPRESSIONS=jsonata) gives the same tree,
 * exit code and messages. And it does the work: on the go-zero pack's projects no expression is
 * left to jsonata.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parse } from "yaml";
import { codegen } from "../support/cli.js";
import { writeApiProject } from "../bench/api-case.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";

const test = suite("fast expressions");
const casesDir = join(repoRoot, "test/golden/cases");

/** Every file's bytes by relative path. */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (e.isFile()) out[relative(dir, join(e.parentPath, e.name))] = readFileSync(join(e.parentPath, e.name), "latin1");
  }
  return out;
}

function run(input: string, args: string[], env: Record<string, string>): { tree: Record<string, string>; exit: number; stderr: string; output: string } {
  const work = scratch("fast-expr");
  cpSync(input, work, { recursive: true });
  const r = codegen(args, work, { CODEGEN_CACHE_DIR: scratch("fast-expr-cache"), ...env });
  return { tree: contents(work), exit: r.code, stderr: r.stderr.split(work).join("<work>"), output: r.stdout + r.stderr };
}

for (const name of readdirSync(casesDir).sort()) {
  test(`${name}: the same with jsonata alone`, () => {
    const spec = parse(readFileSync(join(casesDir, name, "case.yaml"), "utf8")) as { args: string[] };
    const args = spec.args.map((a) => a.replace(/^fixtures:/, join(fixtures, "packs") + "/"));
    const input = join(casesDir, name, "input");
    const fast = run(input, args, {});
    const slow = run(input, args, { CODEGEN_EXPRESSIONS: "jsonata" });
    assert.is(fast.exit, slow.exit);
    assert.equal(Object.keys(fast.tree).sort(), Object.keys(slow.tree).sort());
    for (const [path, text] of Object.entries(slow.tree)) assert.is(fast.tree[path], text, path);
    // Staging folders are random; the messages are otherwise the same.
    const stable = (s: string): string => s.replace(/codegen-stage-[A-Za-z0-9]+/g, "<stage>");
    assert.is(stable(fast.stderr), stable(slow.stderr));
  });
}

test("the go-zero pack's expressions all run in the fast evaluator", () => {
  for (const name of ["api-basic", "api-import-scope", "pg-dump-model", "rpc-two-services", "gateway-http-rules", "error-api-go-facts"]) {
    const r = run(join(casesDir, name, "input"), ["gen", "--verbose"], {});
    const line = /expressions: (\d+) by the fast evaluator, (\d+) by jsonata/.exec(r.output);
    assert.ok(line || r.exit === 1, `${name}: no expressions line in\n${r.output}`);
    if (!line) continue;
    assert.ok(Number(line[1]) > 10, `${name}: ${line[0]}`);
    assert.is(line[2], "0", `${name}: ${line[0]}: ${r.output.split("\n").find((l) => l.startsWith("expressions:"))}`);
  }
});

test("a project of 200 routes: the same with jsonata alone", () => {
  const input = scratch("fast-expr-routes");
  writeApiProject(input, 200, 20);
  const fast = run(input, ["gen"], {});
  const slow = run(input, ["gen"], { CODEGEN_EXPRESSIONS: "jsonata" });
  assert.is(fast.exit, 0, fast.stderr);
  assert.equal(fast.tree, slow.tree);
});

test.run();

/**
 * The fast evaluator (engine/expression) and compiled Liquid (engine/render/compiled.ts) do the
 * work and change no byte; CODEGEN_EXPRESSIONS=jsonata and CODEGEN_LIQUID=liquidjs select the
 * reference engines (the golden suite generates every case's input that way too).
 *
 * * On projects of each kind the go-zero pack generates (200 routes, a gateway, models), every
 *   expression runs in the fast evaluator and every template compiled, and the reference
 *   engines give the same tree.
 * * The switches reach past every cache: a gen that asks for the reference engines evaluates
 *   and renders again, whatever the fast ones left in the cache.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { codegen } from "../support/cli.js";
import { TRANSIENT } from "../support/files.js";
import { writeApiProject } from "../bench/api-case.js";
import { writeModelProject } from "../bench/model-case.js";
import { writeProtoProject } from "../bench/proto-case.js";
import { scratch } from "../support/paths.js";

const test = suite("reference engines");
const REFERENCE_ENGINES = { CODEGEN_EXPRESSIONS: "jsonata", CODEGEN_LIQUID: "liquidjs" };

/** Every file's bytes by relative path, but the stamps (the inode and times of files on this machine). */
function contents(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = relative(dir, join(e.parentPath, e.name));
    if (e.isFile() && path !== ".codegen/stamps.txt" && !TRANSIENT.includes(path))
      out[path] = readFileSync(join(e.parentPath, e.name), "latin1");
  }
  return out;
}

function run(
  input: string,
  args: string[],
  env: Record<string, string>,
  cache = scratch("reference-cache"),
): { tree: Record<string, string>; exit: number; output: string } {
  const work = scratch("reference");
  cpSync(input, work, { recursive: true });
  const r = codegen(args, work, { CODEGEN_CACHE_DIR: cache, ...env });
  return { tree: contents(work), exit: r.code, output: r.stdout + r.stderr };
}

/** The --verbose counts: [fast, jsonata] evaluations and [compiled, liquidjs] renders. */
function counts(output: string): { expressions: [number, number]; templates: [number, number] } {
  const e = /expressions: (\d+) by the fast evaluator, (\d+) by jsonata/.exec(output);
  const t = /templates: (\d+) rendered compiled, (\d+) by liquidjs/.exec(output);
  assert.ok(e && t, `no expressions or templates line in\n${output}`);
  return { expressions: [Number(e[1]), Number(e[2])], templates: [Number(t[1]), Number(t[2])] };
}

const projects: Array<[string, (dir: string) => void]> = [
  ["an api project of 200 routes", (dir) => writeApiProject(dir, 200, 20)],
  ["a gateway project", (dir) => writeProtoProject(dir, 12, 3)],
  ["a model project", (dir) => writeModelProject(dir, 12)],
];

for (const [what, write] of projects) {
  test(`${what}: all by the fast evaluator and compiled Liquid, and the same with jsonata and liquidjs`, () => {
    const input = scratch("reference-input");
    write(input);
    const fast = run(input, ["gen", "--verbose"], {});
    assert.is(fast.exit, 0, fast.output);
    const { expressions, templates } = counts(fast.output);
    assert.ok(expressions[0] > 10 && templates[0] > 10, `${what}: ${JSON.stringify({ expressions, templates })}`);
    assert.equal(
      [expressions[1], templates[1]],
      [0, 0],
      fast.output
        .split("\n")
        .filter((l) => /^(expressions|templates):/.test(l))
        .join("\n"),
    );
    const reference = run(input, ["gen", "--verbose"], REFERENCE_ENGINES);
    assert.is(reference.exit, 0, reference.output);
    assert.equal(Object.keys(reference.tree).sort(), Object.keys(fast.tree).sort());
    for (const [path, text] of Object.entries(fast.tree)) assert.is(reference.tree[path], text, path);
  });
}

test("asking for the reference engines evaluates and renders again, whatever the cache holds", () => {
  const input = scratch("reference-input");
  writeApiProject(input, 10, 2);
  const cache = scratch("reference-warm-cache");
  const warm = run(input, ["gen", "--verbose"], {}, cache);
  assert.is(warm.exit, 0, warm.output);
  const again = run(input, ["gen", "--verbose"], REFERENCE_ENGINES, cache);
  assert.is(again.exit, 0, again.output);
  const { expressions, templates } = counts(again.output);
  assert.is(expressions[0], 0, "no expression by the fast evaluator");
  assert.is(templates[0], 0, "no template compiled");
  assert.ok(expressions[1] > 10 && templates[1] > 10, JSON.stringify({ expressions, templates }));
  assert.equal(again.tree, warm.tree);
});

test.run();

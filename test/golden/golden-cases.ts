/**
 * Golden cases (test/golden/cases/<name>/): `case.yaml` says which command to run and the
 * expected exit code; `input/` is copied into a scratch project; after the run the whole tree
 * must equal `expected/` (every file, no more, no less) and stderr must equal `stderr.txt` when
 * present. UPDATE_GOLDEN=1 rewrites expected/ and stderr.txt from the actual run. Files a pack
 * step wrote (protoc output) are compared through a stable view (step-outputs.ts): they stay in
 * the expected set, and `build: true` compiles the real ones; `typescript:` files must compile
 * under every strict tsc flag.
 *
 * Each case's input is then generated once more with the reference engines, jsonata for every
 * pack expression and liquidjs for every template (CODEGEN_EXPRESSIONS=jsonata
 * CODEGEN_LIQUID=liquidjs): the tree, exit code and messages must be the first run's, byte for
 * byte, so neither the fast evaluator nor compiled Liquid changes what a case generates.
 *
 * The cases are dealt to SHARDS test files (golden-<n>.test.ts), which test/run.js runs side by
 * side: the cases with `build: true` (a Go build each) in turn, then the others, so each file gets
 * about as much work.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { parse } from "yaml";
import { codegen } from "../support/cli.js";
import { TRANSIENT } from "../support/files.js";
import { checkGoProject } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { compileTypeScript } from "../support/typescript.js";
import { goldenView, stepOutputs } from "./step-outputs.js";

interface Case {
  args: string[];
  exit?: number;
  /** The output is a Go module: it must pass gofmt, go vet and go build. */
  build?: boolean;
  /** TypeScript files of the output that must compile under every strict flag (test/support/typescript.ts). */
  typescript?: string[];
}

const casesDir = join(repoRoot, "test/golden/cases");
const update = process.env["UPDATE_GOLDEN"] === "1";
// GOLDEN_CASE=<regexp> runs only the matching cases (while working on one frame).
const only = new RegExp(process.env["GOLDEN_CASE"] ?? "");
/** How many golden-<n>.test.ts files share the cases. */
export const SHARDS = 4;
const REFERENCE_ENGINES = { CODEGEN_EXPRESSIONS: "jsonata", CODEGEN_LIQUID: "liquidjs" };

/** Every file under dir by posix path; `view` turns a file's bytes into the text compared. */
function tree(
  dir: string,
  view: (path: string, bytes: Buffer) => string = (_, b) => b.toString("utf8"),
): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const path = relative(dir, join(e.parentPath, e.name)).split("\\").join("/");
    if (!TRANSIENT.includes(path)) out.set(path, view(path, readFileSync(join(e.parentPath, e.name))));
  }
  return out;
}

/** A case's run: its exit code, stderr with the scratch folder taken out, and every file's bytes. */
interface Run {
  code: number;
  stderr: string;
  bytes: Map<string, string>;
}

/** Copy the case's input into a scratch folder and run its command there. */
function runCase(name: string, spec: Case, env: Record<string, string>): { run: Run; work: string } {
  const work = scratch(`golden-${name}`);
  cpSync(join(casesDir, name, "input"), work, { recursive: true });
  // Packs named in case.yaml as fixtures:<name> resolve to test/fixtures/packs/<name>.
  const args = spec.args.map((a) => a.replace(/^fixtures:/, join(fixtures, "packs") + "/"));
  // Random values a pack asks for (`secret`) come from a fixed seed: expected output is repeatable.
  const r = codegen(args, work, { CODEGEN_TEST_SECRET_SEED: "golden", ...env });
  // Staging folders are random: their names are taken out too.
  const stderr = r.stderr
    .split(work + "/")
    .join("")
    .split(fixtures)
    .join("<fixtures>")
    .replace(/codegen-stage-[A-Za-z0-9]+/g, "<stage>");
  return { run: { code: r.code, stderr, bytes: tree(work, (_, b) => b.toString("latin1")) }, work };
}

const readSpec = (name: string): Case => parse(readFileSync(join(casesDir, name, "case.yaml"), "utf8")) as Case;

/** The cases of shard `shard` (1..SHARDS): the built ones dealt in turn, then the others. */
export function shardCases(shard: number): string[] {
  const names = readdirSync(casesDir).sort();
  const built = names.filter((n) => readSpec(n).build);
  const dealt = [...built, ...names.filter((n) => !readSpec(n).build)];
  return dealt.filter((_, i) => i % SHARDS === shard - 1).sort();
}

/** Runs the cases of shard `shard` (1..SHARDS) that GOLDEN_CASE lets through. */
export function goldenShard(shard: number): void {
  const test = suite(`golden cases (${shard} of ${SHARDS})`);
  if (shard === 1)
    test("the shards hold every case once", () => {
      const dealt = Array.from({ length: SHARDS }, (_, i) => shardCases(i + 1)).flat();
      assert.equal(dealt.sort(), readdirSync(casesDir).sort());
    });
  for (const name of shardCases(shard).filter((n) => only.test(n))) goldenCase(test, name);
  test.run();
}

/** Each case's first run, for the run with the reference engines to be compared with. */
const firstRuns = new Map<string, Run>();

function goldenCase(test: ReturnType<typeof suite>, name: string): void {
  const spec = (): Case => readSpec(name);

  test(name, () => {
    const dir = join(casesDir, name);
    // A cache of its own: expected output (and messages such as how many files a step ran on)
    // must never depend on what other runs, other cases included, left behind.
    const { run: r, work } = runCase(name, spec(), { CODEGEN_CACHE_DIR: scratch(`golden-cache-${name}`) });
    firstRuns.set(name, r);
    const stderr = r.stderr;
    const steps = stepOutputs(work);
    const actual = tree(work, (path, bytes) => goldenView(path, bytes, steps));
    if (update) {
      rmSync(join(dir, "expected"), { recursive: true, force: true });
      for (const [p, text] of actual) {
        mkdirSync(dirname(join(dir, "expected", p)), { recursive: true });
        writeFileSync(join(dir, "expected", p), text);
      }
      if (stderr.trim() || existsSync(join(dir, "stderr.txt"))) writeFileSync(join(dir, "stderr.txt"), stderr);
    }
    assert.is(r.code, spec().exit ?? 0, r.stderr);
    if (spec().build) checkGoProject(work);
    for (const file of spec().typescript ?? []) compileTypeScript(join(work, file));
    rmSync(work, { recursive: true, force: true });
    const expected = tree(join(dir, "expected"));
    assert.equal([...actual.keys()].sort(), [...expected.keys()].sort(), "the same set of files");
    for (const [p, text] of expected) assert.fixture(actual.get(p) ?? "", text, p);
    if (existsSync(join(dir, "stderr.txt")))
      assert.fixture(stderr, readFileSync(join(dir, "stderr.txt"), "utf8"), "stderr");
  });

  test(`${name}: the same with jsonata and liquidjs`, () => {
    const first = firstRuns.get(name);
    assert.ok(first, "the case's first run");
    // A cache of its own too: nothing the first run kept may be given back.
    const { run: reference, work } = runCase(name, spec(), {
      CODEGEN_CACHE_DIR: scratch("golden-reference-cache"),
      ...REFERENCE_ENGINES,
    });
    rmSync(work, { recursive: true, force: true });
    assert.is(reference.code, first.code, reference.stderr);
    assert.equal([...reference.bytes.keys()].sort(), [...first.bytes.keys()].sort(), "the same set of files");
    for (const [p, bytes] of first.bytes) assert.is(reference.bytes.get(p), bytes, p);
    assert.fixture(reference.stderr, first.stderr, "stderr");
  });
}

/**
 * `npm test` works on a fresh clone, with nothing beside the checkout: no default suite reads
 * the external corpus (those live in test/corpus/ and run with `npm run test:corpus`), and the
 * runner passes from a copy of the repository that has no ../shared.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("a fresh clone");

test("only suites under test/corpus/ read the external corpus", () => {
  const readers: string[] = [];
  for (const e of readdirSync(join(repoRoot, "test"), { recursive: true, withFileTypes: true })) {
    if (!e.isFile() || !e.name.endsWith(".ts")) continue;
    const rel = relative(repoRoot, join(e.parentPath, e.name)).split("\\").join("/");
    if (
      rel.startsWith("test/corpus/") ||
      rel === "test/support/paths.ts" ||
      rel === "test/support/corpus.ts" ||
      rel === "test/integration/fresh-clone.test.ts"
    )
      continue;
    if (
      /corpusDir|support\/corpus\.js|shared\/corpus|CODEGEN_CORPUS/.test(
        readFileSync(join(e.parentPath, e.name), "utf8"),
      )
    )
      readers.push(rel);
  }
  assert.equal(readers, []);
});

test("the test runner passes in a copy of the repository with no ../shared", () => {
  const clone = join(scratch("clone"), "codegen");
  const tracked = execFileSync("git", ["ls-files"], { cwd: repoRoot, encoding: "utf8" }).split("\n").filter(Boolean);
  for (const f of tracked) {
    if (!existsSync(join(repoRoot, f))) continue;
    mkdirSync(dirname(join(clone, f)), { recursive: true });
    cpSync(join(repoRoot, f), join(clone, f));
  }
  symlinkSync(join(repoRoot, "node_modules"), join(clone, "node_modules"), "dir");
  cpSync(join(repoRoot, "dist"), join(clone, "dist"), { recursive: true });
  assert.not.ok(existsSync(join(clone, "../shared")), "nothing beside the copy");
  const env = { ...process.env };
  delete env["CODEGEN_CORPUS"];
  // The unit suites only: the golden cases run once per `npm test` (test/golden), and read
  // nothing beside the checkout either (the test above reads every suite for that).
  const r = spawnSync(process.execPath, ["test/run.js", "unit/"], { cwd: clone, encoding: "utf8", env });
  const last = r.stdout.trim().split("\n").pop() ?? "";
  assert.is(r.status, 0, last + r.stderr.slice(-2000));
  assert.match(last, /^[1-9]\d* passed, 0 failed$/);
});

test.run();

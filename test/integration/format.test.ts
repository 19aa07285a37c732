/**
 * `codegen format`: exit codes of --check, what it writes and how (whole files, never through a
 * link, nothing when a file does not parse), and that formatting never changes what gen makes
 * of a project: gen's output for the golden format cases' inputs, the api golden cases and the
 * e2e fixtures is the same before and after.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import {
  chmodSync,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { parse } from "yaml";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot, writeTree } from "../support/files.js";
import { checkFormat } from "../support/api-format.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";

const test = suite("codegen format");
const golden = join(repoRoot, "test/golden/cases");
const config = "name: shop\nmodule: example.com/shop\nframe: api\n";
const messy = 'syntax="v1"\ntype Item {\n  Id int64 `json:"id"`\n  Name string `json:"name"` // shown\n}\n';
const tidy = 'syntax = "v1"\n\ntype Item {\n\tId   int64  `json:"id"`\n\tName string `json:"name"` // shown\n}\n';

function project(files: Record<string, string>): string {
  return writeTree(scratch("format"), { ".codegen.yaml": config, ...files });
}

test("--check: exit 0 and no output when every file is formatted, exit 1 listing the others; nothing written", () => {
  const dir = project({ "desc/api/a.api": tidy, "desc/api/b.api": tidy });
  const clean = codegen(["format", "--check"], dir);
  assert.is(clean.code, 0, clean.stderr);
  assert.is(clean.stdout, "");
  writeFileSync(join(dir, "desc/api/b.api"), messy);
  mkdirSync(join(dir, "desc/api/sub"));
  writeFileSync(join(dir, "desc/api/sub/c.api"), messy);
  const before = snapshot(dir);
  const stale = codegen(["format", "--check"], dir);
  assert.is(stale.code, 1);
  assert.is(stale.stdout, "desc/api/b.api\ndesc/api/sub/c.api\n");
  assert.match(stale.stderr, /2 files of 3 not formatted/);
  assert.equal(snapshot(dir), before, "--check writes nothing");
  // From a subfolder, paths are the user's: relative to where codegen runs.
  const sub = codegen(["format", "--check"], join(dir, "desc/api"));
  assert.is(sub.stdout, "b.api\nsub/c.api\n");
});

test("format rewrites the changed files whole (mode kept, no stray file), says which, and then has nothing to do", () => {
  const dir = project({ "desc/api/a.api": tidy, "desc/api/b.api": messy });
  chmodSync(join(dir, "desc/api/b.api"), 0o640);
  const aBefore = statSync(join(dir, "desc/api/a.api")).mtimeMs;
  const r = codegenOk(["format"], dir);
  assert.is(r.stdout, "formatted desc/api/b.api\n2 files: 1 formatted, 1 already formatted\n");
  assert.is(readFileSync(join(dir, "desc/api/b.api"), "utf8"), tidy);
  assert.is(statSync(join(dir, "desc/api/b.api")).mode & 0o777, 0o640);
  assert.is(statSync(join(dir, "desc/api/a.api")).mtimeMs, aBefore, "a formatted file is not written");
  assert.equal(readdirSync(join(dir, "desc/api")).sort(), ["a.api", "b.api"]);
  const again = codegenOk(["format"], dir);
  assert.is(again.stdout, "2 files: 0 formatted, 2 already formatted\n");
  // Named files and folders, outside the pack's inputs too.
  writeTree(dir, { "other/x.api": messy, "other/deep/y.api": messy, "other/z.txt": messy });
  assert.is(
    codegenOk(["format", "other/x.api"], dir).stdout,
    "formatted other/x.api\n1 file: 1 formatted, 0 already formatted\n",
  );
  assert.is(
    codegenOk(["format", "other"], dir).stdout,
    "formatted other/deep/y.api\n2 files: 1 formatted, 1 already formatted\n",
  );
  assert.is(readFileSync(join(dir, "other/z.txt"), "utf8"), messy);
});

test("a file that does not parse: its diagnostic, exit 1, and no file written", () => {
  const dir = project({ "desc/api/a.api": messy, "desc/api/bad.api": 'syntax = "v1"\ntype Bad {\n\tId int64\n' });
  const before = snapshot(dir);
  for (const args of [["format"], ["format", "--check"]]) {
    const r = codegen(args, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^desc\/api\/bad\.api:4:1: API_SYNTAX missing "}": the body opened at 2:10 \("type Bad \{"\) is not closed by the end of the file$/m,
    );
    assert.equal(snapshot(dir), before);
  }
});

test("an .api that is a symbolic link is never written: refused when named, passed over in a folder", () => {
  const outside = writeTree(scratch("format-outside"), { "target.api": messy });
  const dir = project({ "desc/api/a.api": messy });
  symlinkSync(join(outside, "target.api"), join(dir, "desc/api/link.api"));
  const named = codegen(["format", "desc/api/link.api"], dir);
  assert.is(named.code, 1);
  assert.match(
    named.stderr,
    /UNSAFE_PATH codegen format would rewrite desc\/api\/link\.api, but desc\/api\/link\.api is a symbolic link/,
  );
  const folder = codegenOk(["format", "desc/api"], dir);
  assert.match(folder.stdout, /skipped {3}desc\/api\/link\.api \(a symbolic link/);
  codegenOk(["format"], dir);
  assert.is(readFileSync(join(outside, "target.api"), "utf8"), messy, "the file outside is untouched");
  // A folder of the project that is a link: refused as well.
  symlinkSync(outside, join(dir, "desc/linked"));
  assert.is(codegen(["format", "desc/linked/target.api"], dir).code, 1);
  assert.is(readFileSync(join(outside, "target.api"), "utf8"), messy);
  // A path outside the project is a usage error.
  const out = codegen(["format", join(outside, "target.api")], dir);
  assert.is(out.code, 2);
  assert.match(out.stderr, /DESC_OUTSIDE_PROJECT/);
});

test("outside a project: named files are formatted, no name is a usage error", () => {
  const dir = writeTree(scratch("format-loose"), { "loose.api": messy });
  assert.is(codegen(["format"], dir).code, 2);
  codegenOk(["format", "loose.api"], dir);
  assert.is(readFileSync(join(dir, "loose.api"), "utf8"), tidy);
});

test("every golden format case: the expected files are fixed points that mean what the input meant", () => {
  const cases = readdirSync(golden).filter((n) => n.startsWith("format-"));
  assert.ok(cases.length >= 6);
  for (const name of cases) {
    const spec = parse(readFileSync(join(golden, name, "case.yaml"), "utf8")) as { exit?: number };
    if ((spec.exit ?? 0) !== 0) continue;
    for (const file of apiFiles(join(golden, name, "expected"))) {
      const text = readFileSync(join(golden, name, "expected", file), "utf8");
      assert.ok(checkFormat(text), `${name}/${file} parses`);
      const input = readFileSync(join(golden, name, "input", file), "utf8");
      assert.ok(checkFormat(input), `${name}/input/${file} parses`);
    }
  }
});

/** Projects whose .api files gen reads: format's golden inputs, the api golden cases, the e2e fixtures. */
const genProjects = [
  ...readdirSync(golden)
    .filter(
      (n) =>
        (n.startsWith("format-") || n.startsWith("api-")) &&
        !/exit: *[1-9]/.test(readFileSync(join(golden, n, "case.yaml"), "utf8")),
    )
    .map((n) => join(golden, n, "input")),
  join(fixtures, "e2e/shop"),
  join(fixtures, "e2e/models"),
];

/** A copy of a project's .codegen.yaml and descriptors (an e2e fixture has no config: theirs is made by `new`). */
function copyProject(from: string, prefix: string): string {
  const dir = scratch(prefix);
  cpSync(join(from, "desc"), join(dir, "desc"), { recursive: true });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    existsSync(join(from, ".codegen.yaml")) ? readFileSync(join(from, ".codegen.yaml")) : config,
  );
  return dir;
}

test("formatting changes nothing gen writes", () => {
  let compared = 0;
  for (const input of genProjects) {
    const plain = copyProject(input, "format-gen-a");
    const formatted = copyProject(input, "format-gen-b");
    const changed = codegenOk(["format"], formatted)
      .stdout.split("\n")
      .filter((l) => l.startsWith("formatted "));
    if (changed.length === 0) continue;
    codegenOk(["gen", "--quiet"], plain);
    codegenOk(["gen", "--quiet"], formatted);
    const a = generated(plain);
    const b = generated(formatted);
    assert.ok(Object.keys(a).length > 5, input);
    assert.equal(Object.keys(b).sort(), Object.keys(a).sort(), input);
    for (const [path, text] of Object.entries(a)) assert.fixture(b[path]!, text, `${input}: ${path}`);
    compared++;
  }
  assert.ok(compared >= 8, `only ${compared} projects changed under format`);
});

/** What gen wrote: every file but the descriptors and codegen's own state. */
function generated(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = join(e.parentPath, e.name).slice(dir.length + 1);
    if (rel.endsWith(".api") || rel.startsWith(".codegen/")) continue;
    out[rel] = readFileSync(join(dir, rel), "utf8");
  }
  return out;
}

function apiFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".api"))
    .map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

test.run();

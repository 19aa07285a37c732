/**
 * `codegen gen --check`, the CI gate: exit 0 and one line when the project is as gen would leave
 * it; exit 1 listing missing, stale and edited files otherwise. Every run must leave the project
 * byte for byte as it was, .codegen/ included (no ledger, lock, snapshot, stamps or journal).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { appendFileSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("gen --check");

const api = `syntax = "v1"

type NoteReq {
	Id int64 \`path:"id"\`
}

type Note {
	Title string \`json:"title"\`
}

@server (
	group: notes
)
service notes {
	@handler getNote
	get /notes/:id (NoteReq) returns (Note)
}
`;

/** A go-zero project generated once; `env` keeps its cache and consent apart from other tests. */
function project(name: string): { dir: string; env: Record<string, string> } {
  const env = { CODEGEN_CACHE_DIR: scratch(`${name}-cache`), XDG_CONFIG_HOME: scratch(`${name}-config`) };
  const dir = writeTree(scratch(name), {
    ".codegen.yaml": "name: notes\nmodule: example.com/notes\nframe: api\n",
    "desc/api/notes.api": api,
  });
  codegenOk(["gen"], dir, env);
  return { dir, env };
}

/** Every entry under dir (folders, files with the SHA-256 of their bytes, links with their target). */
function treeHash(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const full = join(e.parentPath, e.name);
    const rel = relative(dir, full);
    out[rel] = e.isDirectory()
      ? "dir"
      : e.isFile()
        ? createHash("sha256").update(readFileSync(full)).digest("hex")
        : `other`;
  }
  return out;
}

/** `gen --check` in dir, asserting that it changed nothing there. */
function check(dir: string, env: Record<string, string>, args: string[] = []): ReturnType<typeof codegen> {
  const before = treeHash(dir);
  const r = codegen(["gen", "--check", ...args], dir, env);
  assert.equal(treeHash(dir), before, `gen --check changed the project\n${r.stdout}${r.stderr}`);
  return r;
}

test("an up-to-date project: exit 0 and one line", () => {
  const { dir, env } = project("check-fresh");
  const r = check(dir, env);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /^up to date \(\d+ files checked\)\n$/);
  // The same after the plain gen that leaves a snapshot and stamps behind (a fast path of its own).
  codegenOk(["gen"], dir, env);
  const again = check(dir, env);
  assert.is(again.code, 0, again.stdout + again.stderr);
  assert.match(again.stdout, /^up to date/);
});

test("a changed descriptor: exit 1, its new files missing, the files that name them stale, the old ones going", () => {
  const { dir, env } = project("check-descriptor");
  writeFileSync(join(dir, "desc/api/notes.api"), api.replace("@handler getNote", "@handler readNote"));
  const r = check(dir, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^missing  internal\/handler\/notes\/readnotehandler\.go$/m);
  assert.match(r.stdout, /^missing  internal\/logic\/notes\/readnotelogic\.go$/m);
  assert.match(r.stdout, /^stale    internal\/handler\/routes\.go$/m);
  assert.match(
    r.stdout,
    /^stale    internal\/handler\/notes\/getnotehandler\.go \(no longer generated: gen removes it\)$/m,
  );
  assert.match(r.stdout, /^out of date: \d+ files; run codegen gen$/m);
  // gen brings it up to date.
  codegenOk(["gen"], dir, env);
  assert.is(check(dir, env).code, 0);
});

test("an edited generated file: exit 1, named as edited; a user's edit of a once file is not listed", () => {
  const { dir, env } = project("check-edited");
  appendFileSync(join(dir, "internal/handler/notes/getnotehandler.go"), "// my change\n");
  appendFileSync(join(dir, "internal/logic/notes/getnotelogic.go"), "// my logic\n");
  const r = check(dir, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.is(
    r.stdout,
    "edited   internal/handler/notes/getnotehandler.go (changed since codegen wrote it)\nout of date: 1 file; run codegen gen\n",
  );
});

test("a missing generated file: exit 1, named as missing", () => {
  const { dir, env } = project("check-missing");
  rmSync(join(dir, "internal/types/types.go"));
  const r = check(dir, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.is(r.stdout, "missing  internal/types/types.go\nout of date: 1 file; run codegen gen\n");
});

test("a descriptor edit that changes no file still leaves the ledger's record stale", () => {
  const { dir, env } = project("check-ledger");
  writeFileSync(join(dir, "desc/api/notes.api"), api.replace("service notes {", "// notes\nservice notes {"));
  const r = check(dir, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.is(
    r.stdout,
    "stale    .codegen/ledger.json (gen records other descriptors or files)\nout of date: 1 file; run codegen gen\n",
  );
});

test("--check runs no hook, even an allowed one, and prints the diff with --diff", () => {
  const { dir, env } = project("check-hooks");
  appendFileSync(
    join(dir, ".codegen.yaml"),
    'hooks:\n  before: ["echo ran >> hook.log"]\ngen:\n  hooks:\n    after: ["echo ran >> hook.log"]\n',
  );
  codegenOk(["trust"], dir, env);
  rmSync(join(dir, "internal/types/types.go"));
  const r = check(dir, env, ["--diff"]);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /^\+\+\+ b\/internal\/types\/types\.go/m);
  assert.match(r.stdout, /^missing  internal\/types\/types\.go$/m);
  assert.not.match(r.stdout + r.stderr, /hook/);
});

test("--check does not combine with --watch", () => {
  const r = codegen(["gen", "--check", "--watch"], scratch("check-watch"));
  assert.is(r.code, 2);
  assert.match(r.stderr, /does not combine with --check/);
});

test.run();

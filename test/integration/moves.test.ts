/**
 * Files that move: a rule's `identity` names a file apart from its path, so when a config value
 * changes where the rule puts it, the `once` file the user owns moves with its bytes (never onto
 * a file already there); managed files are written at the new path and the old ones removed.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, linkSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { freeze, treeHashes } from "../support/many-routes.js";
import { packAndProject, smallApi } from "../support/project.js";

const test = suite("moves");

/** A pack whose file names follow the config key `naming` (lower or upper), like a naming style. */
const packFiles = {
  "pack.yaml": `name: moving
managed_marker: "@generated"
inputs:
  api: "desc/api/**/*.api"
frames:
  docs: { description: "text files" }
config:
  defaults:
    naming: lower
  schema:
    properties:
      naming:
        enum: [lower, upper]
`,
  "templates/page.txt.liquid": "@generated page {{ route.handler }}\n",
  "templates/note.txt.liquid": "notes on {{ route.handler }}\n",
};

/** Its rules: a managed page and a `once` note per route, both with the handler as identity. */
function movingPack(): Record<string, string> {
  const path = (dir: string): string =>
    `"${dir}/{% if config.naming == 'upper' %}{{ route.handler | upcase }}{% else %}{{ route.handler | downcase }}{% endif %}.txt"`;
  return {
    ...packFiles,
    "rules/files.yaml": `- name: page
  each: "api.routes"
  as: route
  path: ${path("pages")}
  identity: "{{ route.handler }}"
  template: page.txt.liquid
- name: note
  each: "api.routes"
  as: route
  path: ${path("notes")}
  identity: "{{ route.handler }}"
  template: note.txt.liquid
  mode: once
`,
  };
}

function project(): { dir: string; env: Record<string, string>; naming: (n: string) => void } {
  const made = packAndProject("moving", movingPack(), { "desc/api/demo.api": smallApi });
  const config = readFileSync(join(made.dir, ".codegen.yaml"), "utf8");
  return { ...made, naming: (n) => writeFileSync(join(made.dir, ".codegen.yaml"), `${config}naming: ${n}\n`) };
}

const read = (dir: string, p: string): string => readFileSync(join(dir, p), "utf8");

test("a changed name moves the user's once files with their bytes; managed ones are rewritten and the old removed", () => {
  const { dir, env, naming } = project();
  codegenOk(["gen"], dir, env);
  writeFileSync(join(dir, "notes/getthing.txt"), "my notes\n");
  naming("upper");
  const preview = codegenOk(["gen", "--dry-run"], dir, env);
  assert.match(preview.stdout, /^ {2}moved {5}notes\/GETTHING\.txt \(from notes\/getthing\.txt\)$/m);
  assert.ok(existsSync(join(dir, "notes/getthing.txt")), "a dry run moves nothing");
  const r = codegenOk(["gen"], dir, env);
  assert.match(r.stdout, /2 created, 0 updated, 0 unchanged, 0 kept, 2 removed, 2 moved/);
  assert.is(read(dir, "notes/GETTHING.txt"), "my notes\n", "the edit moved with the file");
  assert.is(read(dir, "notes/LISTTHINGS.txt"), "notes on listThings\n");
  for (const gone of ["notes/getthing.txt", "notes/listthings.txt", "pages/getthing.txt", "pages/listthings.txt"])
    assert.not.ok(existsSync(join(dir, gone)), gone);
  assert.is(read(dir, "pages/GETTHING.txt"), "@generated page getThing\n");
  // The ledger follows: the next gen writes nothing, and the edited file is still the user's.
  assert.match(codegenOk(["gen"], dir, env).stdout, /wrote 0 files/);
  const ledger = JSON.parse(read(dir, ".codegen/ledger.json")) as { files: Array<{ path: string; identity?: string }> };
  assert.equal(ledger.files.find((f) => f.path === "notes/GETTHING.txt")?.identity, "getThing");
  // And back.
  naming("lower");
  codegenOk(["gen"], dir, env);
  assert.is(read(dir, "notes/getthing.txt"), "my notes\n");
});

test("a file already at the new path is never overwritten: nothing moves, and the edited old file is kept", () => {
  const { dir, env, naming } = project();
  codegenOk(["gen"], dir, env);
  writeFileSync(join(dir, "notes/getthing.txt"), "my notes\n");
  writeFileSync(join(dir, "notes/GETTHING.txt"), "another file of mine\n");
  naming("upper");
  const r = codegenOk(["gen"], dir, env);
  assert.is(read(dir, "notes/GETTHING.txt"), "another file of mine\n");
  assert.is(read(dir, "notes/getthing.txt"), "my notes\n");
  assert.match(r.stdout, /kept, no longer generated: notes\/getthing\.txt/);
});

test("one file under two spellings (as on a file system that ignores case) is renamed, never removed", () => {
  const { dir, env, naming } = project();
  codegenOk(["gen"], dir, env);
  writeFileSync(join(dir, "notes/getthing.txt"), "my notes\n");
  // A hard link makes the new spelling name the same file, as macOS and Windows do for case.
  for (const d of ["notes", "pages"])
    for (const [lower, upper] of [
      ["getthing", "GETTHING"],
      ["listthings", "LISTTHINGS"],
    ])
      linkSync(join(dir, `${d}/${lower}.txt`), join(dir, `${d}/${upper}.txt`));
  naming("upper");
  const r = codegenOk(["gen"], dir, env);
  assert.match(r.stdout, /4 moved/);
  assert.is(read(dir, "notes/GETTHING.txt"), "my notes\n");
  assert.is(read(dir, "pages/GETTHING.txt"), "@generated page getThing\n");
  assert.not.ok(existsSync(join(dir, "notes/getthing.txt")));
  assert.match(codegenOk(["gen"], dir, env).stdout, /wrote 0 files/);
});

test("a partial run moves only the files of its descriptor", () => {
  const { dir, env, naming } = project();
  writeFileSync(
    join(dir, "desc/api/more.api"),
    'syntax = "v1"\n\nservice more {\n\t@handler getOther\n\tget /others\n}\n',
  );
  codegenOk(["gen"], dir, env);
  naming("upper");
  codegenOk(["gen", "--desc", "desc/api/more.api"], dir, env);
  assert.ok(existsSync(join(dir, "notes/GETOTHER.txt")));
  assert.ok(existsSync(join(dir, "notes/getthing.txt")), "the other descriptor's files stay");
  const full = codegen(["gen"], dir, env);
  assert.is(full.code, 0, full.stderr);
  assert.ok(existsSync(join(dir, "notes/GETTHING.txt")));
  rmSync(dir, { recursive: true, force: true });
});

test("a write that fails after a move began rolls the move back: the user's file is where it was", () => {
  const { dir, env, naming } = project();
  codegenOk(["gen"], dir, env);
  writeFileSync(join(dir, "notes/getthing.txt"), "my notes\n");
  naming("upper");
  const before = treeHashes(dir, (p) => p === ".codegen.yaml");
  // notes/ sorts before pages/: the notes have moved when pages/ refuses its new files.
  freeze(join(dir, "pages"), true);
  let r;
  try {
    r = codegen(["gen"], dir, env);
  } finally {
    freeze(join(dir, "pages"), false);
  }
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /rolled back: the project is as it was before this gen/);
  assert.equal(
    treeHashes(dir, (p) => p === ".codegen.yaml"),
    before,
  );
  assert.is(read(dir, "notes/getthing.txt"), "my notes\n");
  codegenOk(["gen"], dir, env);
  assert.is(read(dir, "notes/GETTHING.txt"), "my notes\n");
});

test("template lint parses each rule's identity", () => {
  const { pack, env } = packAndProject(
    "moving",
    {
      ...movingPack(),
      "rules/files.yaml": movingPack()["rules/files.yaml"]!.replace(
        'identity: "{{ route.handler }}"\n  template: note',
        'identity: "{{ route.handler"\n  template: note',
      ),
    },
    {},
  );
  const r = codegen(["template", "lint", pack], pack, env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /rule "note" identity/);
});

test.run();

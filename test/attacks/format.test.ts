/**
 * Attack class: `codegen format` rewriting files in a version-control or state folder. A cloned
 * `.codegen.yaml` chooses the `inputs.api` glob that `codegen format` (no arguments) rewrites:
 * `.git/**\/*.api` must not make it write in `.git` (git runs what `.git/config` and
 * `.git/hooks` name) or in `.codegen` (gen's ledger and journal), whatever the case of the
 * folder's name. Nothing is written then, not even the project's other files. Nor may it
 * change bytes it cannot read: a file that is not UTF-8 is refused, not rewritten with U+FFFD.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: codegen format in reserved folders");
const messy = 'syntax="v1"\ntype Item {\n  Id int64 `json:"id"`\n}\n';

for (const folder of [".git", ".GIT", ".codegen", ".hg"]) {
  test(`a cloned config's inputs glob into ${folder}: refused, nothing rewritten`, () => {
    const inside = `${folder}/hooks/pre-commit.api`;
    const dir = writeTree(scratch("attack-format"), {
      ".codegen.yaml": `name: shop\nmodule: example.com/shop\nframe: api\ninputs:\n  api: "{desc/api,${folder}}/**/*.api"\n`,
      "desc/api/a.api": messy,
      [inside]: messy,
    });
    const r = codegen(["format"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `UNSAFE_PATH codegen format would rewrite ${inside.replace(/\./g, "\\.")}, which lies in ${folder.replace(".", "\\.")}`,
      ),
    );
    assert.is(readFileSync(join(dir, inside), "utf8"), messy, `${inside} unchanged`);
    assert.is(readFileSync(join(dir, "desc/api/a.api"), "utf8"), messy, "nothing written at all");
  });
}

test("a path into .git named on the command line is refused too", () => {
  const dir = writeTree(scratch("attack-format"), { ".codegen.yaml": "name: shop\n", ".git/x.api": messy });
  const r = codegen(["format", ".git/x.api"], dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /UNSAFE_PATH codegen format would rewrite \.git\/x\.api, which lies in \.git/);
  assert.is(readFileSync(join(dir, ".git/x.api"), "utf8"), messy);
});

test("a file that is not UTF-8 is a diagnostic at its first such byte, and no file is rewritten", () => {
  const latin1 = Buffer.concat([
    Buffer.from('syntax="v1"\n// caf'),
    Buffer.from([0xe9]),
    Buffer.from(" au lait\ntype A {  X int }\n"),
  ]);
  const dir = writeTree(scratch("attack-format"), {
    ".codegen.yaml": "name: shop\nmodule: example.com/shop\nframe: api\n",
    "desc/api/a.api": messy,
  });
  writeFileSync(join(dir, "desc/api/b.api"), latin1);
  const r = codegen(["format"], dir);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /desc\/api\/b\.api:2:7: API_ENCODING the file is not UTF-8 \(byte 0xe9\)/);
  assert.equal(readFileSync(join(dir, "desc/api/b.api")), latin1, "its bytes unchanged");
  assert.is(readFileSync(join(dir, "desc/api/a.api"), "utf8"), messy, "nothing written at all");
});

test.run();

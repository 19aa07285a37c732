/**
 * Attack class: descriptor globs that start outside the project. A cloned `.codegen.yaml`'s
 * `inputs` (or a pack's) names the files gen reads as descriptors; `../elsewhere/*.sql`,
 * `desc/../../elsewhere/*.sql`, or the pack's own `desc/sql/**` where the clone made `desc/sql`
 * a link, must not make gen read a file outside the project into generated models. The glob's
 * fixed folders must lie inside the project and be real folders; otherwise `UNSAFE_PATH`,
 * nothing read, nothing written.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readdirSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: descriptor globs outside the project");

function setting(inputs: (out: string) => string): { dir: string; out: string } {
  const base = scratch("attack-input-globs");
  const out = writeTree(join(base, "elsewhere"), {
    "a.sql": "CREATE TABLE secret_cards (id INT PRIMARY KEY, number TEXT);\n",
    "a.api": "type SecretCard { Number string }\n",
  });
  const dir = writeTree(join(base, "proj"), {
    ".codegen.yaml": `name: shop\nmodule: example.com/shop\nframe: api\n${inputs(out)}`,
  });
  return { dir, out };
}

const globs: Array<[string, (out: string) => string, RegExp]> = [
  [
    "a glob starting above the project",
    () => "../elsewhere/*.sql",
    /UNSAFE_PATH the sql input glob "\.\.\/elsewhere\/\*\.sql" starts outside the project/,
  ],
  [
    "a glob leaving through ..",
    () => "desc/../../elsewhere/*.sql",
    /UNSAFE_PATH the sql input glob "desc\/\.\.\/\.\.\/elsewhere\/\*\.sql" starts outside the project/,
  ],
  [
    "an absolute glob",
    (out) => `${out}/*.sql`,
    /UNSAFE_PATH the sql input glob ".*\/elsewhere\/\*\.sql" starts outside the project/,
  ],
];

for (const [name, glob, message] of globs) {
  test(`${name}: refused, nothing read or written`, () => {
    const { dir } = setting((out) => `inputs:\n  sql: "${glob(out)}"\n`);
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, message);
    assert.not.match(r.stdout + r.stderr, /secret/i);
    assert.equal(readdirSync(dir), [".codegen.yaml"], "nothing written");
  });
}

for (const kind of ["sql", "api"]) {
  test(`the pack's desc/${kind} glob where desc/${kind} is a link out: refused, nothing read or written`, () => {
    const { dir, out } = setting(() => "");
    mkdirSync(join(dir, "desc"));
    symlinkSync(out, join(dir, "desc", kind));
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `UNSAFE_PATH the ${kind} input glob "desc/${kind}/\\*\\*/\\*\\.${kind}" reaches desc/${kind}, which is a symbolic link`,
      ),
    );
    assert.not.match(r.stdout + r.stderr, /secret/i);
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"], "nothing written");
  });
}

test.run();

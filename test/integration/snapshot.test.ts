/**
 * A gen leaves the project's record (.codegen/snapshot.json) so the next one can tell "nothing
 * to do" from file stats, or the digests of the files it just wrote. These tests check that the
 * record is used when it may be, and never hides a change: an edit that keeps a file's size and
 * modification time, a file changed in the clock tick the record was taken, a new nested
 * project, a changed ledger.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { afterFileClockTick } from "../support/file-clock.js";
import { makeProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";
import { NestedProjects } from "../../engine/project/index.js";
import {
  fileClock,
  ProjectFiles,
  saveSnapshot,
  SNAPSHOT_PATH,
  takeSnapshot,
  unchangedSnapshot,
} from "../../engine/write/index.js";

const test = suite("snapshot: an unchanged project known by its file stats");
const ok = (r: { code: number; stdout: string; stderr: string }): string => {
  assert.is(r.code, 0, r.stdout + r.stderr);
  return r.stdout;
};
const REUSED = /unchanged inputs and files: nothing to do/;
// Past the file system's clock tick: files written before now are older than what comes next.
const settled = afterFileClockTick;

/** A project gen has written, then a gen that wrote nothing and left the snapshot. */
function settledProject(): string {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  settled();
  ok(codegen(["gen"], dir));
  assert.ok(existsSync(join(dir, SNAPSHOT_PATH)), "a gen that wrote nothing leaves a snapshot");
  settled();
  return dir;
}

test("a gen on an unchanged project answers from the record, with the same report as the full gen", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  assert.ok(existsSync(join(dir, SNAPSHOT_PATH)), "a gen that wrote files records them by their digests");
  const files = (out: string): string[] =>
    out.split("\n").filter((l) => /^ {2}(unchanged|kept) /.test(l) || l.startsWith("wrote "));
  const full = ok(codegen(["gen", "--verbose"], dir, { CODEGEN_NO: "snapshot" }));
  assert.not.match(full, REUSED);
  // Just written: the files are read and compared by digest, then known by their stamps.
  const afterWrite = ok(codegen(["gen", "--verbose"], dir));
  assert.match(afterWrite, REUSED);
  assert.equal(files(afterWrite), files(full));
  settled();
  const quick = ok(codegen(["gen", "--verbose"], dir));
  assert.match(quick, REUSED);
  assert.equal(files(quick), files(full));
  assert.match(readFileSync(join(dir, ".codegen/.gitignore"), "utf8"), /^snapshot\.json$/m);
});

test("a generated file edited after the gen that wrote it is seen by its digest", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  const file = join(dir, "handlers/getThing.txt");
  const before = readFileSync(file, "utf8");
  writeFileSync(
    file,
    before.replace(/[a-z]/, (c) => (c === "x" ? "y" : "x")),
  );
  const out = ok(codegen(["gen", "--verbose"], dir));
  assert.not.match(out, REUSED);
  assert.match(out, /updated\s+handlers\/getThing\.txt/);
  assert.is(readFileSync(file, "utf8"), before);
});

test("an edit that keeps a generated file's size and modification time is still seen and undone", () => {
  const dir = settledProject();
  const file = join(dir, "handlers/getThing.txt");
  const before = readFileSync(file, "utf8");
  const { mtimeMs, size } = statSync(file);
  // touch -r copies times to the nanosecond (a Date given to utimes keeps milliseconds only).
  execFileSync("touch", ["-r", file, `${file}.time`]);
  writeFileSync(
    file,
    before.replace(/[a-z]/, (c) => (c === "x" ? "y" : "x")),
  );
  execFileSync("touch", ["-r", `${file}.time`, file]);
  unlinkSync(`${file}.time`);
  assert.is(statSync(file).size, size);
  assert.is(statSync(file).mtimeMs, mtimeMs);
  const out = ok(codegen(["gen", "--verbose"], dir));
  assert.not.match(out, REUSED);
  assert.match(out, /updated\s+handlers\/getThing\.txt/);
  assert.is(readFileSync(file, "utf8"), before);
});

test("a user's edit of a once file is kept, and a deleted generated file comes back", () => {
  const dir = settledProject();
  writeFileSync(join(dir, "logic/getThing.txt"), "my own logic\n");
  unlinkSync(join(dir, "handlers/listThings.txt"));
  const out = ok(codegen(["gen"], dir));
  assert.match(out, /1 created/);
  assert.is(readFileSync(join(dir, "logic/getThing.txt"), "utf8"), "my own logic\n");
  assert.ok(existsSync(join(dir, "handlers/listThings.txt")));
});

test("a changed descriptor, ledger or a new nested project is not answered from the snapshot", () => {
  const dir = settledProject();
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("listThings", "listItems"));
  assert.not.match(ok(codegen(["gen", "--verbose"], dir)), REUSED);
  assert.ok(existsSync(join(dir, "handlers/listItems.txt")));

  const again = settledProject();
  const ledger = join(again, ".codegen/ledger.json");
  writeFileSync(
    ledger,
    readFileSync(ledger, "utf8").replace(/"handlers\/listThings\.txt"/, '"handlers/listThings.old"'),
  );
  assert.not.match(ok(codegen(["gen", "--verbose"], again)), REUSED);

  const nested = settledProject();
  mkdirSync(join(nested, "handlers"), { recursive: true });
  writeFileSync(join(nested, "handlers/.codegen.yaml"), "name: inner\nframe: docs\n");
  const r = codegen(["gen"], nested);
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stderr, /NESTED_PROJECT/);
});

test("a project made by an earlier version gets snapshot.json and stamps.txt in its .codegen/.gitignore", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  writeFileSync(join(dir, ".codegen/.gitignore"), "# codegen's transient files; commit ledger.json\nlock\ntx/\n");
  ok(codegen(["gen"], dir));
  assert.match(readFileSync(join(dir, ".codegen/.gitignore"), "utf8"), /^snapshot\.json\nstamps\.txt$/m);
  writeFileSync(
    join(dir, ".codegen/.gitignore"),
    "# codegen's transient files; commit ledger.json\nlock\ntx/\nsnapshot.json\n",
  );
  writeFileSync(join(dir, "desc/api/demo.api"), `// edited\n${smallApi}`);
  ok(codegen(["gen"], dir));
  assert.match(readFileSync(join(dir, ".codegen/.gitignore"), "utf8"), /^stamps\.txt$/m);
  // One the user changed is theirs.
  writeFileSync(join(dir, ".codegen/.gitignore"), "lock\ntx/\n*.json\n");
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("listThings", "listItems"));
  ok(codegen(["gen"], dir));
  assert.is(readFileSync(join(dir, ".codegen/.gitignore"), "utf8"), "lock\ntx/\n*.json\n");
});

test("a dry run never writes a record", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  const record = readFileSync(join(dir, SNAPSHOT_PATH));
  // Answered from the record (its files read, as just written), which it leaves as it was.
  assert.match(ok(codegen(["gen", "--dry-run", "--verbose"], dir)), REUSED);
  assert.ok(readFileSync(join(dir, SNAPSHOT_PATH)).equals(record));
  unlinkSync(join(dir, SNAPSHOT_PATH));
  ok(codegen(["gen", "--dry-run"], dir));
  assert.not.ok(existsSync(join(dir, SNAPSHOT_PATH)));
});

test("a file changed at or after the clock reading taken before the run read it is not trusted", () => {
  const root = scratch("snapshot");
  mkdirSync(join(root, ".codegen"), { recursive: true });
  const ledger = Buffer.from("{}\n");
  const nested = new NestedProjects(root);
  const clockNow = (): number => {
    writeFileSync(join(root, ".codegen/lock"), String(process.pid));
    return fileClock(root)!;
  };
  const take = (clock: number): void => {
    const disk = new ProjectFiles(root);
    disk.read("a.txt");
    const report = { outcomes: [], counts: { created: 0, updated: 0, unchanged: 0, kept: 0, removed: 0, moved: 0 } };
    const taken = takeSnapshot({
      key: "k",
      clock,
      ledger,
      said: { warnings: [], notes: [] },
      report: { ...report, orphans: [], adopted: 0, changes: false, ledger: "same" },
      disk,
      modes: new Map(),
    });
    saveSnapshot(root, taken!);
  };
  // Changed after the clock was read (the same tick at best): it could change again unseen.
  for (let i = 0; i < 20; i++) {
    const clock = clockNow();
    writeFileSync(join(root, "a.txt"), `version ${i}\n`);
    take(clock);
    assert.is(
      unchangedSnapshot(root, "k", ledger, nested)?.restamped,
      true,
      "a file as new as the clock reading is read again",
    );
    writeFileSync(join(root, "a.txt"), `version ${i}.\n`);
    assert.is(unchangedSnapshot(root, "k", ledger, nested), null, "and its new bytes seen");
  }
  // Changed well before: trusted by its stamp, and only with the same key.
  writeFileSync(join(root, "a.txt"), "settled\n");
  settled();
  take(clockNow());
  assert.is(unchangedSnapshot(root, "k", ledger, nested)?.restamped, false, "an older, unchanged file is trusted");
  assert.is(unchangedSnapshot(root, "other key", ledger, nested), null);
  assert.is(unchangedSnapshot(root, "k", Buffer.from("[]\n"), nested), null, "another ledger");
  // A snapshot naming a path outside the project (edited by hand) is not used, and nothing there is looked at.
  const good = JSON.parse(readFileSync(join(root, SNAPSHOT_PATH), "utf8")) as { files: Record<string, unknown> };
  for (const outside of ["../a.txt", "x/../../a.txt", "/etc/hostname", "./a.txt"]) {
    writeFileSync(join(root, SNAPSHOT_PATH), JSON.stringify({ ...good, files: { ...good.files, [outside]: null } }));
    assert.is(unchangedSnapshot(root, "k", ledger, nested), null, outside);
  }
  writeFileSync(join(root, SNAPSHOT_PATH), JSON.stringify(good));
  assert.ok(unchangedSnapshot(root, "k", ledger, nested), "the snapshot as written is still trusted");
  // A damaged snapshot is no snapshot.
  writeFileSync(join(root, SNAPSHOT_PATH), JSON.stringify({ version: 2, key: "k" }));
  assert.is(unchangedSnapshot(root, "k", ledger, nested), null);
});

test.run();

/**
 * Stamp records (.codegen/stamps.txt): a gen knows the files an earlier gen read and left as
 * they were from a stat, without reading them; a record only ever spares a write, so even a
 * record that lies cannot cost a byte of the user's, and a file edited since (same size, same
 * modification time) is read again.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createHash } from "node:crypto";
import { codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";
import { makeProject, packAndProject, smallApi } from "../support/project.js";

const STAMPS = ".codegen/stamps.txt";
/** The records by path: [stamp, sha256, clock] (write/stamps.ts). */
const readRecords = (dir: string): Map<string, [string, string, string]> => {
  const [header, ...lines] = readFileSync(join(dir, STAMPS), "utf8").trim().split("\n");
  assert.is(header, "codegen-stamps 1");
  return new Map(lines.map((l) => { const [stamp = "", sha = "", clock = "", ...path] = l.split(" "); return [path.join(" "), [stamp, sha, clock]]; }));
};
const writeRecords = (dir: string, records: Map<string, [string, string, string]>): void =>
  writeFileSync(join(dir, STAMPS), ["codegen-stamps 1", ...[...records].map(([p, r]) => `${r.join(" ")} ${p}`)].join("\n") + "\n");
const known = /^(\d+) files known from their stamps without reading them/m;
const stampOf = (file: string): string => {
  const s = statSync(file);
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeMs}:${s.ctimeMs}`;
};
const sha = (text: string): string => createHash("sha256").update(text).digest("hex");
const summaryOf = (stdout: string): string => stdout.split("\n").find((l) => l.startsWith("wrote "))!;

/** A project after a gen and a descriptor edit that leaves routes.txt and the notes as they were. */
function editedProject(): { dir: string; env: Record<string, string>; edit: (n: number) => void } {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const env = { CODEGEN_CACHE_DIR: scratch("stamps-cache") };
  const edit = (n: number): void => writeFileSync(join(dir, "desc/api/demo.api"), `// edit ${n}\n${smallApi}`);
  codegenOk(["gen"], dir, env);
  assert.not.ok(existsSync(join(dir, STAMPS)), "a gen that wrote every file read none of them");
  edit(1);
  codegenOk(["gen"], dir, env);
  return { dir, env, edit };
}

test("after an edit, the files gen left as they were are known without reading; the outcome is the same without records", () => {
  const { dir, env, edit } = editedProject();
  const records = readRecords(dir);
  assert.equal([...records.keys()].sort(), ["notes/getThing.txt", "notes/listThings.txt", "routes.txt", "settings.yaml"]);
  assert.is(records.get("routes.txt")![0], stampOf(join(dir, "routes.txt")));
  assert.is(records.get("routes.txt")![1], sha(readFileSync(join(dir, "routes.txt"), "utf8")));

  // The ledger's file entries (its descriptor digests follow each edit).
  const fileEntries = (): string => JSON.stringify((JSON.parse(readFileSync(join(dir, ".codegen/ledger.json"), "utf8")) as { files: unknown }).files);
  edit(2);
  const fast = codegenOk(["gen", "--verbose"], dir, env);
  // routes.txt and the two notes; settings.yaml is merged, so it is always read.
  assert.is(known.exec(fast.stdout)?.[1], "3", fast.stdout);
  const fastEntries = fileEntries();
  edit(3);
  rmSync(join(dir, STAMPS));
  const slow = codegenOk(["gen", "--verbose"], dir, env);
  assert.not.match(slow.stdout, known);
  assert.is(summaryOf(fast.stdout), summaryOf(slow.stdout));
  assert.is(fastEntries, fileEntries(), "the same ledger entries with and without records");
});

test("a dry run neither writes nor removes records", () => {
  const { dir, env, edit } = editedProject();
  const before = readFileSync(join(dir, STAMPS), "utf8");
  edit(2);
  codegenOk(["gen", "--dry-run"], dir, env);
  assert.is(readFileSync(join(dir, STAMPS), "utf8"), before);
  rmSync(join(dir, STAMPS));
  codegenOk(["gen", "--diff"], dir, env);
  assert.not.ok(existsSync(join(dir, STAMPS)));
});

test("a managed file edited to the same size and modification time is read again and restored", () => {
  const { dir, env, edit } = editedProject();
  const routes = join(dir, "routes.txt");
  const generated = readFileSync(routes, "utf8");
  const { atime, mtime } = statSync(routes);
  writeFileSync(routes, generated.replace("get /things/:id", "put /things/:id"));
  assert.is.not(readFileSync(routes, "utf8"), generated);
  utimesSync(routes, atime, mtime);
  edit(2);
  const r = codegenOk(["gen"], dir, env);
  assert.match(r.stdout, /^wrote 1 file: 0 created, 1 updated/m);
  assert.is(readFileSync(routes, "utf8"), generated);
});

test("a record that lies (says gen's bytes are there while the user's are) never costs the user's bytes", () => {
  const { dir, env } = packAndProject(
    "stamp-lies",
    {
      "rules/notes.yaml": '- name: note\n  each: "api.routes"\n  as: route\n  path: "notes/{{ route.handler }}.txt"\n  template: note.txt.liquid\n  mode: once\n',
      "templates/note.txt.liquid": "notes for {{ route.handler }} at {{ route.path }}\n",
    },
    { "desc/api/demo.api": smallApi },
  );
  const api = join(dir, "desc/api/demo.api");
  const note = join(dir, "notes/getThing.txt");
  codegenOk(["gen"], dir, env);
  writeFileSync(api, `// edit\n${smallApi}`);
  codegenOk(["gen"], dir, env);
  const gens = readFileSync(note, "utf8");
  writeFileSync(note, "my own notes\n");
  const forge = (): void => {
    const records = readRecords(dir);
    assert.ok(records.get("notes/getThing.txt"), "the note has a record to forge");
    records.set("notes/getThing.txt", [stampOf(note), sha(gens), String(Date.now() * 2)]);
    writeRecords(dir, records);
  };
  // The plan for the note is what gen wrote: the lie spares a write, and the bytes stay.
  forge();
  writeFileSync(api, `// edit 2\n${smallApi}`);
  const same = codegenOk(["gen", "--verbose"], dir, env);
  assert.match(same.stdout, known, "the forged record was taken");
  assert.is(readFileSync(note, "utf8"), "my own notes\n");
  // The plan for the note changes: the decision to write reads the bytes, which are the user's.
  forge();
  writeFileSync(api, smallApi.replace("get /things/:id", "get /stuff/:id"));
  const changed = codegenOk(["gen", "--verbose"], dir, env);
  assert.is(readFileSync(note, "utf8"), "my own notes\n", changed.stdout);
  assert.match(changed.stdout, /^wrote 0 files: 0 created, 0 updated, 0 unchanged, 2 kept/m);
});

test.run();

/**
 * Attack class: a ledger from the repository is a claim, not proof. `.codegen/ledger.json` is
 * committed and anyone can edit it; an entry naming a user's file with the SHA-256 of its bytes
 * (easy: the bytes of a committed `.env.example` the user copied to `.env`) must not make gen
 * delete or move it. gen removes or moves a file only when the ledger lists it and the file
 * carries the pack's generated marker, or its bytes are ones codegen wrote at that path in this
 * clone (a record kept in the user's cache). What gen itself wrote in this clone still goes when
 * its source goes; in a fresh clone an unmarked file (a `once` logic file) is kept and listed.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("attacks: deletions and moves a cloned ledger claims");

const sha = (s: string): string => createHash("sha256").update(s).digest("hex");
const envText = "DATABASE_URL=postgres://app:hunter2@localhost/app\n";

/** The go-zero shop service, generated once in this clone, with its own cache. */
function generated(): { dir: string; env: Record<string, string> } {
  const dir = join(scratch("attack-ledger"), "shop");
  cpSync(join(repoRoot, "test/golden/cases/style-gozero/input"), dir, { recursive: true });
  const env = { CODEGEN_CACHE_DIR: scratch("attack-ledger-cache") };
  codegenOk(["gen"], dir, env);
  return { dir, env };
}

/** Add entries to the project's ledger, as a commit from someone else would. */
function claim(dir: string, entries: object[]): void {
  const file = join(dir, ".codegen/ledger.json");
  const ledger = JSON.parse(readFileSync(file, "utf8")) as { files: object[] };
  ledger.files.push(...entries);
  writeFileSync(file, JSON.stringify(ledger, null, 2));
}

test("entries claiming .env (a copy of .env.example) and notes/todo.md: gen removes neither", () => {
  const { dir, env } = generated();
  writeFileSync(join(dir, ".env.example"), envText);
  writeFileSync(join(dir, ".env"), envText);
  mkdirSync(join(dir, "notes"));
  const todo = "- rotate the keys\n";
  writeFileSync(join(dir, "notes/todo.md"), todo);
  writeFileSync(join(dir, "notes/plan.txt"), todo + "x\n");
  claim(dir, [
    { path: ".env", mode: "managed", rule: "types", sources: [], sha256: sha(envText) },
    { path: "notes/todo.md", mode: "once", rule: "logic", sources: ["desc/api/shop.api"], sha256: sha(todo) },
    // A step without a marker of its own proves nothing either.
    { path: "notes/plan.txt", mode: "managed", rule: "step:gofmt", sources: [], sha256: sha(todo + "x\n") },
  ]);
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.not.match(r.stdout, /removed/);
  assert.is(readFileSync(join(dir, ".env"), "utf8"), envText);
  assert.is(readFileSync(join(dir, "notes/todo.md"), "utf8"), todo);
  assert.ok(existsSync(join(dir, "notes/plan.txt")));
  assert.match(r.stdout, /kept, no longer generated: .*\.env/);
  // gen --check does not call them stale either: gen would not remove them.
  const check = codegen(["gen", "--check"], dir, env);
  assert.not.match(check.stdout, /\.env|todo\.md/);
});

test("an entry claiming the user's own Go file as a missing logic file's: it is not moved", () => {
  const { dir, env } = generated();
  const ledgerPath = join(dir, ".codegen/ledger.json");
  const ledger = readFileSync(ledgerPath, "utf8");
  const line = ledger.split("\n").find((l) => l.includes('"path":"internal/logic/pinglogic.go"'))!;
  const mine = "package logic\n\n// my own helpers, not in git yet\nfunc helper() {}\n";
  writeFileSync(
    ledgerPath,
    ledger.replace(
      line,
      line
        .replace('"internal/logic/pinglogic.go"', '"internal/logic/mine.go"')
        .replace(/"sha256":"[0-9a-f]+"/, `"sha256":"${sha(mine)}"`),
    ),
  );
  rmSync(join(dir, "internal/logic/pinglogic.go"));
  writeFileSync(join(dir, "internal/logic/mine.go"), mine);
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.not.match(r.stdout, /moved/);
  assert.is(readFileSync(join(dir, "internal/logic/mine.go"), "utf8"), mine, "the user's file is where they put it");
  assert.not.match(readFileSync(join(dir, "internal/logic/pinglogic.go"), "utf8"), /my own helpers/);
});

const withoutCancel = (dir: string): void => {
  const api = join(dir, "desc/api/shop.api");
  writeFileSync(api, readFileSync(api, "utf8").replace(/\n\t@handler cancelOrderHandler\n\tpost [^\n]*\n/, "\n"));
};

test("in the clone that generated them, a removed route's handler and untouched logic file go", () => {
  const { dir, env } = generated();
  withoutCancel(dir);
  const r = codegenOk(["gen"], dir, env);
  assert.match(r.stdout, /removed/);
  assert.not.ok(existsSync(join(dir, "internal/handler/order/cancelorderhandler.go")));
  assert.not.ok(existsSync(join(dir, "internal/logic/order/cancelorderlogic.go")));
});

test("in a fresh clone, the marked handler goes; the unmarked logic file is kept and listed", () => {
  const { dir } = generated();
  const clone = join(scratch("attack-ledger-clone"), "shop");
  cpSync(dir, clone, { recursive: true });
  withoutCancel(clone);
  const r = codegenOk(["gen"], clone, { CODEGEN_CACHE_DIR: scratch("attack-ledger-cache") });
  assert.not.ok(existsSync(join(clone, "internal/handler/order/cancelorderhandler.go")), "it carries the marker");
  assert.ok(
    existsSync(join(clone, "internal/logic/order/cancelorderlogic.go")),
    "no marker, not written in this clone",
  );
  assert.match(r.stdout, /kept, no longer generated: internal\/logic\/order\/cancelorderlogic\.go/);
});

test("in a fresh clone, a style change still moves the team's edited logic files (a respelling of the path)", () => {
  const { dir } = generated();
  const logic = join(dir, "internal/logic/order/getorderbyidlogic.go");
  writeFileSync(logic, readFileSync(logic, "utf8") + "\n// the team's code\n");
  const clone = join(scratch("attack-ledger-clone"), "shop");
  cpSync(dir, clone, { recursive: true });
  const config = join(clone, ".codegen.yaml");
  writeFileSync(config, readFileSync(config, "utf8").replace("style: gozero", "style: go_zero"));
  const r = codegenOk(["gen"], clone, { CODEGEN_CACHE_DIR: scratch("attack-ledger-cache") });
  assert.match(r.stdout, /moved/);
  assert.not.ok(existsSync(join(clone, "internal/logic/order/getorderbyidlogic.go")));
  assert.match(readFileSync(join(clone, "internal/logic/order/get_order_by_id_logic.go"), "utf8"), /the team's code/);
});

test.run();

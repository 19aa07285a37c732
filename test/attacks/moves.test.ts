/**
 * Attack class: a cloned ledger claiming a user's file as a `once` file that moves. The ledger
 * is committed with the project and anyone can edit it. An entry saying that `.env` (a file the
 * clone never had: the user's own, ignored by git) is the `once` file of the rule and identity a
 * missing logic file has, must not make gen move the user's secrets to
 * `internal/logic/pinglogic.go`, a tracked Go file. A move renames a file to a name of the same
 * kind only (its extension), never out of a hidden file or folder.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("attacks: moves a cloned ledger claims");

const secret = "AWS_SECRET_ACCESS_KEY=do-not-commit\n";

for (const claimed of [".env", "config/.secrets/keys.go", "deploy/credentials.yaml"]) {
  test(`a ledger entry claiming ${claimed} for a missing logic file: the user's file stays, the logic file is written fresh`, () => {
    const dir = join(scratch("attack-moves"), "shop");
    cpSync(join(repoRoot, "test/golden/cases/style-gozero/input"), dir, { recursive: true });
    codegenOk(["gen"], dir);
    const ledgerPath = join(dir, ".codegen/ledger.json");
    const ledger = readFileSync(ledgerPath, "utf8");
    const line = ledger.split("\n").find((l) => l.includes('"path":"internal/logic/pinglogic.go"'));
    assert.ok(line, ledger);
    writeFileSync(
      ledgerPath,
      ledger.replace(line, line.replace('"internal/logic/pinglogic.go"', JSON.stringify(claimed))),
    );
    rmSync(join(dir, "internal/logic/pinglogic.go"));
    mkdirSync(join(dir, claimed, ".."), { recursive: true });
    writeFileSync(join(dir, claimed), secret);
    const r = codegen(["gen", "--verbose"], dir);
    assert.is(r.code, 0, r.stdout + r.stderr);
    assert.not.match(r.stdout, /moved/);
    assert.ok(existsSync(join(dir, claimed)), `${claimed} is where the user put it`);
    assert.is(readFileSync(join(dir, claimed), "utf8"), secret);
    assert.not.match(readFileSync(join(dir, "internal/logic/pinglogic.go"), "utf8"), /AWS_SECRET/);
  });
}

test.run();

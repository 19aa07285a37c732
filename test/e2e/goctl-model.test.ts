/**
 * The goctl pack's model frame end to end: the mysqldump of the golden case goctl-model is
 * generated as goctl's model folder, plain (style gozero) and with the row cache (goctl -c,
 * style go_zero); the team's kept model file gets a method of its own; then one Go test program
 * (test/fixtures/e2e/goctl-model) runs every generated method against a MariaDB database of
 * this run's own, dropped at the end. The cached models use an in-process Redis (miniredis):
 * their key prefixes are fixed, so a shared server would carry rows from one run to the next.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { snapshot } from "../support/files.js";
import { run } from "../support/go.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";
import { mysqlDatabase } from "../db/helpers.js";

const test = suite("goctl pack: models on MariaDB");
const work = scratch("e2e-goctl-model");
const fixture = join(fixtures, "e2e/goctl-model");
const dump = join(repoRoot, "test/golden/cases/goctl-model/input/schema.sql");

interface Variant {
  label: string;
  style: string;
  cache: boolean;
  /** The kept model file of table user in the variant's style, which the team edited. */
  userFile: string;
}

const variants: Variant[] = [
  { label: "plain", style: "gozero", cache: false, userFile: "usermodel.go" },
  { label: "cache", style: "go_zero", cache: true, userFile: "user_model.go" },
];

/** mysql://user:pass@host:port/db → go-sql-driver DSN user:pass@tcp(host:port)/db?parseTime=true. */
function mysqlDsn(url: string): string {
  const u = new URL(url);
  const auth = u.username
    ? `${decodeURIComponent(u.username)}${u.password ? `:${decodeURIComponent(u.password)}` : ""}@`
    : "";
  return `${auth}tcp(${u.hostname}:${u.port || "3306"})${u.pathname}?parseTime=true`;
}

function project(v: Variant): string {
  const dir = join(work, v.label, "model");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `name: model\npack: goctl\nframe: model\nmodule: example.com/shop/model\nstyle: ${v.style}\nsql:\n  cache: ${v.cache}\n`,
  );
  writeFileSync(
    join(dir, "go.mod"),
    "module example.com/shop/model\n\ngo 1.24\n\nrequire github.com/zeromicro/go-zero v1.8.5\n",
  );
  copyFileSync(dump, join(dir, "schema.sql"));
  return dir;
}

test.after(() => {
  rmSync(work, { recursive: true, force: true });
});

for (const v of variants) {
  test(`${v.label}: every generated method runs on MariaDB, beside the team's own`, async () => {
    const dir = project(v);
    codegenOk(["gen", "--quiet"], dir);
    // The team's edits: a method in the kept user model file, and the test program.
    copyFileSync(join(fixture, v.label, v.userFile), join(dir, v.userFile));
    copyFileSync(join(fixture, "models_e2e_test.go"), join(dir, "models_e2e_test.go"));
    const testFile = v.cache ? "cache_e2e_test.go" : "plain_e2e_test.go";
    copyFileSync(join(fixture, v.label, testFile), join(dir, testFile));
    const before = snapshot(dir);
    assert.match(codegenOk(["gen"], dir).stdout, /wrote 0 files/);
    assert.equal(snapshot(dir), before, "a second gen keeps the team's model file");
    assert.match(readFileSync(join(dir, v.userFile), "utf8"), /func \(m \*customUserModel\) FindByGender/);

    run("go", ["mod", "tidy"], dir);
    const tags = v.cache ? ["-tags", "cache"] : [];
    run("go", ["vet", ...tags, "./..."], dir);
    const db = await mysqlDatabase();
    assert.ok(db, "MariaDB is not reachable");
    try {
      const r = spawnSync("go", ["test", "-count=1", "-v", ...tags, "."], {
        cwd: dir,
        encoding: "utf8",
        timeout: 600_000,
        env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", GOCTL_MODEL_DSN: mysqlDsn(db.url) },
      });
      const out = `${r.stdout}\n${r.stderr}`;
      assert.is(r.status, 0, out);
      assert.match(out, /--- PASS: TestModels /);
      for (const name of ["user", "order_item", "product", "the_team's_own_method"])
        assert.match(out, new RegExp(`--- PASS: TestModels/${name}`), name);
      if (!v.cache) assert.match(out, /--- PASS: TestWithSession /);
      assert.not.match(out, /--- (FAIL|SKIP)/);
    } finally {
      await db.drop();
    }
  });
}

test.run();

/**
 * MongoDB models end to end: the collections of the golden case mongo-model (desc/mongo/*.json)
 * are generated plain and with mongo.cache, and a Go test program placed beside the models
 * (test/fixtures/e2e/mongo-model) runs every generated method against jongodb, a
 * MongoDB-compatible server started here (test/support/mongo.ts), with the cache on the local
 * Redis (CODEGEN_TEST_REDIS, 127.0.0.1:6379): a miss fills it, a hit answers, Insert, Update
 * and Delete forget the document's keys. The service itself starts on the Mongo section of its
 * etc.yaml and creates the indexes.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { copyFileSync, cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { freePort, run, startService } from "../support/go.js";
import { startMongo, type MongoServer } from "../support/mongo.js";
import { fixtures, repoRoot, scratch } from "../support/paths.js";

const test = suite("MongoDB models on jongodb and Redis");
const work = scratch("e2e-mongo-model");
const fixture = join(fixtures, "e2e/mongo-model");
const input = join(repoRoot, "test/golden/cases/mongo-model/input");
const redis = process.env["CODEGEN_TEST_REDIS"] ?? "127.0.0.1:6379";
let mongo: MongoServer | undefined;

test.before(async () => {
  mongo = await startMongo();
});

test.after(async () => {
  await mongo?.stop();
  rmSync(work, { recursive: true, force: true });
});

function project(label: string, cache: boolean): string {
  const dir = join(work, label);
  cpSync(input, dir, { recursive: true });
  if (cache)
    writeFileSync(
      join(dir, ".codegen.yaml"),
      `${readFileSync(join(dir, ".codegen.yaml"), "utf8")}mongo:\n  cache: true\n`,
    );
  codegenOk(["gen", "--quiet"], dir);
  const models = join(dir, "internal/model/mongomodel");
  for (const f of ["models_e2e_test.go", cache ? "cache_e2e_test.go" : "plain_conf_test.go"])
    copyFileSync(join(fixture, f), join(models, f));
  run("go", ["mod", "tidy"], dir);
  return dir;
}

for (const cache of [false, true]) {
  const label = cache ? "cache" : "plain";
  test(`${label}: every generated method on a real server${cache ? ", the cache on Redis" : ""}`, () => {
    const dir = project(label, cache);
    const tags = cache ? ["-tags", "cache"] : [];
    run("go", ["vet", ...tags, "./..."], dir);
    // A database of this run's own (the cache keys name it too, so no run reads another's).
    const db = `e2e_${label}_${process.pid}_${Date.now()}`;
    const r = spawnSync("go", ["test", "-count=1", "-v", ...tags, "./internal/model/mongomodel/"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 600_000,
      env: {
        ...process.env,
        GOFLAGS: "-mod=mod",
        GOTOOLCHAIN: "local",
        MONGO_E2E_URL: mongo!.url,
        MONGO_E2E_DB: db,
        MONGO_E2E_REDIS: redis,
      },
    });
    const out = `${r.stdout}\n${r.stderr}`;
    assert.is(r.status, 0, out);
    for (const name of [
      "indexes",
      "insert_and_find",
      "unique_key",
      "update",
      "find_pages_in_an_allowed_order",
      "compound_unique_key",
      "delete",
    ])
      assert.match(out, new RegExp(`--- PASS: TestModels/${name} `), name);
    if (cache) {
      assert.match(out, /--- PASS: TestCache /);
      for (const name of [
        "a_miss_is_remembered,_and_an_insert_forgets_it",
        "a_hit_answers_from_the_cache",
        "update_forgets_the_old_keys_and_the_new_ones",
        "delete_forgets_every_key",
      ])
        assert.match(out, new RegExp(`--- PASS: TestCache/${name} `), name);
    }
    assert.not.match(out, /--- (FAIL|SKIP)/);
  });
}

test("the service starts on its etc.yaml's Mongo section and creates the indexes", async () => {
  const dir = join(work, "service");
  cpSync(input, dir, { recursive: true });
  codegenOk(["gen", "--quiet"], dir);
  run("go", ["mod", "tidy"], dir);
  const port = await freePort();
  const db = `e2e_service_${process.pid}_${Date.now()}`;
  const etc = readFileSync(join(dir, "etc/etc.yaml"), "utf8")
    .replace(/^Port: \d+$/m, `Port: ${port}`)
    .replace("URL: mongodb://127.0.0.1:27017", `URL: ${mongo!.url}`)
    .replace(/^  Database: blog$/m, `  Database: ${db}`);
  assert.match(etc, new RegExp(`Database: ${db}`));
  mkdirSync(join(dir, "tmp"), { recursive: true });
  writeFileSync(join(dir, "tmp/etc.yaml"), etc);
  const service = await startService(dir, "tmp/etc.yaml", port);
  try {
    // The indexes exist once the service serves: a second user with the same email is refused.
    const probe = join(dir, "internal/model/mongomodel/service_e2e_test.go");
    writeFileSync(probe, serviceProbe);
    const r = spawnSync("go", ["test", "-count=1", "-run", "TestServiceIndexes", "./internal/model/mongomodel/"], {
      cwd: dir,
      encoding: "utf8",
      timeout: 600_000,
      env: { ...process.env, GOFLAGS: "-mod=mod", GOTOOLCHAIN: "local", MONGO_E2E_URL: mongo!.url, MONGO_E2E_DB: db },
    });
    assert.is(r.status, 0, `${r.stdout}\n${r.stderr}\n${service.output()}`);
  } finally {
    await service.stop();
  }
});

const serviceProbe = `package mongomodel

import (
	"context"
	"os"
	"testing"

	"go.mongodb.org/mongo-driver/v2/bson"
)

func TestServiceIndexes(t *testing.T) {
	ctx := context.Background()
	cur, err := mustModels(t).User.userModel.conn.Indexes().List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var specs []bson.M
	if err := cur.All(ctx, &specs); err != nil {
		t.Fatal(err)
	}
	if len(specs) != 3 {
		t.Fatalf("indexes %v, want _id_, email_1 and age_name", specs)
	}
}

func mustModels(t *testing.T) *Models {
	m, err := New(Conf{URL: os.Getenv("MONGO_E2E_URL"), Database: os.Getenv("MONGO_E2E_DB")})
	if err != nil {
		t.Fatal(err)
	}
	return m
}
`;

test.run();

/**
 * The generation cache's key follows what locates third-party .proto files: the variables the
 * pack's folder sources name (GOMODCACHE, GOPATH for go-zero), HOME, and the download switch;
 * it ignores variables no source names.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { generationKey } from "../../engine/generation-cache.js";
import { loadPack } from "../../engine/packs/index.js";
import { repoRoot } from "../support/paths.js";

const test = suite("generation key");

test("a variable a proto source names changes the key; another does not", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const parts = { pack, config: { name: "demo" }, project: { name: "demo" }, descriptors: { "desc/proto/a.proto": "00" } };
  const saved = { ...process.env };
  try {
    const base = await generationKey(parts);
    process.env["CODEGEN_UNRELATED"] = "x";
    assert.is(await generationKey(parts), base, "a variable no source names");
    for (const name of ["GOMODCACHE", "GOPATH", "HOME", "CODEGEN_PROTO_OFFLINE"]) {
      process.env[name] = `/elsewhere/${name}`;
      assert.is.not(await generationKey(parts), base, name);
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  } finally {
    delete process.env["CODEGEN_UNRELATED"];
  }
});

test.run();

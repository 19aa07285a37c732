/**
 * The generation key (generation-key.ts) is derived from the inputs a gen names, as they are
 * now: it follows what locates third-party .proto files (the variables the pack's folder sources
 * name: GOMODCACHE, GOPATH for go-zero; HOME; the download switch), the config, the project and
 * every descriptor's digest, and ignores variables no source names.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { generationInputs, generationKey } from "../../engine/generation-key.js";
import { loadPack } from "../../engine/packs/index.js";
import { repoRoot } from "../support/paths.js";

const test = suite("generation key");

const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
const inputs = generationInputs(pack, { name: "demo", verbose: false }, { name: "demo" }, "/project", [
  "desc/proto/**/*.proto",
]);
const descriptors = { "desc/proto/a.proto": "00" };

test("a variable a proto source names changes the key; another does not", async () => {
  const saved = { ...process.env };
  try {
    const base = await generationKey(inputs, descriptors);
    process.env["CODEGEN_UNRELATED"] = "x";
    assert.is(await generationKey(inputs, descriptors), base, "a variable no source names");
    for (const name of ["GOMODCACHE", "GOPATH", "HOME", "CODEGEN_PROTO_OFFLINE", "PATH"]) {
      process.env[name] = `/elsewhere/${name}`;
      assert.is.not(await generationKey(inputs, descriptors), base, name);
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  } finally {
    delete process.env["CODEGEN_UNRELATED"];
  }
});

test("config, project and descriptors count; keys that only change how a run behaves do not", async () => {
  const base = await generationKey(inputs, descriptors);
  assert.is(
    await generationKey(
      generationInputs(
        pack,
        { name: "demo", verbose: true, hooks: { before: ["x"] } },
        { name: "demo" },
        "/project",
        inputs.globs,
      ),
      descriptors,
    ),
    base,
  );
  assert.is.not(
    await generationKey(
      generationInputs(pack, { name: "other" }, { name: "demo" }, "/project", inputs.globs),
      descriptors,
    ),
    base,
  );
  assert.is.not(
    await generationKey(
      generationInputs(pack, { name: "demo" }, { name: "other" }, "/project", inputs.globs),
      descriptors,
    ),
    base,
  );
  assert.is.not(await generationKey(inputs, { "desc/proto/a.proto": "01" }), base);
  assert.is.not(await generationKey(inputs, { ...descriptors, "desc/proto/b.proto": "00" }), base);
});

test("the inputs survive JSON (the replay keeps them in the snapshot) and give the same key", async () => {
  const copy = JSON.parse(JSON.stringify(inputs)) as typeof inputs;
  assert.is(await generationKey(copy, descriptors), await generationKey(inputs, descriptors));
});

test.run();

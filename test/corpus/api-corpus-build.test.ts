/**
 * Every `ok` .api file of the corpus generates a go-zero project that passes gofmt, go vet and
 * go build. Each file becomes the only root of its own project (with the files it imports).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { readApi } from "../../engine/descriptors/api/index.js";
import { codegen } from "../support/cli.js";
import { corpusEntries } from "../support/corpus.js";
import { checkGoProject } from "../support/go.js";
import { corpusDir, scratch } from "../support/paths.js";

const test = suite("corpus .api files generate projects that build");
const work = scratch("corpus-build");
test.after(() => rmSync(work, { recursive: true, force: true }));

for (const entry of corpusEntries("api").filter((e) => e.expect === "ok")) {
  test(entry.file, async () => {
    const name = entry.file.replace(/\.api$/, "").replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+/, "");
    const dir = join(work, name);
    const api = join(dir, "desc/api");
    mkdirSync(api, { recursive: true });
    // The file and what it imports, in the same relative places; import_as companions beside it.
    const source = join(corpusDir, dirname(entry.file));
    const staged = join(work, `${name}.src`);
    mkdirSync(staged, { recursive: true });
    copyFileSync(join(corpusDir, entry.file), join(staged, basename(entry.file)));
    for (const [as, from] of Object.entries(entry.import_as ?? {})) copyFileSync(join(corpusDir, from), join(staged, as));
    const root = entry.import_as ? staged : source;
    // The go-zero pack's package key (pack.yaml api.package_key), as gen reads the file.
    const ir = await readApi([join(root, basename(entry.file))], { root, packageKey: "go_package" });
    for (const f of ir.files) {
      mkdirSync(dirname(join(api, f.path)), { recursive: true });
      copyFileSync(join(root, f.path), join(api, f.path));
    }
    writeFileSync(join(dir, ".codegen.yaml"), `name: ${name}\nmodule: example.com/${name}\nframe: api\n`);
    const r = codegen(["gen"], dir);
    assert.is(r.code, 0, r.stderr);
    checkGoProject(dir);
  });
}

test.run();

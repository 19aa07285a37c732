/**
 * Every `ok` .proto and .sql file of the corpus generates a project that passes gofmt, go vet
 * and go build: each proto as the only descriptor of its own project (gateway frame for the
 * jzero gateway examples, rpc otherwise), each SQL file as the tables of an api project.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { codegen } from "../support/cli.js";
import { corpusEntries } from "../support/corpus.js";
import { checkGoProject } from "../support/go.js";
import { corpusDir, scratch } from "../support/paths.js";

const test = suite("corpus .proto and .sql files generate projects that build");
const work = scratch("corpus-build-proto-sql");
test.after(() => rmSync(work, { recursive: true, force: true }));

const folders: Record<string, string> = { proto: "desc/proto", sql: "desc/sql" };

for (const entry of corpusEntries().filter((e) => (e.kind === "proto" || e.kind === "sql") && e.expect === "ok")) {
  test(entry.file, () => {
    const name = entry.file.replace(/\.(proto|sql)$/, "").replace(/[^A-Za-z0-9]+/g, "_");
    const dir = join(work, name);
    const frame = entry.kind === "sql" ? "api" : entry.file.includes("gateway") ? "gateway" : "rpc";
    mkdirSync(join(dir, folders[entry.kind]!), { recursive: true });
    copyFileSync(join(corpusDir, entry.file), join(dir, folders[entry.kind]!, basename(entry.file)));
    writeFileSync(join(dir, ".codegen.yaml"), `name: ${name}\nmodule: example.com/${name}\nframe: ${frame}\n`);
    const r = codegen(["gen"], dir);
    assert.is(r.code, 0, r.stderr);
    checkGoProject(dir);
    assert.match(codegen(["gen"], dir).stdout, /wrote 0 files/, "a second gen writes nothing");
  });
}

test.run();

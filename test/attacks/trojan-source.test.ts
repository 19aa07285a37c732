/**
 * Attack class: Trojan Source. Bidirectional controls and other invisible format characters
 * (U+202E right-to-left override, U+2066 isolate, U+200B zero width space, U+FEFF inside text)
 * make code read differently from what it is. Before, one in an `.api` @doc, comment or tag, or
 * in a SQL comment, default or column name, reached the generated Go source as it was (types.go,
 * handlers, models) and go vet passed. Now a name holding one is refused at the descriptor
 * (.api outside comments and strings, SQL table and column names, anywhere in a .proto, whose
 * comments protoc's plugins copy into code), and text that may hold one reaches generated files
 * written as an escape (`\u202e`): no generated file holds a raw one, and the service builds.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { codegen } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { checkGoProject } from "../support/go.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("attacks: Trojan Source");
const RLO = "\u202e";
const INVISIBLE = ["\u202e", "\u2066", "\u200b", "\ufeff", "\u200f"];
const RAW = /[\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/u;

/** Generated files (descriptors left out) that hold a raw invisible format character. */
function rawIn(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)))
    .filter(
      (rel) =>
        !/^desc\/(api|sql|proto)\//.test(rel) &&
        !rel.startsWith(".codegen/") &&
        RAW.test(readFileSync(join(dir, rel), "utf8")),
    );
}

function project(files: Record<string, string>, frame = "api"): string {
  return writeTree(scratch("trojan"), {
    ".codegen.yaml": `name: trojan\nmodule: example.com/trojan\nframe: ${frame}\n`,
    ...files,
  });
}

const gen = (dir: string) => codegen(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("trojan-cache") });

const api = (x: string): string => `syntax = "v1"

info (
	title: "demo${x}title"
	desc: "d${x}esc"
)

// type comment ${x} here
type Req {
	Name string \`json:"na${x}me" validate:"required"\` // field comment ${x}
	/* block ${x} comment */
	Age int64 \`json:"age,default=1${x}"\`
}

type Resp {
	Id int64 \`json:"id"\`
}

service trojan {
	@doc "does ${x} things"
	@handler ping
	post /ping (Req) returns (Resp)
}
`;

const sql = (x: string, column = "name"): string => `CREATE TABLE \`users\` (
  \`id\` bigint NOT NULL AUTO_INCREMENT,
  \`${column}\` varchar(20) NOT NULL DEFAULT 'x${x}y' COMMENT 'the ${x} name',
  PRIMARY KEY (\`id\`)
) COMMENT='people ${x}';
`;

test("docs, comments, tags and SQL text: written as escapes, no raw one in any generated file, the service builds", () => {
  const x = INVISIBLE.join("");
  const dir = project({ "desc/api/trojan.api": api(x), "desc/sql/users.sql": sql(x) });
  const r = gen(dir);
  assert.is(r.code, 0, r.stderr);
  assert.equal(rawIn(dir), []);
  const escaped = "\\u202e\\u2066\\u200b\\ufeff\\u200f";
  assert.ok(readFileSync(join(dir, "internal/handler/pinghandler.go"), "utf8").includes(`does ${escaped} things`));
  const types = readFileSync(join(dir, "internal/types/types.go"), "utf8");
  assert.ok(types.includes(`// type comment ${escaped} here`), types);
  // The tag becomes an interpreted string literal: the same tag, escaped.
  assert.ok(types.includes(`"json:\\"na${escaped}me\\" validate:\\"required\\""`), types);
  assert.ok(readFileSync(join(dir, "internal/model/usersmodel_gen.go"), "utf8").includes(`the ${escaped} name`));
  checkGoProject(dir);
});

for (const [what, text, at] of [
  [
    "a bare value (the group that names a folder and a package)",
    `syntax = "v1"\n\ntype R {\n\tA int \`json:"a"\`\n}\n\n@server (\n\tgroup: us${RLO}ers\n)\nservice trojan {\n\t@handler ping\n\tget /ping returns (R)\n}\n`,
    "8:11",
  ],
  ["a type name", `syntax = "v1"\n\ntype R${RLO}q {\n\tA int \`json:"a"\`\n}\n`, "3:7"],
  [
    "a path",
    `syntax = "v1"\n\ntype R {\n\tA int \`json:"a"\`\n}\n\nservice trojan {\n\t@handler ping\n\tget /pi${RLO}ng returns (R)\n}\n`,
    "9:9",
  ],
] as const) {
  test(`an .api name holding one, ${what}: API_INVISIBLE_CHARACTER at it, nothing written`, () => {
    const dir = project({ "desc/api/trojan.api": text });
    const r = gen(dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(
        `^desc/api/trojan\\.api:${at}: API_INVISIBLE_CHARACTER invisible format character U\\+202E \\(right-to-left override\\) outside a comment or string`,
        "m",
      ),
    );
    assert.equal(readdirSync(dir).sort(), [".codegen.yaml", "desc"]);
  });
}

test("a SQL column or table name holding one: SQL_NAME_INVISIBLE, the name shown escaped", () => {
  for (const [file, name] of [
    ["desc/sql/users.sql", sql("", `na${RLO}me`)],
    ["desc/sql/users.sql", `CREATE TABLE \`us\u2066ers\` (\n  \`id\` bigint NOT NULL,\n  PRIMARY KEY (\`id\`)\n);\n`],
  ] as const) {
    const dir = project({ [file]: name });
    const r = gen(dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /^desc\/sql\/users\.sql:1:1: SQL_NAME_INVISIBLE (column|table) name "(na\\u202eme|us\\u2066ers)" of table "(users|us\\u2066ers)" holds the invisible format character U\+(202E|2066)/m,
    );
    assert.not.match(r.stderr.split("\n")[0] ?? "", RAW);
  }
});

test("a .proto holding one, in a comment too: PROTO_INVISIBLE_CHARACTER at it", () => {
  const proto = `syntax = "proto3";\npackage p;\n\n// Reply ${RLO} tells\nmessage Reply { string a = 1; }\n`;
  const dir = writeTree(scratch("trojan-proto"), {
    ".codegen.yaml": `name: trojan\nmodule: example.com/trojan\nframe: docs\npack: ${join(fixtures, "attacks/sizes")}\n`,
    "desc/proto/p.proto": proto,
  });
  const r = gen(dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /^desc\/proto\/p\.proto:4:10: PROTO_INVISIBLE_CHARACTER invisible format character U\+202E \(right-to-left override\) in the file/m,
  );
});

test("a byte order mark at the start of a descriptor is no character of its text", () => {
  const dir = project({ "desc/api/trojan.api": "\ufeff" + api("") });
  const r = gen(dir);
  assert.is(r.code, 0, r.stderr);
});

test.run();

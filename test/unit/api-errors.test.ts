/** The .api reader: what it rejects, with which code and where. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseApiSource } from "../../engine/descriptors/api/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { at, reject, rejectWith } from "./api-fixture.js";

test("syntax errors: position of the failure and what was expected", async () => {
  const d = await rejectWith("API_SYNTAX", { "a.api": 'syntax = "v1"\nservice A-api\n  @handler x\n  get /x\n}' });
  assert.is(at(d), "a.api:3:3");
  assert.match(d.message, /unexpected "@"; expected "\{"/);
  try {
    parseApiSource("type X {\n  A int B int\n}", "x.api");
    assert.unreachable();
  } catch (e) {
    assert.instance(e, CodegenError);
    const diag = (e as CodegenError).diagnostics[0];
    assert.is(diag?.span?.line, 2);
    assert.is(diag?.span?.column, 9);
    assert.match(diag?.message ?? "", /unexpected "B"/);
  }
});

/** The API_SYNTAX diagnostic of one file's text. */
function syntaxErrorOf(text: string): { at: string; message: string } {
  try {
    parseApiSource(text, "x.api");
  } catch (e) {
    assert.instance(e, CodegenError);
    const d = (e as CodegenError).diagnostics[0];
    assert.is(d?.code, "API_SYNTAX");
    return { at: `${d?.span?.line}:${d?.span?.column}`, message: d?.message ?? "" };
  }
  throw new Error("the text parsed");
}

test("syntax errors inside a struct written in a field's type are at the offending token", () => {
  const member = (type: string): string =>
    `type Req {\n  Meta ${type}{\n    Name string\n    Bad 1x\n  } \`json:"meta"\`\n}\n`;
  for (const type of ["", "struct ", "[]", "*", "map[string]", "[2]", "[]*"]) {
    const d = syntaxErrorOf(member(type));
    assert.is(d.at, "4:9", `Meta ${type}{ ... }`);
    assert.match(d.message, /^unexpected "1x"; expected/);
  }
  const nested =
    "type Req {\n  A struct {\n    B []{\n      C map[string]{\n        D int\n        E 2y\n      }\n    }\n  }\n}\n";
  assert.equal(syntaxErrorOf(nested).at, "6:11");
  assert.equal(syntaxErrorOf("type Req []{\n  X int\n  Y 3z\n}\n").at, "3:5");
  // An unclosed inline body is still reported as an unclosed body of the declaration.
  const unclosed = syntaxErrorOf("type Req {\n  Meta []{\n    X int\n}\n\ntype B {\n  Y int\n}\n");
  assert.is(unclosed.at, "6:1");
  assert.match(unclosed.message, /^missing "\}": the body opened at 1:10/);
});

test("a route path segment with ':' and no name says the parameter name is missing, after the ':'", () => {
  const route = (path: string): string => `service s {\n  @handler A\n  get ${path}\n}\n`;
  assert.equal(syntaxErrorOf(route("/a/:")), {
    at: "3:11",
    message: 'unexpected end of line; expected a path parameter name after ":"',
  });
  assert.equal(syntaxErrorOf(route("/a/: (Req)")).at, "3:11");
  assert.equal(syntaxErrorOf(route("/a/:/b")), {
    at: "3:11",
    message: 'unexpected "/"; expected a path parameter name after ":"',
  });
  assert.equal(syntaxErrorOf(route("/a/:id/:")).at, "3:15");
  // A ":" inside a segment is not a parameter: the message lists what may follow a path.
  assert.not.match(syntaxErrorOf(route("/a:")).message, /path parameter/);
});

test("syntax errors in several files are all reported", async () => {
  const list = await reject({ "a.api": 'syntax = "v1"\ntype {', "b.api": "service {", "c.api": "type A {}" }, [
    "a.api",
    "b.api",
    "c.api",
  ]);
  assert.equal(
    list.map((d) => [d.code, d.span?.file]),
    [
      ["API_SYNTAX", "a.api"],
      ["API_SYNTAX", "b.api"],
    ],
  );
});

test("imports: cycle names the chain, missing and empty imports", async () => {
  const cycle = await rejectWith("API_IMPORT_CYCLE", {
    "a.api": 'import "b.api"',
    "b.api": 'import "c.api"',
    "c.api": 'syntax = "v1"\nimport "a.api"',
  });
  assert.is(cycle.message, "import cycle: a.api -> b.api -> c.api -> a.api");
  assert.is(at(cycle), "c.api:2:8");
  const self = await rejectWith("API_IMPORT_CYCLE", { "a.api": 'import "a.api"' });
  assert.is(self.message, "import cycle: a.api -> a.api");
  const missing = await rejectWith("API_IMPORT_NOT_FOUND", { "a.api": 'import (\n  "nope.api"\n)' });
  assert.is(at(missing), "a.api:2:3");
  assert.match(missing.message, /nope\.api does not exist/);
  await rejectWith("API_IMPORT_EMPTY", { "a.api": 'import ""' });
  const root = await rejectWith("API_FILE_NOT_FOUND", { "a.api": "" }, ["missing.api"]);
  assert.is(root.span, undefined);
});

test("duplicate syntax, info, types and fields", async () => {
  assert.is(at(await rejectWith("API_DUPLICATE_SYNTAX", { "a.api": 'syntax = "v1"\nsyntax = "v1"' })), "a.api:2:1");
  assert.is(at(await rejectWith("API_DUPLICATE_INFO", { "a.api": "info()\ninfo()" })), "a.api:2:1");
  await rejectWith("API_SYNTAX_VERSION", { "a.api": 'syntax = "v2"' });
  const dup = await rejectWith("API_DUPLICATE_TYPE", { "a.api": "type Baz{}\ntype (\n  Baz{}\n)" });
  assert.is(at(dup), "a.api:3:3");
  assert.match(dup.message, /first at a\.api:1/);
  await rejectWith("API_DUPLICATE_TYPE", { "a.api": 'import "b.api"\ntype X {}', "b.api": "type X {}" });
  await rejectWith("API_DUPLICATE_FIELD", { "a.api": "type B {}\ntype X {\n  B\n  B int\n}" });
  await rejectWith("API_DUPLICATE_KEY", { "a.api": "@server(group: a\n group: b)\nservice s { @handler h\n get /x }" });
});

test("same type name in different packages is fine, in the same package across roots is not", async () => {
  await rejectWith("API_DUPLICATE_TYPE", { "a.api": "type X {}", "b.api": "type X {}" }, ["a.api", "b.api"]);
  const amb = await rejectWith(
    "API_AMBIGUOUS_TYPE",
    {
      "main.api": 'import "p.api"\nimport "q.api"\ntype M { X }',
      "p.api": 'info(go_package: "p")\ntype X {}',
      "q.api": 'info(go_package: "q")\ntype X {}',
    },
    ["main.api"],
  );
  assert.is(at(amb), "main.api:3:10");
});

test("unknown types: fields, embedded, request, response; names not imported get a hint", async () => {
  const list = await reject({
    "a.api": `type Foo {
  Bar Bar \`json:"bar"\`
  Inline
  *Ptr
  L []Missing
}
service s {
  @handler h
  post /x (Req) returns (Resp)
}`,
  });
  assert.equal(
    list.map((d) => [d.code, at(d), d.message]),
    [
      ["API_UNKNOWN_TYPE", "a.api:2:7", "unknown type Bar"],
      ["API_UNKNOWN_TYPE", "a.api:3:3", "unknown type Inline"],
      ["API_UNKNOWN_TYPE", "a.api:4:4", "unknown type Ptr"],
      ["API_UNKNOWN_TYPE", "a.api:5:7", "unknown type Missing"],
      ["API_UNKNOWN_TYPE", "a.api:9:12", "unknown type Req"],
      ["API_UNKNOWN_TYPE", "a.api:9:26", "unknown type Resp"],
    ],
  );
  const hidden = await rejectWith("API_UNKNOWN_TYPE", { "a.api": "type A { B }", "b.api": "type B {}" }, [
    "a.api",
    "b.api",
  ]);
  assert.match(hidden.hint ?? "", /declared in b\.api, which a\.api does not import/);
  const any = await rejectWith("API_UNKNOWN_TYPE", { "a.api": "type A {\n  X any\n}" });
  assert.match(any.hint ?? "", /interface\{\}/);
});

test("type rules: map keys, [...] arrays, struct literals in collections, legacy nested struct, aliases, recursion", async () => {
  const cases: Array<[string, string]> = [
    ["API_MAP_KEY", "type Foo {\n  Bar map[[]int]string\n}"],
    ["API_MAP_KEY", "type Foo {\n  Bar *map[[]int]string\n}"],
    ["API_MAP_KEY", "type Foo {\n  Bar []map[[]int]string\n}"],
    ["API_MAP_KEY", "type Foo {\n  M map[{}]string\n}"],
    ["API_MAP_KEY", "type K {}\ntype Foo {\n  M map[K]string\n}"],
    ["API_MAP_KEY", "type Foo {\n  M map[interface{}]string\n}"],
    ["API_ARRAY_LENGTH", "type Foo {\n  Bar [...]int\n}"],
    ["API_NESTED_STRUCT", "type Foo {\n  M map[int]{}\n}"],
    ["API_NESTED_STRUCT", "type Foo {\n  M map[int]{\n    Foo int\n  }\n}"],
    ["API_NESTED_STRUCT", "type Foo {\n  A [3]{}\n}"],
    ["API_NESTED_STRUCT", "type Foo {\n  A []{\n    Foo int\n  }\n}"],
    ["API_NESTED_STRUCT", "type Foo {\n  P *{}\n}"],
    ["API_LEGACY_NESTED_STRUCT", "type Foo {\n  XXX struct {\n  }\n}"],
    ["API_TYPE_ALIAS", "type AliasInt int"],
    ["API_TYPE_ALIAS", "type AliasString = string"],
    ["API_TYPE_ALIAS", "type (\n  M map[string]int\n)"],
    ["API_RESERVED_TYPE_NAME", "type string {}"],
    ["API_EMBEDDED_TYPE", "type Foo {\n  string\n}"],
    ["API_RECURSIVE_TYPE", "type A { B B }\ntype B { Arr [2]A }"],
    ["API_INVALID_TAG", "type Foo {\n  A int `json:a`\n}"],
  ];
  for (const [code, text] of cases) {
    const d = await rejectWith(code, { "a.api": text });
    assert.ok(d.span && d.span.line >= 1, `${code} has a position`);
  }
  // pointers, slices and maps break recursion
  const list = await reject({ "a.api": "type A { Next *A\n Kids []A\n M map[string]A\n X int `json:x` }" });
  assert.equal(
    list.map((d) => d.code),
    ["API_INVALID_TAG"],
  );
});

test("request bodies: no arrays, slices or maps", async () => {
  const a = await rejectWith("API_REQUEST_TYPE", {
    "a.api": "type R {}\nservice s {\n  @handler h\n  post /x ([]R) returns (R)\n}",
  });
  assert.is(at(a), "a.api:4:12");
  await rejectWith("API_REQUEST_TYPE", { "a.api": "service s {\n  @handler h\n  post /x ([]string)\n}" });
  await rejectWith("API_REQUEST_TYPE", { "a.api": "service s {\n  @handler h\n  post /x (map[string]int)\n}" });
  await rejectWith("API_NESTED_STRUCT", { "a.api": "service s {\n  @handler h\n  post /x returns ({})\n}" });
});

test("services: one name per document (imports included); same name merges", async () => {
  const d = await rejectWith("API_MULTIPLE_SERVICES", {
    "a.api": "service foo {\n @handler a\n get /a\n}\nservice bar {\n @handler b\n get /b\n}",
  });
  assert.is(at(d), "a.api:5:9");
  await rejectWith("API_MULTIPLE_SERVICES", {
    "a.api": 'import "b.api"\nservice foo { @handler a\n get /a }',
    "b.api": "service bar { @handler b\n get /b }",
  });
  // different roots may declare different services
  const list = await reject(
    { "a.api": "service foo { @handler a\n get /a }", "b.api": "service bar { @handler b\n get /b }\ntype X { Y }" },
    ["a.api", "b.api"],
  );
  assert.equal(
    list.map((d) => d.code),
    ["API_UNKNOWN_TYPE"],
  );
});

test("routes: missing handler, duplicate annotations, bad path parameters", async () => {
  assert.is(at(await rejectWith("API_MISSING_HANDLER", { "a.api": "service s {\n  get /x\n}" })), "a.api:2:3");
  await rejectWith("API_DUPLICATE_ANNOTATION", { "a.api": "service s {\n  @handler a\n  @handler b\n  get /x\n}" });
  await rejectWith("API_DUPLICATE_ANNOTATION", {
    "a.api": 'service s {\n  @doc "a"\n  @doc "b"\n  @handler a\n  get /x\n}',
  });
  await rejectWith("API_DUPLICATE_ANNOTATION", {
    "a.api": "service s {\n  @server(handler: A)\n  @handler b\n  get /x\n}",
  });
  const bad = await rejectWith("API_INVALID_PATH", { "a.api": "service s {\n  @handler a\n  get /x/:1bad\n}" });
  assert.is(at(bad), "a.api:3:10");
});

test("@server values: booleans, durations, sizes, identifiers", async () => {
  const svc = "\nservice s { @handler h\n get /x }";
  for (const server of [
    "compact_handler: yes",
    "rewrite_handler: 0",
    "timeout: 3x",
    "timeout: 3",
    "maxBytes: 1k",
    "jwt: a-b",
    "middleware: A, b-c",
    "signature: 1",
    "sse: yes",
  ]) {
    const d = await rejectWith("API_INVALID_SERVER_VALUE", { "a.api": `@server(\n  ${server}\n)${svc}` });
    assert.is(d.span?.line, 2, server);
  }
  await rejectWith("API_INVALID_SERVER_VALUE", { "a.api": `@server(group: "a b")${svc}` });
});

test("names that would escape the project: group, handler (go_package: the packs' checks)", async () => {
  const svc = "\nservice s { @handler h\n get /x }";
  for (const group of ["../x", "a/../../x", "a\\\\b", "C:/x"]) {
    const d = await rejectWith("API_UNSAFE_PATH", { "a.api": `@server(\n  group: "${group}"\n)${svc}` });
    assert.is(at(d), "a.api:2:10", group);
  }
  await rejectWith("API_UNSAFE_PATH", { "a.api": "service s {\n  @server(handler: ../x)\n  get /x\n}" });
  await rejectWith("API_UNSAFE_PATH", { "a.api": "service s {\n  @server(handler: /x)\n  get /x\n}" });
  await rejectWith("API_INVALID_HANDLER", { "a.api": "service s {\n  @server(handler: a.b)\n  get /x\n}" });
});

test("many problems in one run are all reported, sorted by position", async () => {
  const list = await reject({
    "a.api": 'syntax = "v1"\ntype A { X Nope }\ntype A {}\nservice s { @handler h\n get /x ([]A) }\n',
  });
  assert.equal(
    list.map((d) => d.code),
    ["API_UNKNOWN_TYPE", "API_DUPLICATE_TYPE", "API_REQUEST_TYPE"],
  );
});

test.run();

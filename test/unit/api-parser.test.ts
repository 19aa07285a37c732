/** The .api reader: syntax forms and the IR they produce. Rejections are in api-errors.test.ts. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { parseApiSource, readApi } from "../../engine/descriptors/api/index.js";
import type { ApiField, ApiTypeExpr } from "../../engine/ir/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { cleanup, project, read } from "./api-fixture.js";

const fieldOf = (fields: ApiField[], name: string): ApiField => {
  const f = fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

test("syntax stage: statements of one file", () => {
  const ast = parseApiSource(
    'syntax = "v1"\nimport "a.api"\nimport ( "b.api" "c.api" )\ntype X {}\nservice s {\n @handler h\n get /x\n}\n',
    "x.api",
  );
  assert.equal(
    ast.statements.map((s) => s.kind),
    ["syntax", "import", "import", "type", "service"],
  );
});

test("info: quoted, raw, bare true/false, legacy unquoted values with spaces, multi-line strings", async () => {
  const ir = await read({
    "a.api": [
      "info(",
      '  title: "T" // comment',
      '  desc: `raw "text"`',
      "  enable: true",
      "  disable: false",
      "  author: doc title here",
      '  multi: "line1',
      'line2"',
      "  version: 1.0",
      ")",
    ].join("\n"),
  });
  assert.equal(ir.files[0]?.info, {
    title: "T",
    desc: 'raw "text"',
    enable: "true",
    disable: "false",
    author: "doc title here",
    multi: "line1\nline2",
    version: "1.0",
  });
  assert.is(ir.files[0]?.syntax, "");
});

test("types: struct forms, groups, legacy struct keyword, B struct {} in a group", async () => {
  const ir = await read({
    "a.api": `syntax = "v1"
type A {}
type B struct {
  Name string
}
type (
  C {}
  D struct {}
  E {
    X int
  }
)
`,
  });
  assert.equal(
    ir.types.map((t) => t.name),
    ["A", "B", "C", "D", "E"],
  );
  assert.equal(
    ir.types[1]?.fields.map((f) => f.name),
    ["Name"],
  );
  assert.equal(ir.types[1]?.pos, { file: "a.api", line: 3, column: 6 });
});

test("fields: pointers, slices, arrays, maps, interface{}, embedded, inline structs", async () => {
  const ir = await read({
    "a.api": `type Base {}
type Other {}
type T {
  Base
  *Other \`json:"other"\`
  P *string \`json:"p"\`
  S []*Other \`json:"s"\`
  Arr [2]int \`json:"arr"\`
  M map[string][]int64 \`json:"m"\`
  MM map[int]map[string]*Other
  Any interface{} \`json:"any"\`
  Inline {
    X int \`json:"x"\`
    Deep {
      Y bool
    }
  } \`json:"inline"\`
  Bare {}
}
`,
  });
  const t = ir.types.find((x) => x.name === "T");
  assert.ok(t);
  const fields = t?.fields ?? [];
  assert.equal(
    fields.map((f) => [f.name, f.embedded, f.type.text]),
    [
      ["Base", true, "Base"],
      ["Other", true, "*Other"],
      ["P", false, "*string"],
      ["S", false, "[]*Other"],
      ["Arr", false, "[2]int"],
      ["M", false, "map[string][]int64"],
      ["MM", false, "map[int]map[string]*Other"],
      ["Any", false, "interface{}"],
      ["Inline", false, 'struct { X int `json:"x"`; Deep struct { Y bool } }'],
      ["Bare", false, "struct{}"],
    ],
  );
  const s = fieldOf(fields, "S").type as ApiTypeExpr & { kind: "slice" };
  assert.equal(s.elem, {
    kind: "pointer",
    elem: { kind: "named", name: "Other", package: "", text: "Other" },
    text: "*Other",
  });
  assert.equal(fieldOf(fields, "Arr").type, {
    kind: "array",
    length: 2,
    elem: { kind: "builtin", name: "int", text: "int" },
    text: "[2]int",
  });
  const inline = fieldOf(fields, "Inline");
  assert.is(inline.type.kind, "struct");
  assert.is(inline.tags[0]?.name, "inline");
  const deep = inline.type.kind === "struct" ? inline.type.fields[1] : undefined;
  assert.is(deep?.type.kind, "struct");
});

test("tags: parsed into key, name, options, where each value starts; optional flag as go-zero reads it (omitempty is not optional)", async () => {
  const ir = await read({
    "a.api": `type T {
  A int \`json:"a,optional" form:"a,default=1,range=[1:10]"\`
  B string \`json:"b,omitempty"\`
  C string \`path:"c,options=x|y"\`
  D string
  E string \`json:"e,optional=A"\`
}`,
  });
  const f = ir.types[0]?.fields ?? [];
  assert.equal(fieldOf(f, "A").tags, [
    { key: "json", name: "a", options: ["optional"], value: "a,optional", pos: { file: "a.api", line: 2, column: 16 } },
    {
      key: "form",
      name: "a",
      options: ["default=1", "range=[1:10]"],
      value: "a,default=1,range=[1:10]",
      pos: { file: "a.api", line: 2, column: 34 },
    },
  ]);
  assert.is(fieldOf(f, "A").tag, 'json:"a,optional" form:"a,default=1,range=[1:10]"');
  assert.equal(
    f.map((x) => x.optional),
    [true, false, false, false, true],
  );
  assert.equal(fieldOf(f, "C").tags[0]?.options, ["options=x|y"]);
  assert.equal(fieldOf(f, "D").tags, []);
  assert.is(fieldOf(f, "D").tag, "");
});

test("types: spaces between a type's tokens, as Go allows them ([] string, [ 2 ] int, * T)", async () => {
  const ir = await read({ "a.api": "type T {\n  A [] string\n  B [ 2 ] int\n  C * T\n  D map[ string ] [] int\n}" });
  assert.equal(
    (ir.types[0]?.fields ?? []).map((f) => f.type.text),
    ["[]string", "[2]int", "*T", "map[string][]int"],
  );
});

test("comments: docs above types, fields and routes; trailing comments; comments anywhere", async () => {
  const ir = await read({
    "a.api": `// file comment

// The request.
/* second line */
type /* odd */ Req {
  // the id
  // (a number)
  Id int \`path:"id"\` // trailing
  /* block */ Name string
}

service s {
  // route doc
  @doc "get it"
  @handler get // after handler
  get /r/:id (Req) /* c */ returns (Req) // end
}
`,
  });
  const t = ir.types[0];
  assert.equal(t?.docs, ["The request.", "second line"]);
  assert.equal(t?.fields[0]?.docs, ["the id", "(a number)"]);
  assert.is(t?.fields[0]?.comment, "trailing");
  assert.equal(ir.routes[0]?.docs, ["route doc"]);
  assert.equal(ir.routes[0]?.doc, { summary: "get it" });
});

test("comments: the lines above a type are its docs, not those of a member or a type on the same line", async () => {
  const ir = await read({
    "a.api": `// A's doc
type A { X int \`json:"x"\` }
// group doc
type ( B { Y int } C { Z int } )
type D {
  /* E's */ E int
  // F's doc
  ; F int
}
`,
  });
  const docs = (name: string): string[] | undefined => ir.types.find((t) => t.name === name)?.docs;
  assert.equal(docs("A"), ["A's doc"]);
  assert.equal(ir.types.find((t) => t.name === "A")?.fields[0]?.docs, []);
  assert.equal([docs("B"), docs("C")], [[], []]);
  assert.equal(ir.types.find((t) => t.name === "B")?.fields[0]?.docs, []);
  assert.equal(
    ir.types.find((t) => t.name === "D")?.fields.map((f) => f.docs),
    [[], []],
  );
});

test("routes: methods, params, prefix, fullPath, empty bodies, slices in responses, trailing ;", async () => {
  const ir = await read({
    "a.api": `syntax = "v1"
type Req { Id string \`path:"id"\` }
type Item {}
@server(
  prefix: v1/
)
service svc {
  @handler a
  get /users/:id/items-list/file.json (Req) returns ([]Item)
  @handler b
  post / ()
  @handler c
  put /x returns (*Item);
  @handler d
  delete /x () returns ();
  @handler e
  patch /x
  @handler f
  head /x
  @handler g
  options /x
  @handler h
  connect /x
  @handler i
  trace /a/:x/b/:y
}
`,
  });
  const r = ir.routes;
  assert.equal(
    r.map((x) => [x.method, x.fullPath]),
    [
      ["get", "/v1/users/:id/items-list/file.json"],
      ["post", "/v1"],
      ["put", "/v1/x"],
      ["delete", "/v1/x"],
      ["patch", "/v1/x"],
      ["head", "/v1/x"],
      ["options", "/v1/x"],
      ["connect", "/v1/x"],
      ["trace", "/v1/a/:x/b/:y"],
    ],
  );
  assert.equal(r[0]?.pathParams, ["id"]);
  assert.equal(r[8]?.pathParams, ["x", "y"]);
  assert.is(r[0]?.path, "/users/:id/items-list/file.json");
  assert.equal(r[0]?.response, {
    kind: "slice",
    elem: { kind: "named", name: "Item", package: "", text: "Item" },
    text: "[]Item",
  });
  assert.is(r[1]?.request, null);
  assert.is(r[1]?.response, null);
  assert.is(r[2]?.response?.text, "*Item");
  assert.is(r[3]?.request, null);
  assert.equal(r[0]?.pos, { file: "a.api", line: 9, column: 3 });
  assert.is(r[0]?.handler, "a");
});

test("@server keys: prefix, group with /, jwt, jwtTransition, middleware list, timeout, maxBytes, extensions", async () => {
  const ir = await read({
    "a.api": `@server(
  prefix: /api
  group: /a/b
  jwt: Auth
  jwtTransition: Trans
  middleware: M1, M2,M3
  timeout: 1h10m10s10ms10µs
  maxBytes: 1024
  signature: true
  summary: "x y"
  authType: apiKey // comment
  compact_handler: true
  rewrite_handler: false
)
service s {
  @handler h
  get /x
}
service s {
  @handler h2
  get /y
}
`,
  });
  const b = ir.blocks[0];
  assert.ok(b);
  assert.is(b?.prefix, "/api");
  assert.is(b?.group, "a/b");
  assert.is(b?.jwt, "Auth");
  assert.is(b?.jwtTransition, "Trans");
  assert.equal(b?.middleware, ["M1", "M2", "M3"]);
  assert.is(b?.timeout, "1h10m10s10ms10µs");
  assert.is(b?.timeoutMs, 4210010.01);
  assert.is(b?.maxBytes, "1024");
  assert.is(b?.server["compact_handler"], "true");
  assert.is(b?.server["rewrite_handler"], "false");
  assert.is(b?.server["summary"], "x y");
  assert.is(b?.server["authType"], "apiKey");
  assert.is(b?.server["group"], "/a/b");
  assert.is(ir.blocks[1]?.server["compact_handler"], undefined);
  assert.equal(ir.files[0]?.services, ["s"]);
  assert.equal(ir.middlewares, ["M1", "M2", "M3"]);
  assert.equal(ir.jwts, ["Auth"]);
  assert.equal(ir.jwtTransitions, ["Trans"]);
});

test("@doc forms and legacy in-service @server(handler: ...)", async () => {
  const ir = await read({
    "a.api": `service A-api {
  @doc ("paren")
  @server(
    handler: GreetHandler
  )
  get /a
  @doc(
    summary: "s"
    respCode: "201"
  )
  @handler B
  get /b
  @doc "lit"
  @handler c
  get /c
}`,
  });
  assert.equal(
    ir.routes.map((r) => [r.handler, r.doc]),
    [
      ["GreetHandler", { summary: "paren" }],
      ["B", { summary: "s", respCode: "201" }],
      ["c", { summary: "lit" }],
    ],
  );
  assert.equal(ir.files[0]?.services, ["A-api"]);
});

test("groups: merged by folder across blocks and files (the keys a block gives stay the block's); blocks indexed", async () => {
  const ir = await read(
    {
      "main.api": `import "more.api"
@server(group: g)
service s { @handler a
 get /a }
service s { @handler root
 get /root }
`,
      "more.api": `@server(
  group: g
  compact_handler: true
)
service s {
  @handler b
  get /b
}`,
    },
    ["main.api"],
  );
  assert.equal(
    ir.groups.map((g) => [
      g.name,
      g.routes.some((r) => ir.blocks[r.block]?.server["compact_handler"] === "true"),
      g.routes.map((r) => r.handler),
    ]),
    [
      ["g", true, ["a", "b"]],
      ["", false, ["root"]],
    ],
  );
  assert.equal(
    ir.routes.map((r) => [r.handler, r.block, r.group, r.file]),
    [
      ["a", 0, "g", "main.api"],
      ["root", 1, "", "main.api"],
      ["b", 2, "g", "more.api"],
    ],
  );
  assert.equal(
    ir.blocks.map((b) => b.index),
    [0, 1, 2],
  );
});

test("imports: relative to the importing file, a file reached twice loaded once, grouped form", async () => {
  const ir = await read(
    {
      "api/main.api": `import "base/req.api"
import (
  "base/resp.api"
)
service s { @handler h
  get /x (Req) returns (Resp) }`,
      "api/base/req.api": "type Req {}",
      "api/base/resp.api": `import "req.api"
type Resp { Req }`,
    },
    ["api/main.api"],
  );
  assert.equal(
    ir.files.map((f) => [f.path, f.root, f.imports]),
    [
      ["api/main.api", true, ["api/base/req.api", "api/base/resp.api"]],
      ["api/base/req.api", false, []],
      ["api/base/resp.api", false, ["api/base/req.api"]],
    ],
  );
  assert.equal(
    ir.types.map((t) => [t.name, t.file]),
    [
      ["Req", "api/base/req.api"],
      ["Resp", "api/base/resp.api"],
    ],
  );
});

test("packages: go_package gives each file its own package; names resolve in the file's scope", async () => {
  const ir = await read(
    {
      "user.api": `info(go_package: "user")
type CreateRequest {}
type Shared {}
service svc { @handler create
  post /user (CreateRequest) }`,
      "order.api": `info(go_package: "order")
import "common.api"
type CreateRequest { Common }
service svc { @handler createOrder
  post /order (CreateRequest) returns (Common) }`,
      "common.api": `type Common {}`,
    },
    ["user.api", "order.api"],
  );
  assert.equal(
    ir.packages.map((p) => [p.name, p.types.map((t) => t.name)]),
    [
      ["", ["Common"]],
      ["user", ["CreateRequest", "Shared"]],
      ["order", ["CreateRequest"]],
    ],
  );
  assert.equal(ir.routes[0]?.request, { kind: "named", name: "CreateRequest", package: "user", text: "CreateRequest" });
  assert.equal(ir.routes[1]?.request, {
    kind: "named",
    name: "CreateRequest",
    package: "order",
    text: "CreateRequest",
  });
  assert.equal(ir.routes[1]?.response, { kind: "named", name: "Common", package: "", text: "Common" });
  assert.equal(ir.types.find((t) => t.package === "order")?.fields[0]?.type, {
    kind: "named",
    name: "Common",
    package: "",
    text: "Common",
  });
  assert.is(ir.files.find((f) => f.path === "user.api")?.package, "user");
});

test("an import that leads outside the root is refused at the import, before reading", async () => {
  const root = await project({ "inner/main.api": 'import "../outer.api"\ntype A { B }', "outer.api": "type B {}" });
  try {
    const e = await readApi([`${root}/inner/main.api`], { root: `${root}/inner` }).then(
      () => null,
      (err: unknown) => err as CodegenError,
    );
    assert.ok(e instanceof CodegenError);
    assert.equal(
      e.diagnostics.map((d) => `${d.span?.file}:${d.span?.line}:${d.span?.column} ${d.code}`),
      ["main.api:1:8 API_IMPORT_OUTSIDE"],
    );
  } finally {
    await cleanup(root);
  }
});

test("empty and comment-only files give an empty IR; CRLF and BOM are fine", async () => {
  const ir = await read({ "a.api": "\uFEFF// only\r\n/* comments */\r\n", "b.api": "" }, ["a.api", "b.api"]);
  assert.is(ir.files.length, 2);
  assert.equal(ir.routes, []);
  const crlf = await read({ "a.api": 'syntax = "v1"\r\ntype A {\r\n  X int `json:"x"` // c\r\n}\r\n' });
  assert.is(crlf.types[0]?.fields[0]?.comment, "c");
  assert.is(crlf.types[0]?.fields[0]?.pos.line, 3);
});

test("packages come from the info key the pack names; without one, every file is in one package", async () => {
  const files = {
    "a.api": 'info(\n  title: "a"\n  go_package: "a"\n)\ntype X {}',
    "b.api": 'info(pkg: "b")\ntype X {}',
  };
  const root = await project(files);
  try {
    const byKey = await readApi(["a.api", "b.api"], { root, packageKey: "pkg" });
    assert.equal(
      byKey.files.map((f) => [f.package, f.info, f.infoPos]),
      [
        [
          "",
          { title: "a", go_package: "a" },
          {
            title: { file: "a.api", line: 2, column: 10 },
            go_package: { file: "a.api", line: 3, column: 15 },
          },
        ],
        ["b", { pkg: "b" }, { pkg: { file: "b.api", line: 1, column: 11 } }],
      ],
    );
    const none = await readApi(["a.api", "b.api"], { root }).then(
      () => [],
      (e: unknown) => (e instanceof CodegenError ? e.diagnostics.map((d) => d.code) : [String(e)]),
    );
    assert.equal(none, ["API_DUPLICATE_TYPE"]);
  } finally {
    await cleanup(root);
  }
});

test("info keys that name Object's own members get their positions too", async () => {
  const root = await project({ "a.api": 'info(\n  constructor: "c"\n  toString: "t"\n  __proto__: "p"\n)\ntype X {}' });
  try {
    const ir = await readApi(["a.api"], { root });
    const pos = ir.files[0]!.infoPos;
    assert.equal(Object.keys(pos), Object.keys(ir.files[0]!.info));
    assert.ok(Object.keys(pos).includes("constructor") && Object.keys(pos).includes("toString"));
    assert.equal(pos["toString"], { file: "a.api", line: 3, column: 13 });
    assert.is(Object.getPrototypeOf(pos), Object.prototype);
  } finally {
    await cleanup(root);
  }
});

test("50 files with 500 routes, groups, middleware and nested types are read completely", async () => {
  const files: Record<string, string> = {};
  for (let f = 0; f < 50; f++) {
    let s = `syntax = "v1"\ninfo(title: "f${f}")\ntype (\n`;
    for (let r = 0; r < 10; r++) {
      s += `  // request\n  Req${f}x${r} {\n    Id int64 \`path:"id"\`\n    Name string \`json:"name,optional"\` // name\n    Tags []string \`json:"tags"\`\n  }\n`;
      s += `  Resp${f}x${r} {\n    Items []*Req${f}x${r} \`json:"items"\`\n    Extra map[string]interface{} \`json:"extra"\`\n  }\n`;
    }
    s += `)\n@server(\n  group: g${f}\n  prefix: /api/g${f}\n  middleware: A,B\n  timeout: 3s\n)\nservice demo {\n`;
    for (let r = 0; r < 10; r++)
      s += `  @doc "route"\n  @handler h${f}x${r}\n  post /items/:id/r${r} (Req${f}x${r}) returns (Resp${f}x${r})\n`;
    files[`f${f}.api`] = s + "}\n";
  }
  const root = await project(files);
  try {
    const names = Object.keys(files);
    // Speed is measured by npm run bench, never by a timed test.
    const ir = await readApi(names, { root });
    assert.is(ir.routes.length, 500);
    assert.is(ir.types.length, 1000);
    assert.equal(ir.blocks[49]?.middleware, ["A", "B"]);
  } finally {
    await cleanup(root);
  }
});

test.run();

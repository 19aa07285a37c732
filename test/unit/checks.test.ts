/** Declarative descriptor checks: the evaluator, the engine's rules/api.yaml and the go-zero pack's checks. */
import { join } from "node:path";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { fill, runChecks } from "../../engine/checks/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { bindFunctions } from "../../engine/plan/index.js";
import { CodegenError, type Diagnostic } from "../../engine/diagnostics/index.js";
import { at, cleanup, project, read, repoRoot } from "./api-fixture.js";

const rules = join(repoRoot(), "rules");
const goZeroChecks = join(repoRoot(), "template-packs/go-zero/checks");

async function check(
  files: Record<string, string>,
  roots?: string[],
  dirs = [rules],
): Promise<{ errors: Diagnostic[]; warnings: Diagnostic[] }> {
  const api = await read(files, roots);
  const warnings: Diagnostic[] = [];
  // The pack's checks see its function library, as in a run.
  const pack = await loadPack("go-zero", repoRoot());
  const bindings = await bindFunctions(pack, { ir: { api } });
  const errors = await runChecks({ api }, dirs, { onWarning: (w) => warnings.push(w), bindings });
  return { errors, warnings };
}

async function failure(dir: string): Promise<Diagnostic[]> {
  try {
    await runChecks({ api: { routes: [] } }, [dir]);
  } catch (e) {
    if (e instanceof CodegenError) return e.diagnostics;
    throw e;
  }
  assert.unreachable("expected the checks to fail");
  return [];
}

const sameHandlers = {
  "a.api": `import "b.api"
@server(group: g)
service s {
  @handler getUser
  get /a
  @handler other
  get /b
}
service s {
  @handler getUser
  get /c
}`,
  "b.api": `@server(group: g)
service s {
  @handler GetUser
  get /d
}`,
};

test("API_DUPLICATE_HANDLER is the go-zero pack's (its handler files), not the engine's", async () => {
  assert.equal((await check(sameHandlers, ["a.api"])).errors, []);
  const { errors } = await check(sameHandlers, ["a.api"], [rules, goZeroChecks]);
  assert.equal(
    errors.map((d) => d.code),
    ["API_DUPLICATE_HANDLER"],
  );
});

test("API_DUPLICATE_HANDLER: same handler twice in one group folder (any case), across blocks and files", async () => {
  const { errors } = await check(sameHandlers, ["a.api"], [goZeroChecks]);
  assert.equal(
    errors.map((d) => [d.code, at(d)]),
    [["API_DUPLICATE_HANDLER", "b.api:4:3"]],
  );
  assert.is(errors[0]?.message, "handler GetUser is declared twice in handler group g (first at a.api:5)");
  assert.match(errors[0]?.hint ?? "", /unique within a group folder/);
});

test("API_DUPLICATE_ROUTE: same method and full path, prefixes included", async () => {
  const { errors } = await check({
    "a.api": `service foo {
  @handler foo
  get /foo
  @handler bar
  get /foo
  @handler qux
  get /v1/baz
  @handler post
  post /foo
}
@server(prefix: /v1)
service foo {
  @handler qux2
  get /baz
}`,
  });
  assert.equal(
    errors.map((d) => [d.code, at(d), d.message]),
    [
      ["API_DUPLICATE_ROUTE", "a.api:5:3", "route GET /foo is declared twice (first at a.api:3)"],
      ["API_DUPLICATE_ROUTE", "a.api:14:3", "route GET /v1/baz is declared twice (first at a.api:7)"],
    ],
  );
});

test("API_PATH_PARAM_MISSING is a warning; embedded fields count; no request type is a violation", async () => {
  const { errors, warnings } = await check({
    "a.api": `type Base { Id int \`path:"id"\` }
type Deeper { Base }
type Req { *Deeper
  Name string \`path:"name"\` }
service s {
  @handler a
  get /a/:id/:name (Req)
  @handler b
  get /b/:id/:other (*Req)
  @handler c
  get /c/:id
  @handler d
  get /d/:id (string)
}`,
  });
  assert.equal(errors, []);
  assert.equal(
    warnings.map((d) => [d.code, at(d), d.message]),
    [
      [
        "API_PATH_PARAM_MISSING",
        "a.api:9:3",
        'path parameter :other of GET /b/:id/:other is not bound: no field of *Req (or of a type it embeds) is tagged path:"other"',
      ],
      [
        "API_PATH_PARAM_MISSING",
        "a.api:11:3",
        "path parameter :id of GET /c/:id is not bound: the route has no request type",
      ],
      [
        "API_PATH_PARAM_MISSING",
        "a.api:13:3",
        'path parameter :id of GET /d/:id is not bound: no field of string (or of a type it embeds) is tagged path:"id"',
      ],
    ],
  );
});

test("checks are skipped when the IR has no property of their kind", async () => {
  const errors = await runChecks({ proto: {} }, [rules]);
  assert.equal(errors, []);
});

test("custom check files: placeholders, violation messages, single results, severity", async () => {
  const dir = await project({
    "b.yaml": `- code: B_ONE
  message: "route {path} uses {method} ({n})"
  hint: "fix {path}"
  query: 'api.routes.{"pos": pos, "args": {"path": path, "method": method, "n": 1}}'
- code: B_MSG
  message: unused
  query: '{"pos": {"file": "x", "line": 1, "column": 2}, "message": "own message"}'
- code: B_WARN
  severity: warning
  message: warned
  query: '{"pos": {"file": "x", "line": 1, "column": 1}}'
`,
    "a.yml": `- code: A_NONE
  kind: api
  message: never
  query: api.nothing
`,
    "ignored.txt": "not yaml",
  });
  try {
    const api = { routes: [{ path: "/x", method: "get", pos: { file: "a.api", line: 3, column: 1 } }] };
    const warnings: Diagnostic[] = [];
    const errors = await runChecks({ api }, [dir], { onWarning: (w) => warnings.push(w) });
    assert.equal(errors, [
      { code: "B_ONE", message: "route /x uses get (1)", span: { file: "a.api", line: 3, column: 1 }, hint: "fix /x" },
      { code: "B_MSG", message: "own message", span: { file: "x", line: 1, column: 2 } },
    ]);
    assert.equal(
      warnings.map((w) => w.code),
      ["B_WARN"],
    );
  } finally {
    await cleanup(dir);
  }
});

test("invalid check files: YAML, schema, jsonata syntax, repeated codes, with file:line", async () => {
  const dir = await project({
    "0-ok.yaml": "- code: OK_CODE\n  message: m\n  query: x\n",
    "1-yaml.yaml": "- code: X\n  message: [unclosed\n",
    "2-schema.yaml":
      "- code: lower_case\n  message: m\n  query: x\n- code: OTHER\n  message: m\n  query: x\n  extra: 1\n",
    "3-query.yaml": "- code: BAD_QUERY\n  message: m\n  query: |\n    (\n      api.routes[\n    )\n",
    "4-dup.yaml": "- code: OK_CODE\n  message: m\n  query: x\n",
  });
  try {
    const list = await failure(dir);
    assert.ok(list.every((d) => d.code === "CHECK_INVALID"));
    const byFile = (name: string): Diagnostic[] => list.filter((d) => d.span?.file.endsWith(name));
    assert.ok(
      byFile("1-yaml.yaml")[0]?.span?.line === 2 || byFile("1-yaml.yaml")[0]?.span?.line === 3,
      JSON.stringify(byFile("1-yaml.yaml")),
    );
    assert.equal(
      byFile("2-schema.yaml").map((d) => d.span?.line),
      [1, 7],
    );
    const q = byFile("3-query.yaml")[0];
    assert.match(q?.message ?? "", /BAD_QUERY: invalid jsonata query/);
    assert.ok((q?.span?.line ?? 0) >= 4, `query error line ${q?.span?.line}`);
    assert.match(byFile("4-dup.yaml")[0]?.message ?? "", /OK_CODE is already declared at .*0-ok\.yaml:1/);
  } finally {
    await cleanup(dir);
  }
});

test("a query that fails or returns something else than violations is reported", async () => {
  const dir = await project({
    "a.yaml":
      "- code: BAD_RESULT\n  message: m\n  query: '[1, 2]'\n- code: THROWS\n  message: m\n  query: '$error(\"boom\")'\n",
  });
  try {
    const list = await failure(dir);
    assert.equal(
      list.map((d) => [d.code, d.span?.line]),
      [
        ["CHECK_FAILED", 1],
        ["CHECK_FAILED", 4],
      ],
    );
    assert.match(list[1]?.message ?? "", /THROWS failed: boom/);
  } finally {
    await cleanup(dir);
  }
});

test("a violation of the whole project is reported at the first setting the settings file writes", async () => {
  const dir = await project({
    "a.yaml": `- code: AT_SETTING
  message: at {where}
  query: '{"setting": ["inputs.proto", "frame"], "args": {"where": "frame"}}'
- code: ONE_KEY
  message: one
  query: '{"setting": "name"}'
`,
  });
  try {
    const asked: string[][] = [];
    const settingAt = (keys: string[]) => {
      asked.push(keys);
      return { file: ".codegen.yaml", line: keys.length, column: 8 };
    };
    const errors = await runChecks({}, [dir], { settingAt });
    assert.equal(errors, [
      { code: "AT_SETTING", message: "at frame", span: { file: ".codegen.yaml", line: 2, column: 8 } },
      { code: "ONE_KEY", message: "one", span: { file: ".codegen.yaml", line: 1, column: 8 } },
    ]);
    assert.equal(asked, [["inputs.proto", "frame"], ["name"]]);
  } finally {
    await cleanup(dir);
  }
  const bad = await project({ "b.yaml": "- code: NO_KEYS\n  message: m\n  query: '{\"setting\": []}'\n" });
  try {
    const list = await failure(bad);
    assert.equal(
      list.map((d) => d.code),
      ["CHECK_FAILED"],
    );
    assert.match(list[0]?.message ?? "", /not \{pos: \{file, line, column\} or setting: \[keys\]/);
  } finally {
    await cleanup(bad);
  }
});

test("a missing checks folder is an error", async () => {
  const list = await failure("/nonexistent/checks");
  assert.match(list[0]?.message ?? "", /cannot read the checks folder/);
});

test("fill: placeholders", () => {
  assert.is(fill("{a} and {b} and {c}", { a: "x", b: 2 }), "x and 2 and {c}");
});

test.run();

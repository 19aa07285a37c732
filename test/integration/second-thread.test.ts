/**
 * A large generation runs the checks and whole-IR rules on a second thread (CODEGEN_THREADS=2
 * forces it, =1 forbids it). The answer must not depend on it: the same files, the same
 * problems with the same exit code, the same warnings, the same failing expression.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { codegen } from "../support/cli.js";
import { snapshot, writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("second thread");

const api = `syntax = "v1"

type Req {
	Id int64 \`path:"id"\`
	Name string \`json:"name"\`
}

type Resp {
	Name string \`json:"name"\`
}

@server(
	prefix: /v1
	group: things
)
service demo {
	@handler getThing
	get /things/:id (Req) returns (Resp)

	@handler putThing
	put /things/:key (Req) returns (Resp)
}
`;

/** Runs gen in two identical projects, one per thread setting; returns both results and trees. */
function both(files: Record<string, string>, pack = ""): Array<{ code: number; stdout: string; stderr: string; tree: Record<string, string> }> {
  return ["1", "2"].map((threads) => {
    const dir = writeTree(scratch(`threads-${threads}`), { ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: ${pack ? "docs" : "api"}\n${pack ? `pack: ${pack}\n` : ""}`, ...files });
    const r = codegen(["gen"], dir, { CODEGEN_THREADS: threads, CODEGEN_CACHE_DIR: scratch("cache") });
    const tree = Object.fromEntries(Object.entries(snapshot(dir)).map(([p, v]) => [p, v.slice(v.indexOf(":") + 1)]));
    return { ...r, stdout: r.stdout.split(dir).join("<dir>"), stderr: r.stderr.split(dir).join("<dir>"), tree };
  });
}

test("the go-zero api project: the same files, and the unbound path parameter's warning", () => {
  const [one, two] = both({ "desc/api/demo.api": api });
  assert.is(one!.code, 0, one!.stderr);
  assert.is(two!.code, 0, two!.stderr);
  assert.match(one!.stdout + one!.stderr, /path parameter :key/);
  assert.equal(two!.stdout, one!.stdout);
  assert.equal(two!.stderr, one!.stderr);
  assert.equal(two!.tree, one!.tree);
  assert.ok(one!.tree["desc/swagger/demo.swagger.json"]?.includes('"/v1/things/{id}"'));
});

test("a check's problem: exit 1, the same diagnostic, nothing written", () => {
  const [one, two] = both({ "desc/api/demo.api": api.replace("put /things/:key", "get /things/:id") });
  assert.is(one!.code, 1);
  assert.is(two!.code, 1);
  assert.match(one!.stderr, /API_DUPLICATE_ROUTE/);
  assert.equal(two!.stderr, one!.stderr);
  assert.equal(Object.keys(two!.tree).sort(), [".codegen.yaml", "desc/api/demo.api"]);
});

test("a whole-IR rule whose data expression fails: the same diagnostic at the rule", () => {
  const pack = writeTree(scratch("pack"), {
    "pack.yaml": 'name: failing-data\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\n',
    "rules/files.yaml": '- name: table\n  path: "table.txt"\n  data: "$error(\\"no table for \\" & $count(api.routes) & \\" routes\\")"\n  template: table.txt.liquid\n',
    "templates/table.txt.liquid": "@generated {{ data }}\n",
  });
  const [one, two] = both({ "desc/api/demo.api": api }, pack);
  assert.is(one!.code, 1);
  assert.match(one!.stderr, /PACK_EXPRESSION.*no table for 2 routes/);
  assert.equal(two!.stderr, one!.stderr);
  assert.is(two!.code, 1);
});

test.run();

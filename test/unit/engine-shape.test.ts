/**
 * The engine's shape: it names no framework (everything about go-zero lives in the pack), and
 * its stage folders depend on each other without a cycle.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { repoRoot } from "../support/paths.js";

const test = suite("engine shape");
const engine = join(repoRoot, "engine");
const sources = readdirSync(engine, { recursive: true, withFileTypes: true })
  .filter((e) => e.isFile() && e.name.endsWith(".ts"))
  .map((e) => join(e.parentPath, e.name));

test("no file under engine/ names the framework or its tools", () => {
  const banned = /go-zero|gozero|\bzrpc\b|\bgofmt\b/i;
  const hits = sources.filter((f) => banned.test(readFileSync(f, "utf8"))).map((f) => relative(repoRoot, f));
  assert.equal(hits, []);
});

// What Go means lives in the pack: how go_package splits into folder and name, where Go keeps
// modules, which module holds which third-party protos, Go's keywords. (The .api language's own
// syntax, struct tags and durations, is descriptor syntax and stays with its reader.)
const goConcepts: Array<[string, RegExp]> = [
  ["go_package taken apart", /isImportPath|goPackageOf|GoPackage\b|go_package.*split|split\(";"\)/],
  ["the Go module cache or tool", /GOMODCACHE|GOPATH|\bgo (?:mod|env|install|get)\b|execFile\("go"|\["go",/],
  ["a Go module or where it keeps third-party protos", /grpc-gateway|protovalidate|github\.com\/|golang\.org\//],
  ["a Go keyword list", /"fallthrough"|"chan",\s*"const"/],
  ["Go in the CLI's words", /Go module/],
];

test("no file under engine/ holds a Go-only concept", () => {
  const hits: string[] = [];
  for (const f of sources) {
    const text = readFileSync(f, "utf8");
    for (const [what, re] of goConcepts) if (re.test(text)) hits.push(`${relative(repoRoot, f)}: ${what} (${re.exec(text)?.[0]})`);
  }
  assert.equal(hits, []);
});

/** Stage folder (first path segment under engine/, or "." for top-level files) → folders it imports. */
function folderGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  const folderOf = (file: string): string => relative(engine, file).split("/").slice(0, -1)[0] ?? ".";
  for (const file of sources) {
    const from = folderOf(file);
    const deps = graph.get(from) ?? new Set<string>();
    graph.set(from, deps);
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const to = folderOf(resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts")));
      if (to !== from) deps.add(to);
    }
  }
  return graph;
}

test("stage folders import each other without a cycle", () => {
  const graph = folderGraph();
  const state = new Map<string, "visiting" | "done">();
  const cycle: string[] = [];
  const visit = (node: string, path: string[]): boolean => {
    if (state.get(node) === "done") return false;
    if (state.get(node) === "visiting") {
      cycle.push(...path.slice(path.indexOf(node)), node);
      return true;
    }
    state.set(node, "visiting");
    for (const next of graph.get(node) ?? []) if (visit(next, [...path, node])) return true;
    state.set(node, "done");
    return false;
  };
  for (const node of graph.keys()) if (visit(node, [])) break;
  assert.equal(cycle, [], `cycle: ${cycle.join(" -> ")}`);
});

test("a stage folder is used by the others only through its index.ts", () => {
  const deep: string[] = [];
  const folderOf = (file: string): string => relative(engine, file).split("/").slice(0, -1)[0] ?? ".";
  for (const file of sources) {
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"));
      const to = folderOf(target);
      if (to === folderOf(file) || to === ".") continue;
      if (relative(join(engine, to), target) !== "index.ts") deep.push(`${relative(engine, file)} imports ${relative(engine, target)}`);
    }
  }
  assert.equal(deep, []);
});

/** docs/architecture.md lists the graph; UPDATE_GOLDEN=1 rewrites it there. */
test("the folder graph in docs/architecture.md is the engine's", () => {
  const graph = folderGraph();
  const name = (f: string): string => (f === "." ? "top level (`generate.ts`, `generation-cache.ts`)" : `\`${f}/\``);
  const rows = [...graph.keys()]
    .sort((a, b) => graph.get(b)!.size - graph.get(a)!.size || a.localeCompare(b))
    .map((f) => `| ${name(f)} | ${[...graph.get(f)!].map((d) => (d === "." ? "top level" : d)).sort().join(", ") || "nothing"} |`);
  const table = ["| folder | imports |", "|---|---|", ...rows].join("\n");
  const doc = join(repoRoot, "docs", "architecture.md");
  const text = readFileSync(doc, "utf8");
  const block = /(<!-- engine-graph -->\n)([\s\S]*?)(\n\s*<!-- \/engine-graph -->)/;
  assert.ok(block.test(text), "docs/architecture.md has no <!-- engine-graph --> block");
  if (process.env["UPDATE_GOLDEN"] === "1") writeFileSync(doc, text.replace(block, (_, a: string, _b: string, c: string) => a + table + c));
  assert.is(block.exec(readFileSync(doc, "utf8"))![2], table);
});

test.run();

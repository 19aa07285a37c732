/**
 * The engine's shape: it knows no target framework, language or pack layout (everything about
 * go-zero, Go and where a pack keeps its files lives in the pack, which hands the engine what it
 * needs as data: input globs, the proto root and vendored folders, the migrations table), and
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
const texts = new Map(sources.map((f) => [f, readFileSync(f, "utf8")]));

/** Each concept, in code or comments, with the pattern that finds it; `hits` lists where. */
function hits(concepts: Array<[string, RegExp]>, textOf: (text: string) => string = (t) => t): string[] {
  const found: string[] = [];
  for (const [f, raw] of texts) {
    const text = textOf(raw);
    for (const [what, re] of concepts)
      if (re.test(text)) found.push(`${relative(repoRoot, f)}: ${what} (${re.exec(text)?.[0]})`);
  }
  return found;
}

// The framework, its tools and the layout of its projects belong to the pack: the engine reads
// globs, a proto root, vendored folders, a migrations table and option names from pack.yaml and
// the views. (The migrate command implements golang-migrate's file and table format, a
// database format, so it may name that tool; the table's name is the pack's.)
const packFacts: Array<[string, RegExp]> = [
  ["the framework or its tools", /go-?zero|\bzrpc\b|\bgofmt\b|\bgoctl\b|\bjzero\b/i],
  ["a pack's folder layout", /\bdesc\/|third_party|sql_migration|etc\/etc\.ya?ml/],
  ["the migrations table's name", /schema_migrations/],
  ["the pack's own proto options", /codegen\.api\b|codegen\/api\//],
  ["Go source files or modules", /\w\.go\b|\bgo\.(?:mod|sum|work)\b/],
];

test("no file under engine/ names the framework, its tools or a pack's layout", () => {
  assert.equal(hits(packFacts), []);
});

// What Go means lives in the pack: how go_package splits into folder and name, where Go keeps
// modules, which module holds which third-party protos, Go's keywords. (The .api language's own
// syntax, struct tags and durations, is descriptor syntax and stays with its reader.)
const goConcepts: Array<[string, RegExp]> = [
  ["go_package taken apart", /isImportPath|goPackageOf|GoPackage\b|go_package.*split|split\(";"\)/],
  ["Go's package option, by name (descriptor options are data; the pack names the ones it reads)", /go_?package/i],
  ["the Go module cache or tool", /GOMODCACHE|GOPATH|\bgo (?:mod|env|install|get)\b|execFile\("go"|\["go",/],
  ["a Go module or where it keeps third-party protos", /grpc-gateway|protovalidate|github\.com\/|golang\.org\//],
  ["a Go keyword list", /"fallthrough"|"chan",\s*"const"/],
  ["Go in the CLI's words", /Go module/],
  // The .api language's boolean @server keys are checked by its reader; what they mean is the pack's.
  ["go-zero's @server keys as IR fields (the block's server record carries them)", /compactHandler|rewriteHandler/],
  ["an assistant's skills folder (pack.yaml skills.folder)", /\.claude\b/],
];

test("no file under engine/ holds a Go-only concept", () => {
  assert.equal(hits(goConcepts), []);
});

// A check is a promise about concepts, not about spellings: a banned word put together from
// pieces ("z" + "rpc", ["z", "rpc"].join("")) is the word. So the words are looked for again in
// each file read without quotes, `+`, commas, brackets and white space, and the ways of
// spelling a word without writing it are refused: literal pieces joined, a word cut between two
// added literals, letters as escapes or character codes.
const assembled: Array<[string, RegExp]> = [
  ["a banned word in pieces", /gozero|zrpc|gofmt|goctl|jzero|schema_migrations|third_party|desc\/proto|codegen\.api/i],
];
const disguises: Array<[string, RegExp]> = [
  [
    "string literals joined into one",
    /\[\s*(?:"[^"\n]*"|'[^'\n]*')\s*(?:,\s*(?:"[^"\n]*"|'[^'\n]*')\s*)+\]\s*\.join\(/,
  ],
  ["a word split across string literals added together", /\w["']\s*\+\s*["']\w/],
  [
    "a letter written as an escape",
    /\\x(?:4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a])|\\u(?:00|\{)(?:4[1-9a-f]|5[0-9a]|6[1-9a-f]|7[0-9a])/i,
  ],
  ["a letter written as a character code", /fromC(?:harCode|odePoint)\(\s*(?:0x)?[0-9]/],
];

test("no banned word is assembled from pieces or spelled in disguise", () => {
  assert.equal([...hits(assembled, (t) => t.replace(/["'`+,\s[\]]/g, "")), ...hits(disguises)], []);
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

/**
 * File → the engine files it imports: static imports and re-exports, side-effect imports and
 * dynamic `import("./x.js")`, type-only ones too (a type that two files need from each other
 * is a piece of its own, and a type import today is a value import after the next edit).
 */
function fileGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const [file, text] of texts) {
    const to = new Set(importsOf(text).map((spec) => resolve(dirname(file), spec.replace(/\.js$/, ".ts"))));
    graph.set(file, [...to].filter((t) => texts.has(t)).sort());
  }
  return graph;
}

/** The relative module specifiers a source text imports or re-exports. */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]!);
}

/** Each cycle of the graph, one per strongly connected part, as the files along it (the first again at the end). */
function cyclesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const parts: string[][] = [];
  const connect = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const part: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      part.push(w);
    } while (w !== v);
    if (part.length > 1 || graph.get(v)!.includes(v)) parts.push(part);
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) connect(v);
  // Within a part every file reaches every other: the shortest way back to its first file names the cycle.
  return parts.map((part) => {
    const inPart = new Set(part);
    const start = [...part].sort()[0]!;
    const from = new Map<string, string>();
    const queue = [start];
    for (let i = 0; i < queue.length; i++) {
      for (const w of graph.get(queue[i]!) ?? []) {
        if (!inPart.has(w)) continue;
        if (w === start) {
          const path = [start];
          for (let at = queue[i]!; at !== start; at = from.get(at)!) path.splice(1, 0, at);
          return [...path, start];
        }
        if (!from.has(w)) {
          from.set(w, queue[i]!);
          queue.push(w);
        }
      }
    }
    return [start, start];
  });
}

test("files under engine/ import each other without a cycle", () => {
  const cycles = cyclesOf(fileGraph()).map((c) => c.map((f) => relative(engine, f)).join(" -> "));
  assert.equal(cycles, [], `cycles:\n${cycles.join("\n")}`);
});

test("the cycle check reads every form of import and finds each cycle", () => {
  const text = [
    'import { a } from "./a.js";',
    'import type { B } from "../b.js";',
    "export { c } from './c.js';",
    'export type { D } from "./d.js";',
    'import "./side-effect.js";',
    'const e = await import("./e.js");',
    'type F = import("./f.js").F;',
    'import {\n  g,\n  h,\n} from "./gh.js";',
    'import { readFileSync } from "node:fs";',
  ].join("\n");
  assert.equal(importsOf(text), [
    "./a.js",
    "../b.js",
    "./c.js",
    "./d.js",
    "./side-effect.js",
    "./e.js",
    "./f.js",
    "./gh.js",
  ]);
  const g = new Map([
    ["a.ts", ["b.ts"]],
    ["b.ts", ["c.ts"]],
    ["c.ts", ["a.ts", "d.ts"]],
    ["d.ts", []],
    ["e.ts", ["e.ts"]],
  ]);
  assert.equal(cyclesOf(g).sort(), [
    ["a.ts", "b.ts", "c.ts", "a.ts"],
    ["e.ts", "e.ts"],
  ]);
  assert.equal(
    cyclesOf(
      new Map([
        ["a.ts", ["b.ts"]],
        ["b.ts", []],
      ]),
    ),
    [],
  );
});

test("a stage folder is used by the others only through its index.ts", () => {
  const deep: string[] = [];
  const folderOf = (file: string): string => relative(engine, file).split("/").slice(0, -1)[0] ?? ".";
  for (const file of sources) {
    for (const m of readFileSync(file, "utf8").matchAll(/(?:from|import\()\s*"(\.{1,2}\/[^"]+)"/g)) {
      const target = resolve(dirname(file), m[1]!.replace(/\.js$/, ".ts"));
      const to = folderOf(target);
      if (to === folderOf(file) || to === ".") continue;
      if (relative(join(engine, to), target) !== "index.ts")
        deep.push(`${relative(engine, file)} imports ${relative(engine, target)}`);
    }
  }
  assert.equal(deep, []);
});

/** docs/architecture.md lists the graph; UPDATE_GOLDEN=1 rewrites it there. */
test("the folder graph in docs/architecture.md is the engine's", () => {
  const graph = folderGraph();
  const topLevel = readdirSync(engine)
    .filter((f) => f.endsWith(".ts"))
    .sort()
    .map((f) => `\`${f}\``)
    .join(", ");
  const name = (f: string): string => (f === "." ? `top level (${topLevel})` : `\`${f}/\``);
  const rows = [...graph.keys()]
    .sort((a, b) => graph.get(b)!.size - graph.get(a)!.size || a.localeCompare(b))
    .map(
      (f) =>
        `| ${name(f)} | ${
          [...graph.get(f)!]
            .map((d) => (d === "." ? "top level" : d))
            .sort()
            .join(", ") || "nothing"
        } |`,
    );
  const table = ["| folder | imports |", "|---|---|", ...rows].join("\n");
  const doc = join(repoRoot, "docs", "architecture.md");
  const text = readFileSync(doc, "utf8");
  const block = /(<!-- engine-graph -->\n)([\s\S]*?)(\n\s*<!-- \/engine-graph -->)/;
  assert.ok(block.test(text), "docs/architecture.md has no <!-- engine-graph --> block");
  if (process.env["UPDATE_GOLDEN"] === "1")
    writeFileSync(
      doc,
      text.replace(block, (_, a: string, _b: string, c: string) => a + table + c),
    );
  assert.is(block.exec(readFileSync(doc, "utf8"))![2], table);
});

test.run();

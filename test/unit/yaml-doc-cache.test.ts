/**
 * Parsed YAML comes from the cache when the text was parsed before: the same value, and every
 * position (values, keys, nearest parent of a missing path) the same as a fresh parse gives.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseYaml } from "../../engine/schema/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { scratch } from "../support/paths.js";
import { isMap, isSeq, LineCounter, parseDocument, type Node, type Scalar } from "yaml";

const test = suite("YAML parse cache");

const text = `# a config as people write it
name: demo
module: example.com/demo
frames:
  api: { description: "HTTP", next: [one, two] }
rules:
  - name: first
    path: "a/{{ x }}.go"
  - name: second
    when:
    data: |
      (
        $x := 1
      )
1: numeric key
`;

const paths: Array<Array<string | number>> = [[], ["name"], ["frames", "api", "next", 1], ["rules", 1, "when"], ["rules", 1, "data"], ["rules", 0, "missing", 3], ["rules", 7], [1], ["1"], ["nothing"]];

/** The position the yaml library itself gives: the deepest node along the path (its key, if asked). */
function fromLibrary(path: Array<string | number>, wantKey: boolean): { file: string; line: number; column: number } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  let node: unknown = doc.contents;
  let found = node as Node | null;
  for (const [i, key] of path.entries()) {
    if (isMap(node)) {
      const pair = node.items.find((p) => (p.key as Scalar | null)?.value === key);
      if (!pair) break;
      node = pair.value;
      found = (wantKey && i === path.length - 1 ? pair.key : (pair.value ?? pair.key)) as Node;
    } else if (isSeq(node) && typeof key === "number" && node.items[key]) {
      node = node.items[key];
      found = node as Node;
    } else break;
  }
  const p = lines.linePos(found?.range?.[0] ?? 0);
  return { file: "conf.yaml", line: p.line, column: p.col };
}

function spans(cache: string): unknown {
  process.env["CODEGEN_CACHE_DIR"] = cache;
  const doc = parseYaml(text, "conf.yaml", "X");
  return { value: doc.value, at: paths.map((p) => [doc.spanAt(p), doc.spanAt(p, { key: true })]) };
}

test("a second parse is served from the cache with the same value and positions", () => {
  const cache = scratch("yaml-cache");
  const fresh = spans(cache);
  const entries = readdirSync(join(cache, "steps"), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
  assert.is(entries.length, 1, "the parse was not kept");
  assert.equal(spans(cache), fresh);
  // The second parse read the entry: a value changed there is what comes back.
  const entry = join(entries[0]!.parentPath, entries[0]!.name);
  writeFileSync(entry, readFileSync(entry, "utf8").replace('"name":"demo"', '"name":"from the cache"'));
  process.env["CODEGEN_CACHE_DIR"] = cache;
  assert.is((parseYaml(text, "conf.yaml", "X").value as { name: string }).name, "from the cache");
  assert.equal((fresh as { at: unknown }).at, paths.map((p) => [fromLibrary(p, false), fromLibrary(p, true)]));
});

test("the display path is the caller's, not the one of the run that filled the cache", () => {
  const cache = scratch("yaml-cache");
  process.env["CODEGEN_CACHE_DIR"] = cache;
  parseYaml(text, "first.yaml", "X");
  assert.is(parseYaml(text, "second.yaml", "X").spanAt(["name"]).file, "second.yaml");
});

test("invalid YAML is a diagnostic every time (never cached), and .inf is not cached as null", () => {
  process.env["CODEGEN_CACHE_DIR"] = scratch("yaml-cache");
  for (let i = 0; i < 2; i++) {
    try {
      parseYaml("a: [1,\n", "bad.yaml", "X");
      assert.unreachable("parsed");
    } catch (e) {
      assert.ok(e instanceof CodegenError && e.diagnostics[0]?.code === "X");
    }
  }
  for (let i = 0; i < 2; i++) assert.is((parseYaml("n: .inf\n", "n.yaml", "X").value as { n: number }).n, Infinity);
});

test.run();

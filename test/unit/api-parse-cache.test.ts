/**
 * Parsed .api files come from the cache when their text (and the reader) is the same, equal to a
 * fresh parse, including what JSON cannot hold (an array length too long for a number).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseCached } from "../../engine/descriptors/api/parse-cache.js";
import { parseOrDiagnose } from "../../engine/descriptors/api/syntax.js";
import { scratch } from "../support/paths.js";

const test = suite("api parse cache");
const text = `syntax = "v1"\n\ntype Big {\n\tA [${"9".repeat(400)}]int \`json:"a"\`\n}\n\ntype Small {\n\tB string \`json:"b"\`\n}\n`;

function entries(cache: string): string[] {
  const root = join(cache, "memo");
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

test("a second parse of the same text is read from the cache and equals a fresh parse", async () => {
  const cache = scratch("api-parse-cache");
  process.env["CODEGEN_CACHE_DIR"] = cache;
  const fresh = parseOrDiagnose(text, "desc/api/a.api");
  const first = await parseCached(text, "desc/api/a.api");
  assert.equal(first, fresh);
  const [entry] = entries(cache);
  assert.ok(entry, "the parse is kept");
  const second = await parseCached(text, "desc/api/b.api");
  assert.equal(
    second,
    { ast: { ...(fresh as { ast: object }).ast, file: "desc/api/b.api" } },
    "Infinity and every node survive the cache",
  );
  // It really is the cache answering: a changed entry is what comes back.
  writeFileSync(entry!, readFileSync(entry!, "utf8").replace('"Small"', '"Cached"'));
  assert.match(JSON.stringify(await parseCached(text, "desc/api/a.api")), /"Cached"/);
  // Other text is another entry.
  await parseCached(text.replace("Small", "Other"), "desc/api/a.api");
  assert.is(entries(cache).length, 2);
});

test("a file that does not parse is not kept and gives its diagnostic each time", async () => {
  const cache = scratch("api-parse-cache-bad");
  process.env["CODEGEN_CACHE_DIR"] = cache;
  for (let i = 0; i < 2; i++) {
    const r = await parseCached("type A {\n\tB string\n", "desc/api/bad.api");
    assert.ok("diagnostic" in r && r.diagnostic.code === "API_SYNTAX");
  }
  assert.throws(() => entries(cache));
});

test.run();

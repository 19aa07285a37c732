/**
 * Input globs turned into regular expressions match exactly what minimatch matches (the
 * meaning users and packs rely on), over generated globs and paths; globs outside the subset
 * are left to minimatch.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { minimatch } from "minimatch";
import { globMatcher, simpleGlob } from "../../engine/descriptors/glob.js";

const test = suite("input globs");

const NAMES = ["a", "b", "ab", ".a", "a.api", ".api", "b.api", "x.sql", "a.b.api", "api", "_x"];
const PARTS = [
  "a",
  "b",
  "*",
  "**",
  "?",
  "*.api",
  "a*",
  "*a",
  "?.api",
  "{a,b}",
  "{a,.a}",
  "*.{api,sql}",
  "a{,b}",
  ".a",
  "*.*",
  "a?",
  "**a",
];

/** A seeded generator, so a failure names a case that can be run again. */
function random(seed: number): () => number {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

test("generated globs agree with minimatch on generated paths", () => {
  const next = random(7);
  const pick = <T>(xs: T[]): T => xs[Math.floor(next() * xs.length)]!;
  const paths: string[] = [];
  for (let i = 0; i < 400; i++)
    paths.push(Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(NAMES)).join("/"));
  let compiled = 0;
  for (let i = 0; i < 1500; i++) {
    const glob = Array.from({ length: 1 + Math.floor(next() * 4) }, () => pick(PARTS)).join("/");
    const re = simpleGlob(glob);
    if (!re) continue;
    compiled++;
    for (const p of paths) {
      if (re.test(p) !== minimatch(p, glob, { dot: false }))
        assert.unreachable(`glob ${glob} on ${p}: regex ${re.test(p)}, minimatch ${!re.test(p)}`);
    }
  }
  // Most generated globs are in the subset: the comparison above is not vacuous.
  assert.ok(compiled > 1000, `only ${compiled} globs compiled`);
});

test("the globs packs write are compiled; others go to minimatch with the same answers", async () => {
  for (const glob of ["desc/api/**/*.api", "desc/proto/**/*.proto", "desc/sql/*.sql", "desc/{sql,schema}/*.sql"])
    assert.ok(simpleGlob(glob), glob);
  for (const glob of [
    "desc/[ab]/*.api",
    "desc/**",
    "desc/+(a|b).api",
    "desc/\\*.api",
    "desc/{1..3}.sql",
    "desc/{a,{b,c}}.api",
    "./desc/*.api",
  ]) {
    assert.is(simpleGlob(glob), null, glob);
    const match = await globMatcher(glob);
    for (const p of ["desc/a/x.api", "desc/a.api", "desc/2.sql", "desc/c.api", "desc/*.api", "desc/x"])
      assert.is(match(p), minimatch(p, glob, { dot: false }), `${glob} on ${p}`);
  }
});

test("hidden names and empty names are never matched by wildcards", () => {
  const re = simpleGlob("desc/**/*.api")!;
  assert.ok(re.test("desc/a.api"));
  assert.ok(re.test("desc/x/y/a.api"));
  assert.not.ok(re.test("desc/.git/a.api"));
  assert.not.ok(re.test("desc/.api"));
  assert.not.ok(re.test("desc/a.apix"));
  assert.not.ok(simpleGlob("desc/*")!.test("desc/"));
});

test.run();

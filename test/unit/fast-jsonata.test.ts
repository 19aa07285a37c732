/**
 * The fast expression evaluator against jsonata on the shapes jsonata is particular about:
 * singleton sequences, `[]`, predicates, grouping, sorting, missing values, and each built-in
 * function it implements. Every case must give jsonata's value; the ones it leaves to jsonata
 * are listed and must be left (a case quietly falling back would test nothing).
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { compare } from "../support/jsonata-diff.js";
import { guardEmptyArrays } from "../../engine/plan/jsonata.js";

const data = {
  a: [{ b: 1, c: "x", d: [1, 2] }, { b: 2, c: "y", d: [3] }, { b: 3, d: [] }],
  one: [{ b: 5, d: [7] }],
  o: { p: { q: [1, 2, 3] }, s: "str", n: 0, t: true, z: null, e: [], nested: [[1, 2], [3]] },
  words: ["b", "a", "c", "a"],
  people: [
    { name: "ann", age: 30, tags: ["x"] },
    { name: "bob", age: 25, tags: ["y", "z"] },
    { name: "cy", age: 30, tags: [] },
  ],
  str: "Hello World",
};

/** Expressions over `data` the fast evaluator must give exactly as jsonata. */
const FAST: string[] = [
  // paths and sequences
  "a", "a.b", "a.c", "a.d", "a.d[]", "a.b[]", "one.b", "one.b[]", "one.d", "one.d[]", "o.p.q", "o.p.q[]", "o.missing", "o.e", "o.e[]",
  "o.nested", "o.nested[0]", "o.nested.$", "a.d.$", "$", "$$.o.s", "$.a[0].c", "o", "a[0]", "a[-1]", "a[5]", "a[b > 1]", "a[b > 1].c", "a[c].b",
  "a[[0, 2]]", "a[0].d[1]", "a.d[0]", "a.(d)[0]", "(a.d)[0]", "a[b=2].d[]", "people[age = 30].name", "people.tags", "people[0].tags",
  "people[tags = 'z'].name", "people[$count(tags) > 0].name", "a.{ 'b': b }", "a.[b]", "a.[b, c]", "[a.b]", "[[1, 2], [3]]", "[1, [2, 3]]", "[]",
  "a.b.$string()", "$string(a.b)", "a.(b ~> $string())", "o.\"s\"", "words[0]", "words[-1]", "words[$ = 'a']",
  // literals and operators
  "1 + 2 * 3", "7 % 3", "10 / 4", "-o.n", "-(3)", "o.n = 0", "o.s != 'x'", "o.missing = 1", "o.missing != 1", "1 < 2", "'a' < 'b'", "o.missing < 1",
  "o.t and o.n", "o.t or o.missing", "o.e or o.z", "'a' & 1 & true & null", "'a' & o.missing", "'n' & 1.5", "'x' & {'k': [1, 2.5]}", "3 in [1, 3]", "'a' in words", "words in 'a'",
  "o.missing in [1]", "[1..4]", "[1..0]", "[0..2].($ * 2)", "o.t ? 'y' : 'n'", "o.n ? 'y' : 'n'", "o.missing ? 'y'", "o.z ?: 'dflt'", "o.missing ?? 'dflt'", "o.n ?? 'dflt'",
  "{'a': 1} = {'a': 1}", "[1, 2] = [1, 2]", "[1] != [2]", "true", "null", "o.z", "(1; 2; 3)", "()",
  // variables, blocks, lambdas
  "($x := 1; $y := $x + 1; $y)", "($x := 1; ($x := 2); $x)", "($f := function($v) { $v * 2 }; $f(4))", "($f := function($a, $b) { $a & $b }; $f('x'))",
  "($fact := function($n) { $n <= 1 ? 1 : $n * $fact($n - 1) }; $fact(6))", "($k := 'b'; a.$lookup($, $k))", "(a.b) ~> $sum()", "'abc' ~> $uppercase",
  "'abc' ~> $substring(1)", "a.b ~> $map(function($v) { $v + 1 })", "($c := function($f) { $f(2) }; $c(function($x) { $x * 5 }))",
  "($add := function($x) { function($y) { $x + $y } }; $add(1)(2))", "($x := o.missing; $x)", "($x := 5; ($x := o.missing; $x))",
  // grouping and objects
  "a{c: b}", "a{'all': b}", "a{c: [b]}", "people{name: age}", "people{$string(age): name}", "people{$string(age): [name]}", "o.e{'k': 1}", "o.missing{'k': 1}",
  "{'k': a.b}", "{'k': o.missing}", "a.{c: b}", "people{ 'n': $count($) }", "people.{ name: $count(tags) }", "$merge(people.{ name: age })", "words{$: $count($)}",
  // sorting
  "people^(age)", "people^(>age, name).name", "people^(<name)", "a^(c).b", "a^(>b)[0]", "words^($)", "one^(b)", "$sort(words)", "$sort([3, 1, 2])", "$sort('a')",
  "$sort(people, function($l, $r) { $l.age > $r.age }).name", "$sort(o.missing)",
  // built-ins
  "$count(a)", "$count(o.missing)", "$count(o.s)", "$count([])", "$exists(o.z)", "$exists(o.missing)", "$not(o.n)", "$not(o.missing)", "$boolean([])", "$boolean([0, 1])",
  "$boolean({})", "$boolean(function() { 1 })", "$append(1, 2)", "$append([1], o.missing)", "$append(o.missing, [2])", "$append(words, 'z')", "$merge([{'a': 1}, {'b': 2, 'a': 3}])",
  "$merge(o.missing)", "$merge({'a': 1})", "$merge([])", "$lookup(o, 's')", "$lookup(a, 'b')", "$lookup(o, 'toString')", "$keys(o)", "$keys(a)", "$keys(o.p)", "$keys(o.missing)",
  "$keys('s')", "$string(1.1 + 2.2)", "$string(a)", "$string(o.missing)", "$string(o.z)", "$string(true)", "$string('s')", "$string(1/3)", "o.s.$string()", "$length(str)",
  "$length('')", "$lowercase(str)", "$uppercase(o.missing)", "str.$uppercase()", "$trim('  a \t b\n ')", "$trim('')", "$substring(str, 6)", "$substring(str, -5)",
  "$substring(str, 0, 5)", "$substring(str, -5, 2)", "$substring(str, 2, 0)", "$substring(str, -20, 3)", "$substring(o.missing, 1)", "$substringBefore(str, ' ')",
  "$substringBefore(str, 'q')", "$substringAfter(str, 'o')", "$substringAfter(str, 'q')", "$contains(str, 'World')", "$contains(str, /w/i)", "$contains(o.missing, 'x')",
  "$split('a,b,,c', ',')", "$split('a,b,c', ',', 2)", "$split('a1b22c', /[0-9]+/)", "$split('abc', '')", "$split(o.missing, ',')", "$join(words)", "$join(words, '-')",
  "$join('solo', ',')", "$join(o.missing)", "$join([], ',')", "$replace(str, 'o', '0')", "$replace(str, 'o', '0', 1)", "$replace(str, 'o', '$1')", "$replace(str, /o/, '[$0]')",
  "$replace(str, /(l+)(o)/, '<$2$1>')", "$replace(str, /(l)/, '$$')", "$replace(str, /l/, '$x')", "$replace(str, /(l)/, '$9')", "$replace(str, /l/, 'L', 2)",
  "$replace(str, /(W)(o)/, function($m) { $uppercase($m.match) & $m.groups[1] })", "$replace(o.missing, 'a', 'b')", "$replace('a.b.c', '.', '/')",
  "$match(str, /l+/)", "$match(str, /(o)(.)?/)", "$match(str, /q/)", "$map(words, function($w) { $w & '!' })", "$map(words, function($w, $i) { $i })",
  "$map([1], function($v) { $v })", "$map(o.missing, function($v) { $v })", "$map(a, function($v) { $v.missing })", "$filter(words, function($w) { $w = 'a' })",
  "$filter(words, function($w, $i) { $i > 1 })", "$filter([1, 2], function($v) { $v > 5 })", "$reduce([1, 2, 3], function($acc, $v) { $acc + $v })",
  "$reduce([1, 2, 3], function($acc, $v) { $acc + $v }, 10)", "$reduce([], function($acc, $v) { $acc + $v })", "$reduce(words, function($acc, $v, $i) { $acc & $i })",
  "$reduce(o.missing, function($a, $b) { $a })", "$distinct(words)", "$distinct([1, '1', 1])", "$distinct([{'a': 1}, {'a': 1}])", "$distinct(a.b)", "$distinct('x')",
  "$reverse(words)", "$reverse([1])", "$type(o.z)", "$type(o)", "$type(words)", "$type(o.s)", "$type(o.missing)", "$type(function() { 1 })", "$number('12.5')",
  "$number(true)", "$number(o.missing)", "$sum(a.b)", "$sum([])", "$max(a.b)", "$min(a.b)", "$max([])", "$floor(2.7)", "$ceil(2.1)", "$abs(-3)",
  "$uppercase($substring(o.s, 0, 1)) & $substring(o.s, 1)",
  // what real packs write
  "$filter($split('user_id', '_'), function($w) { $w != '' })", "[$map(['a', 'b'], function($w) { $uppercase($w) })]", "$keys(people{ name: [$] })",
  "($byName := people{ $string(age): [$] }; $keys($byName).( $list := $lookup($byName, $); $filter($list, function($r, $i) { $i > 0 }).name ))",
  "($seen := {}; people.{ 'n': name, 'first': $ = $$.people[0] })", "people[age > 26]{ name: age }",
  // found by the fuzz suite (test/fuzz/fast-jsonata.test.ts)
  "$keys([[{'a': 1}]])", "$keys(o.nested)", "$replace('abc', /b/, function($m) { $join($keys($m), ',') })",
  "$map(['a', 'b'], function($v) { $match($v, /a/) })", "$map([1, 2], function($v) { $keys($v) })", "$sort([1, 2], function($a, $b) { $keys($a) })",
  "($a := []; $a{'k': 1}; $a)", "($a := [[]]; $a.{}; $a)", "$keys([{'1': 'a', 'b': 2}, {'b': 3, '0': 'z'}])", "[1, 2][1]", "[[1, 2], [3]][0]",
  // predicates that do not read their item (evaluated once for all items)
  "($i := 1; a[$i].b)", "($i := -1; words[$i])", "($i := 1.7; words[$i])", "($i := 9; words[$i])", "($ix := [0, 2]; a[$ix].c)", "($ix := [2, 0, 2]; words[$ix])",
  "($t := true; words[$t])", "($f := false; words[$f])", "($z := 0; words[$z])", "a[$$.o.n].b", "($o := {'i': 1}; words[$o.i])", "($n := o.missing; words[$n])",
  "($s := 'x'; words[$s])", "($e := []; words[$e])", "($i := 0; o.nested[$i])", "($i := 1; o.nested[$i][0])", "($r := {'block': 1}; people[$r.block].name)",
  "people.tags[$$.o.n]", "($i := 0; $map(people, function($p) { $p.tags[$i] }))", "($ob := {}; words[$ob])", "($i := 0; one[$i])", "($i := 0; o.e[$i])",
  // calls and groups as the evaluator builds them: argument lists of every length, parameters bound once or twice, one item grouped alone
  "($f := function($a, $a) { $a }; $f(1, 2))", "($f := function($a, $b, $c, $d) { [$a, $b, $c, $d] }; $f(1, 2, 3, 4))", "($f := function($a, $b) { $b }; $f(1))",
  "($f := function($a) { ($b := 2; $a + $b) }; [$f(1), $f(2)])", "($f := function($a) { ($a := $a + 1; $a) }; [$f(1), $f(5)])", "'a' ~> $substring(0, 1)",
  "$substring('abcdef', 1, 2) ~> $uppercase()", "$replace('abc', 'b', 'x', 1) ~> $length()", "one.{ 'k': b, 'j': d }", "one.{ $string(b): 1, 'x': 2 }", "a.{ c: b }",
  "$.{ 'k': 1, 'v': o.s }", "o.missing.{ 'k': 1 }", "words.{ $: 1 }",
  // a call in tail position inside a block or a condition keeps its empty sequence (jsonata's trampoline runs it after them)
  "$map(a, function($b) { ($keys(o.missing)) })", "$map(a, function($b) { ($x := 1; $keys(o.missing)) })", "$map(a, function($b) { o.t ? $keys(o.missing) : 1 })",
  "$map(a, function($b) { (($keys(o.missing))) })", "$count($map(a, function($b) { ($keys(o.missing)) }))", "$map(a, function($b) { o.z ? $keys(o.missing) : ($b.b) })",
];

/** Expressions jsonata evaluates itself: constructs the fast evaluator leaves to it, and errors. */
const LEFT: string[] = [
  "a.*", "**.b", "a.b.%", "a#$i[$i > 0]", "a@$x", "$now()", "$eval('1')", "$sum(['a'])", "1 + 'a'", "'a' < 1", "{'k': 1, 'k': 2}", "$f := function($x)<n:n> { $x }",
  "$undefinedFunction(1)", "$uppercase(1)", "$join([1, 2])", "$merge([1])", "$number('abc')", "$split('a', /x*/)", "$substring(str, 1.5)", "$string(1/0)",
  "a ~> | $ | {'x': 1} |", "$map(words, $uppercase)", "($f := $uppercase; $f('a'))", "$sort([1, 'a'])", "people{ age: name }", "one.{ 'k': 1, 'k': 2 }",
  // found by the fuzz suite: jsonata differs from what one would expect, or fails
  "[$x := 1, $x]", "{'a': $x := 1, 'b': $x}", "$replace('abc', /b/, function($m) { $string($m.index) })", "-$map(o.nested, function($x) { $match('1', /,/) })",
  "($f := function() { $sort([2, 1], function($a, $b) { $a > $b }) }; $f())", "function() { 1 } ~> $boolean", "[1] = {'0': 1, 'length': 1}", "/a/", "$type(/a/)",
  "[{'a': 1}][0].a", "[][0].a[]", "[missing..'a']", "$map(missing, 1)", "$sort([2, 1], missing)", "$map(['x'], function($v) { $uppercase() })",
  "$reduce([1, 2], function($a, $b) { 1 }, function() { 2 })",
];

test("the fast evaluator gives jsonata's value", async () => {
  const problems: string[] = [];
  for (const source of FAST) {
    const r = await compare(source, data);
    if (!r.fast) problems.push(`${source}: left to jsonata`);
    else if (r.mismatch) problems.push(`${source}: ${r.mismatch}`);
  }
  assert.equal(problems, []);
});

test("constructs it does not implement and every error are left to jsonata", async () => {
  const problems: string[] = [];
  for (const source of LEFT) {
    const r = await compare(source, data);
    if (r.fast) problems.push(`${source}: the fast evaluator answered${r.mismatch ? ` (${r.mismatch})` : ""}`);
  }
  assert.equal(problems, []);
});

test("inputs that are arrays, scalars or missing", async () => {
  const problems: string[] = [];
  const inputs: unknown[] = [[1, 2, 3], [{ a: 1 }, { a: 2 }], [], "text", 5, null, undefined, [[1], [2, 3]]];
  const sources = ["$", "$$", "$[0]", "a", "$.a", "$count($)", "$[$ > 1]", "$string()", "$uppercase()", "[$]", "{'k': $}", "$$[1]", "$sort($)", "$.$"];
  for (const input of inputs) {
    for (const source of sources) {
      const r = await compare(source, input);
      if (r.mismatch) problems.push(`${source} over ${JSON.stringify(input)}: ${r.mismatch}`);
    }
  }
  assert.equal(problems, []);
});

test("grouping over a guarded empty IR list gives jsonata's value", async () => {
  const ir = { routes: [] as unknown[] };
  guardEmptyArrays(ir);
  for (const source of ["routes{'k': 1}", "routes{ 'n': $count($) }"]) {
    const r = await compare(source, ir, {}, false);
    assert.ok(r.fast, source);
    assert.is(r.mismatch, "", source);
  }
});

test("bound JavaScript functions are called; asynchronous ones are left to jsonata", async () => {
  const twice = (x: number): number => x * 2;
  assert.equal(await compare("$twice(4) + 1", {}, { twice }), { fast: true, mismatch: "" });
  const later = (x: number): Promise<number> => Promise.resolve(x * 2);
  assert.equal(await compare("$later(4) + 1", {}, { later }), { fast: false, mismatch: "" });
});

test.run();

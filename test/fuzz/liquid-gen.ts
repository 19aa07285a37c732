/**
 * Generated Liquid templates for fuzzing compiled Liquid (engine/render/compiled.ts) against
 * liquidjs: outputs with chains of filters (with positional and keyword arguments, some of the
 * wrong type), variables that exist and that do not, indexes and size/first/last, literals
 * (nil, empty, blank, ranges), every operator, and the tags (if/elsif/else, unless, case with
 * several values, for with else and forloop, assign, capture, comment, render with arguments,
 * and tags compiled.ts leaves to liquidjs), nested, with whitespace control on either side.
 */
import fc from "fast-check";

type Arb = fc.Arbitrary<string>;

const pick = (...xs: string[]): Arb => fc.constantFrom(...xs);
const join = (...parts: Arb[]): Arb => fc.tuple(...parts).map((p) => p.join(""));
const opt = (a: Arb): Arb => fc.oneof(fc.constant(""), a);

// Most names exist in the scope; loop variables and assigned ones only sometimes; some never.
const root = fc.oneof(
  {
    arbitrary: pick(
      "s",
      "empty",
      "n",
      "zero",
      "f",
      "t",
      "no",
      "z",
      "list",
      "none",
      "nums",
      "people",
      "o",
      "obj",
      "key",
      "idx",
      "nested",
    ),
    weight: 8,
  },
  { arbitrary: pick("i", "x", "p", "c", "forloop", "missing"), weight: 2 },
);
const prop = pick(
  ".k",
  ".size",
  ".first",
  ".last",
  ".name",
  ".tags",
  ".inner",
  ".deep",
  "[0]",
  "[-1]",
  "[1]",
  "[idx]",
  "[key]",
  "['k']",
  ".missing",
  ".index",
  ".length",
  ".age",
  ".next",
  ".index0",
  ".rindex",
);
const variable: Arb = join(
  root,
  fc.oneof(
    { arbitrary: fc.constant(""), weight: 2 },
    { arbitrary: fc.array(prop, { minLength: 1, maxLength: 2 }).map((p) => p.join("")), weight: 1 },
  ),
);
const literal = pick(
  "'Hello'",
  "'ell'",
  "''",
  "'a,b'",
  "1",
  "3",
  "-1",
  "2.5",
  "true",
  "false",
  "nil",
  "empty",
  "blank",
  "(1..3)",
  "(n..4)",
);
const operand: Arb = fc.oneof({ arbitrary: variable, weight: 3 }, { arbitrary: literal, weight: 2 });

const filter = fc.oneof(
  pick(
    "upcase",
    "downcase",
    "capitalize",
    "size",
    "first",
    "last",
    "reverse",
    "sort",
    "uniq",
    "compact",
    "join",
    "pascal",
    "camel",
    "snake",
    "kebab",
    "upper_first",
    "json",
    "escape",
    "strip",
    "lower",
    "upper",
    "unique",
    "basename",
    "quote",
    "c_string",
    "line_comment",
    "block_comment",
    "yaml_string",
    "md_inline",
    "md_code",
  ),
  join(
    pick(
      "append: ",
      "prepend: ",
      "remove_first: ",
      "split: ",
      "join: ",
      "default: ",
      "plus: ",
      "minus: ",
      "times: ",
      "trim_suffix: ",
      "trim_prefix: ",
      "map: ",
      "where: ",
    ),
    operand,
  ),
  join(pick("replace: ", "slice: ", "regex_replace: "), operand, pick(", "), operand),
  join(pick("raw_string: "), pick("'`'", "'|'", "''")),
  join(pick("default: "), operand, pick(", allow_false: true", "")),
  join(pick("where_exp: "), pick("'p', 'p.age > 26'", "'p', 'p.name == \"ann\"'", "'p', 'p.missing'")),
);
const value: Arb = join(
  operand,
  fc.array(join(pick(" | "), filter), { maxLength: 3 }).map((f) => f.join("")),
);

const comparison = fc.oneof(
  operand,
  join(operand, pick(" == ", " != ", " > ", " < ", " >= ", " <= ", " contains "), operand),
);
const condition: Arb = fc.oneof(
  { arbitrary: comparison, weight: 4 },
  { arbitrary: join(comparison, pick(" and ", " or "), comparison), weight: 2 },
  { arbitrary: join(pick("not "), operand), weight: 1 },
  { arbitrary: join(comparison, pick(" and ", " or "), comparison, pick(" or ", " and "), comparison), weight: 1 },
);

const open = pick("{%", "{%-");
const close = pick("%}", "-%}");
const tag = (body: Arb): Arb => join(open, pick(" "), body, pick(" "), close);
const text = pick("a", "b ", "\n", "  x\n", "", "-");

/** A template of at most `depth` levels of nested tags. */
export function liquidTemplate(depth: number): Arb {
  const leaf: Arb = fc.oneof(
    { arbitrary: text, weight: 6 },
    { arbitrary: join(pick("{{", "{{-"), pick(" "), value, pick(" "), pick("}}", "-}}")), weight: 12 },
    { arbitrary: tag(join(pick("assign "), pick("x", "s", "c"), pick(" = "), value)), weight: 3 },
    { arbitrary: join(pick("{% comment %}"), value, pick("{% endcomment %}")), weight: 3 },
    {
      arbitrary: join(pick('{% render "greet", who: '), operand, opt(join(pick(", extra: "), operand)), pick(" %}")),
      weight: 3,
    },
    {
      arbitrary: join(pick('{% render "typeref", t: '), pick("type", "type.elem", "o", "missing"), pick(" %}")),
      weight: 3,
    },
    {
      arbitrary: pick(
        "{% increment c %}",
        "{% raw %}{{ x }}{% endraw %}",
        "{% cycle 'a', 'b' %}",
        '{% include "greet" %}',
      ),
      weight: 1,
    },
  );
  if (depth === 0) return leaf;
  const inner = fc.array(liquidTemplate(depth - 1), { maxLength: 3 }).map((xs) => xs.join(""));
  const block: Arb = fc.oneof(
    join(
      tag(join(pick("if "), condition)),
      inner,
      opt(join(tag(join(pick("elsif "), condition)), inner)),
      opt(join(tag(pick("else")), inner)),
      tag(pick("endif")),
    ),
    join(
      tag(join(pick("unless "), condition)),
      inner,
      opt(join(tag(join(pick("elsif "), condition)), inner)),
      opt(join(tag(pick("else")), inner)),
      tag(pick("endunless")),
    ),
    join(
      tag(join(pick("case "), value)),
      fc
        .array(join(tag(join(pick("when "), operand, opt(join(pick(", ", " or "), operand)))), inner), {
          minLength: 1,
          maxLength: 3,
        })
        .map((b) => b.join("")),
      opt(join(tag(pick("else")), inner)),
      tag(pick("endcase")),
    ),
    join(
      tag(
        join(pick("for "), pick("i", "x", "s", "p"), pick(" in "), operand, pick("", "", "", " limit: 2", " reversed")),
      ),
      inner,
      opt(join(tag(pick("else")), inner)),
      tag(pick("endfor")),
    ),
    join(tag(join(pick("capture "), pick("x", "s", "c"))), inner, tag(pick("endcapture"))),
  );
  return fc
    .oneof({ arbitrary: leaf, weight: 3 }, { arbitrary: block, weight: 2 })
    .chain((first) => inner.map((rest) => first + rest));
}

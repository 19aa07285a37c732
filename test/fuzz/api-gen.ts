/**
 * Generated .api texts that follow the language (parser.ts) with every freedom it leaves:
 * comments and line ends between tokens where they are allowed, each type and member form,
 * each annotation and value form. Most parse; where a choice makes a text invalid (a comment
 * in a struct member line, a line end inside a short string), the parser must refuse it with
 * a diagnostic, never a crash.
 */
import fc from "fast-check";

const pick = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const join = (...parts: fc.Arbitrary<string>[]): fc.Arbitrary<string> => fc.tuple(...parts).map((p) => p.join(""));
const lit = (s: string): fc.Arbitrary<string> => fc.constant(s);
const opt = (a: fc.Arbitrary<string>): fc.Arbitrary<string> => fc.oneof(lit(""), a);
const list = (a: fc.Arbitrary<string>, sep: fc.Arbitrary<string>, max: number): fc.Arbitrary<string> =>
  fc.array(fc.tuple(a, sep), { maxLength: max }).map((xs) => xs.map(([x, s]) => x + s).join(""));

/** What the parser skips between tokens of a statement. */
const sp = pick("", " ", "\n", "\t", " /* c */ ", " // c\n", "\r\n", "\u000b", "\n\n  ");
const sp1 = pick(" ", "\n", "\t", " /* c */ ", " // c\n", "\r\n");
/** Blanks allowed inside a line (struct members, type expressions). */
const hsp = pick("", "", " ", "\t", "/* c */", " /* ` */ ");
const hsp1 = pick(" ", "\t", " /* c */ ");
const gap = pick("", "\n", "\n\t", " ", ";", "/* c */", "// c\n", "\r\n");

const name = pick("A", "B", "Req", "_x", "x1", "get", "mapping", "interfaceX", "structs", "type");
const str = pick('"v1"', '""', '"a b"', '"x\\"y"', '"tab\\t\\\\"', '"a\\\nb"', '"\u{1F600}"');
const longStr = fc.oneof(str, pick('"line1\nline2"', '"x\r\ny"'));
const rawStr = pick("`raw`", "``", '`json:"x"`', "`a\nb`");
const bare = pick("true", "1.0", "/api/v1", "a b c", "Auth", "x/* c */y", "A,B", "v /* c */ w", "doc title here");
const key = pick("title", "jwt", "prefix", "group", "a.b-c", "summary", "x_y");

const pair = join(key, sp, lit(":"), sp, fc.oneof(longStr, rawStr, bare));
const pairs = list(pair, sp1, 4);

const tag = opt(join(hsp, rawStr));

/** A type expression; `depth` bounds the nesting. */
function typeExpr(depth: number): fc.Arbitrary<string> {
  const named = pick("int", "string", "Foo", "mapX", "interfaceY", "structs", "A");
  if (depth <= 0) return named;
  const t = typeExpr(depth - 1);
  return fc.oneof(
    { arbitrary: named, weight: 4 },
    join(lit("*"), t),
    join(lit("["), hsp, lit("]"), t),
    join(lit("["), hsp, lit("..."), hsp, lit("]"), t),
    join(lit("["), hsp, pick("0", "3", "0010", "9".repeat(400)), hsp, lit("]"), t),
    join(lit("map"), hsp, lit("["), hsp, t, hsp, lit("]"), hsp, t),
    join(lit("interface"), hsp, lit("{"), hsp, lit("}")),
    structBody(depth - 1),
  );
}

function structBody(depth: number): fc.Arbitrary<string> {
  const member = fc.oneof(
    join(name, hsp1, typeExpr(depth), tag, hsp),
    join(opt(lit("*")), name, tag, hsp),
    ...(depth > 0
      ? [
          join(name, hsp, structBody(depth - 1), tag, hsp),
          join(name, hsp1, lit("struct"), hsp, structBody(depth - 1), tag, hsp),
        ]
      : []),
  );
  const end = pick("\n", ";", "\r\n", " // c\n", "\n\n");
  return join(lit("{"), gap, list(join(member, end, gap), lit(""), 4), opt(join(member)), lit("}"));
}

const typeSpec = join(
  name,
  fc.oneof(
    join(sp, lit("="), sp, typeExpr(2)),
    join(opt(join(sp, lit("struct"))), sp, structBody(2)),
    join(sp1, typeExpr(2)),
  ),
);
const route = join(
  list(
    fc.oneof(
      join(lit("@doc"), sp, str),
      join(lit("@doc"), sp, lit("("), sp, str, sp, lit(")")),
      join(lit("@doc"), sp, lit("("), sp, pairs, lit(")")),
      join(lit("@handler"), sp1, name),
      join(lit("@server"), sp, lit("("), sp, pairs, lit(")")),
    ),
    sp1,
    3,
  ),
  pick("get", "post", "put", "delete", "patch", "head", "options", "connect", "trace"),
  sp1,
  pick("/", "/x", "/a/:id", "/a/b-c.d", "/x/:", "/:a/:b~c+d%e@f!g$h&i,j=k", "//"),
  opt(join(sp, lit("("), sp, opt(typeExpr(1)), sp, lit(")"))),
  opt(join(sp, lit("returns"), sp, lit("("), sp, opt(typeExpr(1)), sp, lit(")"))),
  opt(join(sp, lit(";"))),
);

const statement = fc.oneof(
  join(lit("syntax"), sp, lit("="), sp, str),
  join(lit("info"), sp, lit("("), sp, pairs, lit(")")),
  join(lit("import"), sp1, str),
  join(lit("import"), sp, lit("("), sp, list(str, sp1, 3), lit(")")),
  join(lit("type"), sp1, typeSpec),
  join(lit("type"), sp, lit("("), sp, list(typeSpec, sp1, 3), lit(")")),
  join(
    opt(join(lit("@server"), sp, lit("("), sp, pairs, lit(")"), sp)),
    lit("service"),
    sp1,
    pick("s", "a-b", "_x1"),
    sp,
    lit("{"),
    sp,
    list(route, sp1, 3),
    lit("}"),
  ),
);

/** A whole file: statements separated by blanks, line ends or comments. */
export const generatedApi: fc.Arbitrary<string> = join(sp, list(statement, sp1, 5));

/** The descriptors' nesting limits (engine/descriptors/nesting.ts), found before a reader recurses. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { PREFIX_CHAIN_LIMIT, NESTING_LIMIT, tooDeep } from "../../engine/descriptors/nesting.js";

const chain = (n: number, gap: string): string => `type T { F ${Array.from({ length: n }, () => "[]").join(gap)}int }`;

test("a chain of type prefixes counts across any white space, and restarts after anything else", () => {
  assert.is(tooDeep(chain(PREFIX_CHAIN_LIMIT, " ")), null);
  for (const gap of [" ", "\t", "\n", "\r\n", "\v\f", "\u00a0", "\u2003", "\u3000"]) {
    assert.match(tooDeep(chain(PREFIX_CHAIN_LIMIT + 1, gap))?.what ?? "", /type prefixes/, JSON.stringify(gap));
  }
  // A letter (or any other character) between prefixes ends the chain.
  assert.is(tooDeep(chain(PREFIX_CHAIN_LIMIT + 1, "x")), null);
  assert.is(tooDeep(`${"*".repeat(PREFIX_CHAIN_LIMIT)}a${"*".repeat(PREFIX_CHAIN_LIMIT)}`), null);
  assert.ok(tooDeep("*".repeat(PREFIX_CHAIN_LIMIT + 1)));
});

test("map[K], [N] and [...] are prefixes too; a map key's prefixes count with those before its map", () => {
  for (const prefix of ["map[string]", "map [ string ] ", "[5]", "[ 12 ]", "[...]", "[ ]"]) {
    assert.is(tooDeep(`type T { F ${prefix.repeat(PREFIX_CHAIN_LIMIT)}int }`), null, prefix);
    assert.match(
      tooDeep(`type T { F ${prefix.repeat(PREFIX_CHAIN_LIMIT + 1)}int }`)?.what ?? "",
      /type prefixes/,
      prefix,
    );
  }
  assert.ok(
    tooDeep(`type T { F **map[${"*".repeat(PREFIX_CHAIN_LIMIT - 1)}K]int }`),
    "the key's prefixes after those before its map",
  );
  assert.is(tooDeep(`type T { F **map[${"*".repeat(PREFIX_CHAIN_LIMIT - 2)}K]int }`), null);
  // A word ending in "map" is a name, and a name ends the chain.
  assert.is(tooDeep(`type T { F ${"[]Bitmap[2]".repeat(PREFIX_CHAIN_LIMIT)}int }`), null);
  // A brace or parenthesis starts a fresh chain inside, and the chain ends at its close.
  assert.is(
    tooDeep(`${"*".repeat(PREFIX_CHAIN_LIMIT)}{${"*".repeat(PREFIX_CHAIN_LIMIT)}}${"*".repeat(PREFIX_CHAIN_LIMIT)}`),
    null,
  );
});

test("nesting deeper than the limit, outside strings and comments", () => {
  assert.is(tooDeep("(".repeat(NESTING_LIMIT)), null);
  assert.is(tooDeep("(".repeat(NESTING_LIMIT + 1))?.offset, NESTING_LIMIT);
  assert.is(tooDeep(`"${"(".repeat(NESTING_LIMIT + 1)}"`), null);
  assert.is(tooDeep(`// ${"(".repeat(NESTING_LIMIT + 1)}\nx`), null);
  assert.is(tooDeep(`/* ${"{".repeat(NESTING_LIMIT + 1)} */`), null);
});

test.run();

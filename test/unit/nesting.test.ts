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

test("nesting deeper than the limit, outside strings and comments", () => {
  assert.is(tooDeep("(".repeat(NESTING_LIMIT)), null);
  assert.is(tooDeep("(".repeat(NESTING_LIMIT + 1))?.offset, NESTING_LIMIT);
  assert.is(tooDeep(`"${"(".repeat(NESTING_LIMIT + 1)}"`), null);
  assert.is(tooDeep(`// ${"(".repeat(NESTING_LIMIT + 1)}\nx`), null);
  assert.is(tooDeep(`/* ${"{".repeat(NESTING_LIMIT + 1)} */`), null);
});

test.run();

/**
 * The interactive name question of `codegen new`: Enter on an empty line takes the default the
 * prompt shows; a typed name must still be a name.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { nameProblem } from "../../engine/cli/prompt.js";

const test = suite("name prompt");

test("Enter alone accepts the shown default", () => {
  assert.is(nameProblem("", "demo"), undefined);
  assert.is(nameProblem(undefined, "demo"), undefined);
});

test("a typed name is checked, not the default", () => {
  assert.is(nameProblem("shop-api", "demo"), undefined);
  assert.match(nameProblem("1shop", "demo") ?? "", /start with a letter/);
  assert.match(nameProblem("a b", "demo") ?? "", /letters, digits/);
});

test.run();

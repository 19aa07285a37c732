/** Regression: jsonata group-by on an empty IR array used to turn it into [undefined] for every later rule. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { evaluate, evaluateList, guardEmptyArrays } from "../../engine/plan/jsonata.js";

const span = { file: "rules.yaml", line: 1, column: 1 };

test("grouping an empty array leaves the IR as it was", async () => {
  const ir = { api: { routes: [] as unknown[], types: [] as unknown[] } };
  guardEmptyArrays(ir);
  await evaluate("api.routes{ group: [$] }", ir, {}, span);
  await evaluate("($t := api.types{ name: $ }; $keys($t))", ir, {}, span);
  assert.equal(await evaluateList("api.routes", ir, {}, span), []);
  assert.is(JSON.stringify(ir), '{"api":{"routes":[],"types":[]}}');
});

test("non-empty arrays still group normally", async () => {
  const ir = { api: { routes: [{ group: "a" }, { group: "a" }, { group: "b" }] } };
  guardEmptyArrays(ir);
  assert.equal(await evaluate("$keys(api.routes{ group: [$] })", ir, {}, span), ["a", "b"]);
});

test("a value that contains itself ends the walk instead of the process", () => {
  const loop: Record<string, unknown> = { empty: [] };
  loop["self"] = loop;
  loop["again"] = loop;
  guardEmptyArrays(loop);
  assert.is((loop["empty"] as unknown[]).push(1), 0);
});

test("empty lists deeper than the tree walk goes are guarded too", () => {
  const top: Record<string, unknown> = {};
  let at = top;
  for (let i = 0; i < 500; i++) at = (at["next"] = {}) as Record<string, unknown>;
  at["empty"] = [];
  guardEmptyArrays({ shallow: [], top });
  assert.is((at["empty"] as unknown[]).push(1), 0);
});

test.run();

/**
 * Fuzzing compiled Liquid (engine/render/compiled.ts) against liquidjs: templates generated
 * from liquid-gen.ts over one realistic scope. Whenever the compiled form gives a text it is
 * liquidjs's; where liquidjs fails the compiled form fails too (the Renderer then renders with
 * liquidjs and reports its error). A good share of the templates must be ones it renders, else
 * the fuzz would pass by its declining everything.
 * `npm test` runs fixed seeds, `npm run fuzz` a random one (see harness.ts); FUZZ_SEED=<n> repeats a run, FUZZ_RUNS=<n> changes its size.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { LiquidPair, liquidScope } from "../support/liquid-diff.js";
import { liquidTemplate } from "./liquid-gen.js";
import { fuzzSeeds, RUNS } from "./harness.js";

const scope = liquidScope();

const pair = new LiquidPair({
  greet: "Hi {{ who }}{% if extra %} ({{ extra | upcase }}){% endif %}{% for i in who %}.{% endfor %}",
  typeref:
    '{%- case t.kind -%}{%- when "named" -%}{{ t.name | upper_first }}{%- when "pointer" -%}*{% render "typeref", t: t.elem %}{%- when "slice" -%}[]{% render "typeref", t: t.elem %}{%- endcase -%}',
});

for (const SEED of fuzzSeeds()) {
  test(`compiled Liquid renders as liquidjs or declines (seed ${SEED})`, () => {
    let rendered = 0;
    let liquidOk = 0;
    const result = fc.check(
      fc.property(liquidTemplate(2), (source) => {
        const r = pair.render(source, scope);
        if (r.liquid.ok) liquidOk++;
        if (r.compiled === "unsupported" || !r.compiled.ok) return true;
        rendered++;
        if (JSON.stringify(r.compiled) !== JSON.stringify(r.liquid))
          throw new Error(
            `${JSON.stringify(source)}: compiled ${JSON.stringify(r.compiled)}, liquidjs ${JSON.stringify(r.liquid)}`,
          );
        return true;
      }),
      { seed: SEED, numRuns: Math.min(RUNS, 3000) },
    );
    if (result.failed)
      assert.unreachable(
        `FUZZ_SEED=${SEED}: ${String(result.errorInstance ?? "")}\ncounterexample: ${JSON.stringify(result.counterexample)}`,
      );
    assert.ok(
      rendered / liquidOk > 0.8,
      `the compiled form rendered only ${rendered} of the ${liquidOk} templates liquidjs renders`,
    );
  });
}

test.run();

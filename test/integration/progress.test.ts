/** Slow steps say that they run: one line each when not on a terminal, nothing with --quiet or from the cache. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("progress lines");
const pack = join(import.meta.dirname, "../../../test/fixtures/packs/two-steps");

test("a step that runs prints a progress line on stderr; --quiet and cache hits print none", () => {
  const env = { CODEGEN_CACHE_DIR: scratch("progress-cache") };
  const quiet = codegen(
    ["gen", "--pack", pack, "--trust", "--quiet"],
    makeProject({ "desc/api/demo.api": smallApi }),
    env,
  );
  assert.is(quiet.code, 0, quiet.stderr);
  assert.is(quiet.stderr, "");
  const dir = makeProject({ "desc/api/demo.api": smallApi.replace("get /things returns", "get /more returns") });
  const r = codegen(["gen", "--pack", pack, "--trust"], dir, env);
  assert.is(r.code, 0, r.stderr);
  assert.match(
    r.stderr,
    /^codegen: running before \(sh\)\ncodegen: running upper \(sed on 1 file\)\n$/,
    JSON.stringify(r.stderr),
  );
  const again = codegen(["gen", "--pack", pack, "--trust"], dir, env);
  assert.not.match(again.stderr, /running upper/, "the formatter's outputs came from the cache");
});

test.run();

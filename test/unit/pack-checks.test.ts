/**
 * The go-zero pack's model checks over many tables: each clash is reported once, at the later
 * table, naming the first earlier table it clashes with and the first name they share.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { join } from "node:path";
import { runChecks } from "../../engine/checks/index.js";
import { loadPack } from "../../engine/packs/index.js";
import { bindFunctions } from "../../engine/plan/index.js";
import { repoRoot } from "../support/paths.js";

const test = suite("go-zero pack checks");

test("SQL_NAME_CLASH over a dozen tables", async () => {
  const pack = await loadPack(join(repoRoot, "template-packs/go-zero"), repoRoot);
  const names = ["user", "orders", "user_model", "Order", "order", "users", "db", "d_b", "query", "query_row", "userModel", "x"];
  const ir = { sql: { tables: names.map((name, i) => ({ name, pos: { file: "desc/sql/s.sql", line: i + 1, column: 1 } })) } };
  const bindings = await bindFunctions(pack, { ir, project: {}, config: {} });
  const found = await runChecks(ir, pack.checkDirs, { bindings });
  assert.equal(
    found.map((d) => `${d.span?.line}: ${d.message}`),
    [
      "3: table user_model would declare UserModel, which table user declares too; the model package would not compile",
      "5: table order would declare Order, which table Order declares too; the model package would not compile",
      "8: table d_b would declare DBRow, which table db declares too; the model package would not compile",
      "10: table query_row would declare QueryRow, which table query declares too; the model package would not compile",
      "11: table userModel would declare UserModel, which table user declares too; the model package would not compile",
    ],
  );
});

test.run();

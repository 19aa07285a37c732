/**
 * Attack class: a PostgreSQL datasource's `search_path` as a connection option. A cloned
 * `.codegen.yaml` names the datasource; its `search_path` is sent as the startup option
 * `-c search_path=<value>`, which the server splits at white space. A tab or newline in the
 * value must stay part of the schema name (which the server may then refuse), never start
 * another `-c setting=value`.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { connect } from "../../engine/descriptors/sql/index.js";

const test = suite("attacks: PostgreSQL startup options");
const SERVER = process.env["CODEGEN_TEST_POSTGRES"] ?? "postgres://postgres@127.0.0.1:5432/test";

for (const space of ["\t", "\n", "\r", "\v", "\f"]) {
  test(`a ${JSON.stringify(space)} in search_path sets no other option`, async () => {
    const u = new URL(SERVER);
    u.searchParams.set("search_path", `x${space}-c${space}application_name=pwned`);
    let s;
    try {
      s = await connect(u.toString());
    } catch (e) {
      // The server took the whole value as the search path, and refused it.
      assert.instance(e, CodegenError);
      assert.match((e as Error).message, /SQL_CONNECT .*invalid value for parameter "search_path"/);
      return;
    }
    try {
      const [app] = await s.query("SHOW application_name");
      assert.is.not(app?.["application_name"], "pwned");
      const [path] = await s.query("SHOW search_path");
      assert.match(String(path?.["search_path"]), /application_name=pwned/, "the whole value is the search path");
    } finally {
      await s.close();
    }
  });
}

test.run();

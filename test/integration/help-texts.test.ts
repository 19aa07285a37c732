/**
 * `codegen`, `codegen --help` and `codegen <command> --help` print the text the build stored from
 * the bundle (scripts/help-texts.mjs) without loading the CLI: the same text the CLI prints, and
 * never a text stored for another bundle.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { codegen } from "../support/cli.js";
import { repoRoot, scratch } from "../support/paths.js";

const helpFile = join(repoRoot, "dist/bundle/help.json");
type Stored = { bundle: string; texts: Record<string, { stdout: string; code: number }> };

test("every stored text is what the CLI itself prints, and what codegen shows", () => {
  const stored = JSON.parse(readFileSync(helpFile, "utf8")) as Stored;
  const keys = Object.keys(stored.texts);
  for (const k of ["", "--help", "-h", "gen --help", "new --help", "migrate -h"])
    assert.ok(keys.includes(k), `stored: "${k}"`);
  // The compiled CLI (not the bundle the texts came from), run for every stored argv.
  const script = `
    import { main } from ${JSON.stringify(pathToFileURL(join(repoRoot, "dist/engine/cli/main.js")).href)};
    const out = {};
    const write = process.stdout.write.bind(process.stdout);
    for (const key of ${JSON.stringify(keys)}) {
      let text = "";
      process.stdout.write = (c) => ((text += String(c)), true);
      const code = await main(key === "" ? [] : key.split(" "), { info: (l) => (text += l + "\\n"), error: (l) => (text += "ERR " + l + "\\n") });
      process.stdout.write = write;
      out[key] = { stdout: text, code };
    }
    write(JSON.stringify(out));`;
  const direct = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
  assert.is(direct.status, 0, direct.stderr);
  assert.equal(JSON.parse(direct.stdout), stored.texts);
  const dir = scratch("help");
  for (const key of keys) {
    const shown = codegen(key === "" ? [] : key.split(" "), dir);
    assert.is(shown.stdout, stored.texts[key]!.stdout, key);
    assert.is(shown.code, stored.texts[key]!.code, key);
  }
});

test("the stored text is what codegen shows for this bundle, and never for another", () => {
  const original = readFileSync(helpFile);
  const stored = JSON.parse(original.toString("utf8")) as Stored;
  try {
    writeFileSync(
      helpFile,
      JSON.stringify({ bundle: stored.bundle, texts: { "--help": { stdout: "stored\n", code: 3 } } }),
    );
    const used = codegen(["--help"], scratch("help"));
    assert.is(used.stdout, "stored\n");
    assert.is(used.code, 3);
    // The bundle's stat with another change time: a bundle written again since.
    const other = stored.bundle.replace(/:[^:]+$/, (ctime) => `:${Number(ctime.slice(1)) + 1}`);
    writeFileSync(helpFile, JSON.stringify({ bundle: other, texts: { "--help": { stdout: "stale\n", code: 3 } } }));
    const shown = codegen(["--help"], scratch("help"));
    assert.is(shown.code, 0);
    assert.is(shown.stdout, stored.texts["--help"]!.stdout);
  } finally {
    writeFileSync(helpFile, original);
  }
});

test.run();

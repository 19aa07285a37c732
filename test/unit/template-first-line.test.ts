/**
 * A line someone adds on top of a copied built-in template (a comment, a build tag) stays a line
 * of its own. Liquid's `{%-` / `{{-` trims the whitespace of the literal text just before the tag,
 * so only a file's first tag could reach back into an added line and eat its newline (a comment
 * would then swallow `package`); later trimming tags only meet the template's own text.
 * Partials (`_*.liquid`) are rendered inside other lines and are not concerned.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Renderer } from "../../engine/render/index.js";
import { repoRoot } from "../support/paths.js";

const test = suite("first line of a template");
const packs = join(repoRoot, "template-packs");

function topLevelTemplates(): string[] {
  return readdirSync(packs, { recursive: true, withFileTypes: true })
    .filter(
      (e) =>
        e.isFile() &&
        e.name.endsWith(".liquid") &&
        !e.name.startsWith("_") &&
        e.parentPath.split(/[\\/]/).includes("templates"),
    )
    .map((e) => join(e.parentPath, e.name));
}

test("no built-in template starts with a tag that trims what comes before it", () => {
  const files = topLevelTemplates();
  assert.ok(files.length > 20, `found ${files.length} templates`);
  const trimming = files.filter((f) => /^\{[{%]-/.test(readFileSync(f, "utf8"))).map((f) => relative(repoRoot, f));
  assert.equal(trimming, []);
});

test("that is what keeps an added line: a leading trimming tag eats its newline, a plain one does not", async () => {
  const renderer = new Renderer([]);
  assert.is(await renderer.renderString("// added\n{%- assign x = 1 -%}\npackage p\n", {}), "// addedpackage p\n");
  assert.is(await renderer.renderString("// added\n{% assign x = 1 -%}\npackage p\n", {}), "// added\npackage p\n");
});

test.run();

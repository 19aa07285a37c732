/** `template list` names the file each template really comes from, so it can be copied to override it. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("template list");

function listing(): string {
  const work = scratch("template-list");
  const pack = join(work, "team-pack");
  mkdirSync(join(pack, "templates/api"), { recursive: true });
  writeFileSync(join(pack, "pack.yaml"), "name: team\nextends: go-zero\n");
  writeFileSync(join(pack, "templates/api/logic.go.liquid"), "package logic\n");
  const dir = join(work, "svc");
  mkdirSync(dir);
  writeFileSync(join(dir, ".codegen.yaml"), "name: svc\nmodule: example.com/svc\nframe: api\npack: ../team-pack\n");
  return codegenOk(["template", "list"], dir).stdout;
}

test("each built-in template and static file is shown at its path, which exists", () => {
  const out = listing();
  const main = /^\s+main\s+rule from go-zero\s+project\/main\.go\.liquid\s+template from (\S+) \(built-in\)$/m.exec(out);
  assert.ok(main, out);
  assert.ok(main[1]!.endsWith("/templates/project/main.go.liquid"), main[1]);
  assert.ok(existsSync(main[1]!), `${main[1]} does not exist`);
  const ignore = /^\s+gitignore\s+rule from go-zero\s+gitignore\s+file from (\S+) \(built-in\)$/m.exec(out);
  assert.ok(ignore, out);
  assert.ok(existsSync(ignore[1]!), `${ignore[1]} does not exist`);
});

test("an overriding template is shown at its path in the user's pack, with how to override", () => {
  const out = listing();
  assert.match(out, /^\s+api-logic\s+rule from go-zero\s+api\/logic\.go\.liquid\s+template from \.\.\/team-pack\/templates\/api\/logic\.go\.liquid$/m);
  assert.match(out, /copy it to templates\/<same path> in a pack of your own/);
});

test.run();

/** `template init`, override one template, gen: the project builds and carries the new text. */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { checkGoProject } from "../support/go.js";
import { repoRoot, scratch } from "../support/paths.js";

const test = suite("template init and one overridden template");
const work = scratch("tpl-init");
test.after(() => rmSync(work, { recursive: true, force: true }));

test("init extends the built-in pack; overriding logic.go.liquid changes new logic files; it builds", () => {
  codegenOk(["new", "svc"], work);
  const dir = join(work, "svc");
  assert.match(
    codegenOk(["template", "init", "--output", "../team-pack"], dir).stdout,
    /created \.\.\/team-pack \(extends go-zero\)/,
  );
  const pack = join(work, "team-pack");
  assert.match(readFileSync(join(pack, "README.md"), "utf8"), /## Change one file/);
  const original = readFileSync(join(repoRoot, "template-packs/go-zero/templates/api/logic.go.liquid"), "utf8");
  mkdirSync(join(pack, "templates/api"), { recursive: true });
  // The README's worked example: a comment line on top of the copied template.
  writeFileSync(
    join(pack, "templates/api/logic.go.liquid"),
    `// Team rule: log every call with its request id.\n${original}`,
  );
  assert.match(codegenOk(["template", "lint", pack], dir).stdout, /pack ok/);
  writeFileSync(join(dir, ".codegen.yaml"), readFileSync(join(dir, ".codegen.yaml"), "utf8") + "pack: ../team-pack\n");
  const api = join(dir, "desc/api/svc.api");
  writeFileSync(
    api,
    readFileSync(api, "utf8").replace(/\n}\s*$/, "\n\n\t@handler status\n\tget /status returns (PingResponse)\n}\n"),
  );
  codegenOk(["gen"], dir);
  assert.match(
    readFileSync(join(dir, "internal/logic/statuslogic.go"), "utf8"),
    /\/\/ Team rule: log every call with its request id\.\npackage logic/,
  );
  // Logic files nobody edited are still generated code: they follow the new template too.
  assert.match(readFileSync(join(dir, "internal/logic/pinglogic.go"), "utf8"), /Team rule/);
  // A pack outside the project is shown at its absolute path (it opens from any folder).
  const listed = /api-logic\s+rule from go-zero\s+api\/logic\.go\.liquid\s+template from (\S+)/.exec(
    codegenOk(["template", "list"], dir).stdout,
  );
  assert.is(listed?.[1], join(pack, "templates/api/logic.go.liquid"));
  checkGoProject(dir);
});

test.run();

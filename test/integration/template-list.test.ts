/**
 * `template list` names the file each template really comes from, so it can be copied to override
 * it. Every path it prints opens from the working folder: relative inside the project, absolute
 * outside it (a relative "../../" path to the installed packs broke wherever the clone sat).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("template list");

interface Project {
  work: string;
  dir: string;
}

function project(): Project {
  const work = scratch("template-list");
  const pack = join(work, "team-pack");
  mkdirSync(join(pack, "templates/api"), { recursive: true });
  writeFileSync(join(pack, "pack.yaml"), "name: team\nextends: go-zero\n");
  writeFileSync(join(pack, "templates/api/logic.go.liquid"), "package logic\n");
  const dir = join(work, "svc");
  mkdirSync(dir);
  writeFileSync(join(dir, ".codegen.yaml"), "name: svc\nmodule: example.com/svc\nframe: api\npack: ../team-pack\n");
  return { work, dir };
}

function listing(cwd: string): string {
  return codegenOk(["template", "list"], cwd).stdout;
}

/** Every "from <path>" in the listing. */
function shownPaths(out: string): string[] {
  return [...out.matchAll(/ from (\S+?)(?: \(built-in\))?$/gm)].map((m) => m[1]!);
}

test("each built-in template and static file is shown at its absolute path, which exists", () => {
  const { dir } = project();
  const out = listing(dir);
  const main = /^\s+main\s+rule from go-zero\s+project\/main\.go\.liquid\s+template from (\S+) \(built-in\)$/m.exec(
    out,
  );
  assert.ok(main, out);
  assert.ok(isAbsolute(main[1]!), main[1]);
  assert.ok(main[1]!.endsWith("/templates/project/main.go.liquid"), main[1]);
  assert.ok(existsSync(main[1]!), `${main[1]} does not exist`);
  const ignore = /^\s+gitignore\s+rule from go-zero\s+gitignore\s+file from (\S+) \(built-in\)$/m.exec(out);
  assert.ok(ignore, out);
  assert.ok(existsSync(ignore[1]!), `${ignore[1]} does not exist`);
});

test("an overriding template outside the project is shown at its absolute path, with how to override", () => {
  const { work, dir } = project();
  const out = listing(dir);
  const logic = /^\s+api-logic\s+rule from go-zero\s+api\/logic\.go\.liquid\s+template from (\S+)$/m.exec(out);
  assert.ok(logic, out);
  assert.is(logic[1], join(work, "team-pack/templates/api/logic.go.liquid"));
  assert.match(out, /copy it to templates\/<same path> in a pack of your own/);
});

test("every path printed opens from the working folder, from the project or a folder inside it", () => {
  const { dir } = project();
  // A pack inside the project: its files are shown relative to where the user stands.
  const local = join(dir, "pack");
  mkdirSync(join(local, "templates/api"), { recursive: true });
  writeFileSync(join(local, "pack.yaml"), "name: local\nextends: ../../team-pack\n");
  writeFileSync(join(local, "templates/api/handler.go.liquid"), "package handler\n");
  writeFileSync(join(dir, ".codegen.yaml"), "name: svc\nmodule: example.com/svc\nframe: api\npack: ./pack\n");
  const inner = join(dir, "internal/logic");
  mkdirSync(inner, { recursive: true });
  for (const cwd of [dir, inner]) {
    const out = listing(cwd);
    const paths = shownPaths(out);
    assert.ok(paths.length > 10, out);
    for (const p of paths) {
      assert.ok(existsSync(resolve(cwd, p)), `${p} does not open from ${cwd}\n${out}`);
      const inside = resolve(cwd, p).startsWith(dir + "/");
      assert.is(
        isAbsolute(p),
        !inside,
        `${p}: ${inside ? "inside the project, shown absolute" : "outside the project, shown relative"}`,
      );
    }
    assert.ok(
      paths.some((p) => !isAbsolute(p) && p.endsWith("pack/templates/api/handler.go.liquid")),
      out,
    );
  }
});

test.run();

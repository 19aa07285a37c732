/**
 * Attack class: consent given to a command that runs a script of the project. `codegen trust`
 * allows `sh ./tools/hook.sh` as it reads; a later pull that changes `tools/hook.sh` changes
 * what runs. The consent digest covers every file of the project that a command names and that
 * exists, so an edited script asks again and runs nothing until allowed.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot, writeTree } from "../support/files.js";
import { smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("attack: consent and the scripts a command runs");

function user(): { env: Record<string, string>; outside: string } {
  const home = scratch("consent-scripts-home");
  return {
    env: { XDG_CONFIG_HOME: join(home, "config"), CODEGEN_CACHE_DIR: join(home, "cache"), CI: "" },
    outside: join(home, "outside"),
  };
}

/** A cloned project whose hook runs a script of its own. */
function cloned(outside: string, hook = "sh ./tools/hook.sh"): string {
  const dir = writeTree(scratch("consent-scripts"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: api\nhooks:\n  before: [${JSON.stringify(hook)}]\n`,
    "desc/api/demo.api": smallApi,
    "tools/hook.sh": `mkdir -p ${outside} && touch ${outside}/harmless\n`,
  });
  return dir;
}

test("editing a trusted hook's script asks again: the new script does not run", () => {
  const u = user();
  const dir = cloned(u.outside);
  const t = codegenOk(["trust"], dir, u.env);
  assert.match(
    t.stdout,
    /hook \(\.codegen\.yaml hooks\.before\): sh \.\/tools\/hook\.sh {2}\(runs tools\/hook\.sh, sha256 [0-9a-f]{12}\)/,
  );
  codegenOk(["gen"], dir, u.env);
  assert.ok(existsSync(join(u.outside, "harmless")), "the allowed script ran");

  // A pull changes the script, not the command.
  writeFileSync(
    join(dir, "tools/hook.sh"),
    readFileSync(join(dir, "tools/hook.sh"), "utf8") + `touch ${u.outside}/evil\n`,
  );
  const before = snapshot(dir);
  const r = codegen(["gen"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /COMMANDS_NOT_ALLOWED[\s\S]*they changed since you allowed this project[\s\S]*runs tools\/hook\.sh/,
  );
  assert.not.ok(existsSync(join(u.outside, "evil")), "the changed script did not run");
  assert.equal(snapshot(dir), before, "nothing written");

  codegenOk(["trust"], dir, u.env);
  codegenOk(["gen"], dir, u.env);
  assert.ok(existsSync(join(u.outside, "evil")), "allowed again, it runs");
});

test("a script named in other ways (no ./, after another word, an absolute path inside the project) is covered too", () => {
  for (const form of ["bash tools/hook.sh", "cd . && sh tools/hook.sh --quiet", "ABS"]) {
    const u = user();
    const dir = cloned(u.outside);
    const hook = form === "ABS" ? `sh ${join(dir, "tools/hook.sh")}` : form;
    writeFileSync(
      join(dir, ".codegen.yaml"),
      `name: demo\nmodule: example.com/demo\nframe: api\nhooks:\n  before: [${JSON.stringify(hook)}]\n`,
    );
    codegenOk(["trust"], dir, u.env);
    writeFileSync(join(dir, "tools/hook.sh"), `touch ${u.outside}/evil\n`);
    mkdirSync(u.outside, { recursive: true });
    const r = codegen(["gen"], dir, u.env);
    assert.is(r.code, 1, `${form}: ${r.stdout}${r.stderr}`);
    assert.not.ok(existsSync(join(u.outside, "evil")), form);
  }
});

test.run();

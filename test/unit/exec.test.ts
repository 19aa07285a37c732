/**
 * Running programs for steps, tool checks, git and hooks: exit codes, captured output, the
 * environment, and the cases where a program does not run to its own exit (missing, killed,
 * too slow) all come back as results the callers can explain.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { tmpdir } from "node:os";
import { runArgv, runForOutput, runHook } from "../../engine/exec/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";

const test = suite("running programs");
const cwd = tmpdir();

test("a missing program is exit 127 with its name, as the step's hint expects", async () => {
  const r = await runArgv(["codegen-no-such-program", "x"], cwd);
  assert.is(r.exitCode, 127);
  assert.match(r.output, /^codegen-no-such-program: cannot run \(.*ENOENT\)$/);
});

test("exit code and both output streams are kept, without the final newline", async () => {
  const r = await runArgv(["sh", "-c", "echo out; echo err >&2; exit 3"], cwd);
  assert.is(r.exitCode, 3);
  assert.equal(r.output.split("\n").sort(), ["err", "out"]);
  const data = await runForOutput(["sh", "-c", "printf 'a\\nb\\n'; echo noise >&2"], { cwd });
  assert.equal(data, { exitCode: 0, stdout: "a\nb" });
});

test("variables given are added to the environment, not put in its place", async () => {
  const r = await runArgv(["sh", "-c", 'echo "$CODEGEN_TEST_VAR:$PATH"'], cwd, { CODEGEN_TEST_VAR: "set" });
  assert.is(r.output, `set:${process.env["PATH"]}`);
});

test("a program killed or stopped for taking too long is not taken for a normal exit", async () => {
  const killed = await runArgv(["sh", "-c", "kill -9 $$"], cwd);
  assert.is(killed.exitCode, 127);
  assert.match(killed.output, /killed by SIGKILL/);
  const started = Date.now();
  const slow = await runForOutput(["sleep", "10"], { cwd, timeout: 200 });
  assert.is(slow.exitCode, 127);
  assert.ok(Date.now() - started < 5000, "the program was stopped");
});

test("a failing hook is HOOK_FAILED with the hook's exit code", async () => {
  try {
    await runHook("exit 4", cwd, "gen before");
    assert.unreachable("the hook failed");
  } catch (e) {
    if (!(e instanceof CodegenError)) throw e;
    assert.match(e.message, /HOOK_FAILED gen before hook "exit 4" exited with 4/);
    assert.is(e.exitCode, 4);
  }
  await runHook("true", cwd, "gen after");
});

test.run();

/**
 * SIGKILL at random moments of the write phase: whatever the moment, the next codegen command
 * leaves exactly the tree a clean gen makes, or with `recover --rollback`, the old tree.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { cpSync, existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { codegenBin, scratch } from "../support/paths.js";
import { manyRoutesApi, manyRoutesProject, treeHashes } from "../support/many-routes.js";

const test = suite("gen killed while writing");
const ROUTES = 600;
const KILLS = 30;
const seed = Number(process.env["KILL_SEED"] ?? Date.now() % 100000);
let state = seed;
const random = (): number => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const generated = (p: string): boolean => p.startsWith("desc/");

test(`${KILLS} kills of a ${ROUTES}-route gen (seed ${seed}; KILL_SEED to repeat)`, async () => {
  const old = manyRoutesProject(ROUTES);
  const ok = codegen(["gen"], old);
  assert.is(ok.code, 0, ok.stderr);
  const oldTree = treeHashes(old, generated);
  writeFileSync(join(old, "desc/api/demo.api"), manyRoutesApi(ROUTES, "V2"));
  const clean = scratch("kill-clean");
  cpSync(old, clean, { recursive: true });
  // Calibrate: how long staging and applying last here.
  const span = await killAt(clean, "staging", null);
  assert.is(span.code, 0);
  const newTree = treeHashes(clean, generated);

  const landed: Record<string, number> = { "staging or cleanup": 0, applying: 0, done: 0 };
  for (let i = 0; i < KILLS; i++) {
    const dir = scratch(`kill-${i}`);
    rmSync(dir, { recursive: true, force: true });
    cpSync(old, dir, { recursive: true });
    // A third of the kills while new files are staged, the rest while they are renamed into place.
    const at = i % 3 === 0 ? "staging" : "journal";
    const delay = at === "staging" ? random() * span.stagingMs : 0;
    await killAt(dir, at, delay, random());
    const phase = !existsSync(join(dir, ".codegen/tx")) ? "done" : existsSync(join(dir, ".codegen/tx/journal.json")) ? "applying" : "staging or cleanup";
    landed[phase] = (landed[phase] ?? 0) + 1;
    const rollback = i % 3 === 2;
    const next = codegen(rollback ? ["recover", "--rollback"] : ["gen"], dir);
    assert.is(next.code, 0, `kill ${i} (${phase}, ${delay.toFixed(1)} ms): ${next.stderr}`);
    if (phase === "applying") assert.match(next.stderr, rollback ? /rolled it back/ : /finished it/);
    const tree = treeHashes(dir, generated);
    // Killed while applying, a rollback gives the old tree. Otherwise the write had not started
    // (old tree) or had committed (new tree, leftovers being removed): rollback has nothing to undo.
    const committed = JSON.stringify(tree) === JSON.stringify(newTree);
    const want = !rollback ? newTree : phase === "applying" || !committed ? oldTree : newTree;
    assert.equal(tree, want, `kill ${i} at ${delay.toFixed(1)} ms (${phase}), ${rollback ? "rolled back" : "next gen"}`);
    assert.not.ok(Object.keys(tree).some((p) => p.endsWith(".tmp") || p.startsWith(".codegen/tx")), "no temporary file outlives the run");
    rmSync(dir, { recursive: true, force: true });
  }
  // The kills must have exercised recovery, not only the moments before and after the write.
  assert.ok((landed["applying"] ?? 0) >= 10, `kills while applying: ${JSON.stringify(landed)}`);
});

/**
 * Start gen and SIGKILL it during its write phase. "staging": `delayMs` after the staging folder
 * appears (new files are being written aside). "journal": once `fraction` of the staged files
 * have been renamed into place, which is where a dead process leaves a mixed tree. With a null
 * delay, let it finish and measure the staging time.
 */
function killAt(dir: string, at: "staging" | "journal", delayMs: number | null, fraction = 0): Promise<{ code: number | null; stagingMs: number }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [codegenBin, "gen"], { cwd: dir, stdio: "ignore" });
    let staged = 0;
    let journaled = 0;
    let total = 0;
    let exited = false;
    child.on("exit", (code) => {
      exited = true;
      resolve({ code, stagingMs: journaled && staged ? journaled - staged : 0 });
    });
    const tx = join(dir, ".codegen/tx");
    const journal = join(tx, "journal.json");
    const pending = (): number => {
      try {
        return readdirSync(join(tx, "new")).length;
      } catch {
        return 0;
      }
    };
    // Busy polling: a timer cannot place a kill within a millisecond.
    const poll = (): void => {
      if (exited) return;
      if (!staged && existsSync(tx)) staged = performance.now();
      if (staged && !journaled && existsSync(journal)) {
        journaled = performance.now();
        total = pending();
      }
      if (delayMs !== null && at === "staging" && staged) {
        while (performance.now() - staged < delayMs) {
          // spin
        }
        child.kill("SIGKILL");
        return;
      }
      if (delayMs !== null && at === "journal" && journaled && pending() <= total * (1 - fraction)) {
        child.kill("SIGKILL");
        return;
      }
      if (delayMs === null && journaled) return;
      setImmediate(poll);
    };
    poll();
  });
}

test.run();

/**
 * SIGKILL at random moments of the write phase: whatever the moment, the next codegen command
 * leaves exactly the tree a clean gen makes, or with `recover --rollback`, the old tree.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { cpSync, existsSync, type FSWatcher, readdirSync, rmSync, watch, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { codegenBin, scratch } from "../support/paths.js";
import { manyRoutesApi, manyRoutesProject, treeHashes } from "../support/many-routes.js";

const test = suite("gen killed while writing");
const ROUTES = 600;
const KILLS = 30;
// A fixed default keeps `npm test` repeatable; KILL_SEED tries another.
const seed = Number(process.env["KILL_SEED"] ?? 48457);
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
    const phase = !existsSync(join(dir, ".codegen/tx"))
      ? "done"
      : existsSync(join(dir, ".codegen/tx/journal.json"))
        ? "applying"
        : "staging or cleanup";
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
    assert.equal(
      tree,
      want,
      `kill ${i} at ${delay.toFixed(1)} ms (${phase}), ${rollback ? "rolled back" : "next gen"}`,
    );
    assert.not.ok(
      Object.keys(tree).some((p) => p.endsWith(".tmp") || p.startsWith(".codegen/tx")),
      "no temporary file outlives the run",
    );
    rmSync(dir, { recursive: true, force: true });
  }
  // The kills must have exercised recovery, not only the moments before and after the write.
  assert.ok((landed["applying"] ?? 0) >= 10, `kills while applying: ${JSON.stringify(landed)}`);
});

/**
 * Recovery killed in turn: gen killed while applying, then `recover` killed midway, then
 * `recover --rollback` (sometimes killed too) and a last command run to the end. Every step of
 * either direction can be undone by the other, so the project must end exactly in the old tree
 * or the new one, and the last command must say which. The kill points are a fixed schedule of
 * fractions of the files moved.
 */
test("recover and recover --rollback killed midway, then resumed either way", async () => {
  const old = manyRoutesProject(ROUTES);
  const ok = codegen(["gen"], old);
  assert.is(ok.code, 0, ok.stderr);
  const oldTree = treeHashes(old, generated);
  writeFileSync(join(old, "desc/api/demo.api"), manyRoutesApi(ROUTES, "V2"));
  const clean = scratch("recover-kill-clean");
  cpSync(old, clean, { recursive: true });
  assert.is(codegen(["gen"], clean).code, 0);
  const newTree = treeHashes(clean, generated);
  const trees = { old: oldTree, new: newTree };

  // [gen killed at, recover killed at, recover --rollback killed at (null: runs to the end), last command]
  const schedule: Array<[number, number, number | null, "recover" | "rollback" | "gen" | null]> = [
    [0.3, 0.2, null, null],
    [0.5, 0.5, null, null],
    [0.7, 0.9, null, null],
    [0.2, 0.6, 0.3, "recover"],
    [0.6, 0.3, 0.6, "rollback"],
    [0.4, 0.8, 0.5, "gen"],
    [0.8, 0.1, 0.9, "rollback"],
    [0.5, 0.4, 0.2, "recover"],
  ];
  let midway = 0;
  for (const [i, [genAt, recoverAt, rollbackAt, last]] of schedule.entries()) {
    const dir = scratch(`recover-kill-${i}`);
    // The kill follows gen's renames as inotify reports them; on a loaded machine gen may finish
    // first. What this test is about starts with a gen killed while applying, so such a run is
    // made again, killed earlier.
    let genKilled = false;
    for (let attempt = 0, at = genAt; attempt < 6 && !genKilled; attempt++, at /= 2) {
      rmSync(dir, { recursive: true, force: true });
      cpSync(old, dir, { recursive: true });
      await killAt(dir, "journal", 0, at);
      genKilled = existsSync(join(dir, ".codegen/tx/journal.json"));
    }
    assert.ok(genKilled, `case ${i}: gen was killed while applying`);
    // The kill may come after a recovery ran to its end (a loaded machine): then the
    // tree is the one that recovery made, and the last command finds nothing to do.
    let lastDone: "new" | "old" | null = null;
    const recovery = async (args: string[], watch: "new" | "old", at: number): Promise<void> => {
      if (await killRecovery(dir, args, watch, at)) midway++;
      if (!existsSync(join(dir, ".codegen/tx"))) lastDone = watch;
    };
    await recovery([], "new", recoverAt);
    let final: string[];
    if (rollbackAt === null) final = ["recover", "--rollback"];
    else {
      await recovery(["--rollback"], "old", rollbackAt);
      final = last === "gen" ? ["gen"] : last === "rollback" ? ["recover", "--rollback"] : ["recover"];
    }
    const pending = existsSync(join(dir, ".codegen/tx"));
    const end = codegen(final, dir);
    assert.is(end.code, 0, `case ${i}: ${end.stderr}`);
    const tree = treeHashes(dir, generated);
    // A last gen makes the new tree whatever it found: a rollback finished by the kill before it
    // (its marker left, the cleanup cut short) is reported, and then the gen runs.
    const said =
      last === "gen"
        ? "new"
        : /rolled it back|rolled its write back|as it was before/.test(end.stderr)
          ? "old"
          : /finished it|finished its write|holds the new files|had been finished/.test(end.stderr)
            ? "new"
            : pending
              ? null
              : lastDone;
    assert.ok(said, `case ${i}: ${final.join(" ")} says which tree the project holds: ${end.stderr}`);
    assert.equal(tree, trees[said!], `case ${i}: the project holds exactly the ${said} tree`);
    // A rollback asked for while the journal was still there restores the old tree.
    if (pending && final[1] === "--rollback" && !/nothing left to roll back/.test(end.stderr))
      assert.equal(tree, oldTree, `case ${i}: rolled back`);
    if (pending && (last === "recover" || last === "gen")) assert.equal(tree, newTree, `case ${i}: finished`);
    if (!pending && last === "gen") assert.equal(tree, newTree, `case ${i}: gen made the new tree`);
    assert.not.ok(existsSync(join(dir, ".codegen/tx")), `case ${i}: no transaction folder outlives the recovery`);
    rmSync(dir, { recursive: true, force: true });
  }
  assert.ok(midway >= 6, `recoveries killed midway: ${midway} of ${schedule.length * 2 - 3}`);
});

/**
 * Call `onMove(moved, total)` each time a file leaves `folder`, from inotify events (no polling):
 * `total` is how many files the folder has held. A file is counted once, however many events it
 * gives; one still there when its event is read was made or written, not moved.
 */
function watchMovesOut(folder: string, onMove: (moved: number, total: number) => void): FSWatcher | null {
  const held = new Set<string>();
  const moved = new Set<string>();
  let watcher: FSWatcher | null = null;
  try {
    watcher = watch(folder, (_, name) => {
      if (!name || moved.has(name)) return;
      held.add(name);
      if (existsSync(join(folder, name))) return;
      moved.add(name);
      onMove(moved.size, held.size);
    });
    for (const name of readdirSync(folder)) held.add(name);
  } catch {
    watcher?.close();
    return null;
  }
  // Removing the folder ends its watch (an event named after the folder, after every move).
  const open = watcher;
  open.on("error", () => open.close());
  return open;
}

/**
 * Run `codegen recover [args]` and SIGKILL it once `fraction` of the staged files (forward:
 * tx/new) or of the files moved aside (back: tx/old) have been moved. Whether it was killed
 * with the journal still there (midway).
 */
function killRecovery(dir: string, args: string[], watch: "new" | "old", fraction: number): Promise<boolean> {
  return new Promise((resolve) => {
    let killed = false;
    const watcher = watchMovesOut(join(dir, ".codegen/tx", watch), (moved, total) => {
      if (!killed && moved >= total * fraction) {
        killed = true;
        child.kill("SIGKILL");
      }
    });
    const child = spawn(process.execPath, [codegenBin, "recover", ...args], { cwd: dir, stdio: "ignore" });
    child.on("exit", () => {
      watcher?.close();
      resolve(killed && existsSync(join(dir, ".codegen/tx/journal.json")));
    });
  });
}

/**
 * Start gen and SIGKILL it during its write phase, placed by the files gen makes and moves (inotify
 * events). "staging": `delayMs` after the transaction folder appears (new files are being written
 * aside). "journal": once `fraction` of the staged files have been renamed into place, which is
 * where a dead process leaves a mixed tree. With a null delay, let it finish and measure the
 * staging time.
 */
function killAt(
  dir: string,
  at: "staging" | "journal",
  delayMs: number | null,
  fraction = 0,
): Promise<{ code: number | null; stagingMs: number }> {
  return new Promise((resolve) => {
    const tx = join(dir, ".codegen/tx");
    let staged = 0;
    let journaled = 0;
    let killed = false;
    const watchers: FSWatcher[] = [];
    const kill = (): void => {
      if (killed || delayMs === null) return;
      killed = true;
      child.kill("SIGKILL");
    };
    const onTx = (): void => {
      staged = performance.now();
      if (at === "staging" && delayMs !== null) {
        // A kill at a chosen moment inside staging: a timer cannot place it within a millisecond.
        while (performance.now() - staged < delayMs) {
          // spin
        }
        return kill();
      }
      const onMove = (moved: number, total: number): void => {
        if (!journaled) journaled = performance.now();
        if (moved >= total * fraction) kill();
      };
      let watching = false;
      const watchNew = (): void => {
        const w = watching ? null : watchMovesOut(join(tx, "new"), onMove);
        if (w) watchers.push(w);
        watching ||= w !== null;
      };
      watchNew();
      if (watching) return;
      // mkdir makes tx/new right after tx: when tx's event is read first, wait for new's.
      try {
        const txWatch = watch(tx, (_, name) => name === "new" && watchNew());
        txWatch.on("error", () => txWatch.close());
        watchers.push(txWatch);
        watchNew();
      } catch {
        // gen has already finished: nothing is left to kill
      }
    };
    // The project was generated before, so .codegen is there to watch for tx being made.
    const state = watch(join(dir, ".codegen"), (_, name) => {
      if (name === "tx" && !staged && existsSync(tx)) onTx();
    });
    watchers.push(state);
    const child = spawn(process.execPath, [codegenBin, "gen"], { cwd: dir, stdio: "ignore" });
    child.on("exit", (code) => {
      for (const w of watchers) w.close();
      resolve({ code, stagingMs: journaled && staged ? journaled - staged : 0 });
    });
  });
}

test.run();

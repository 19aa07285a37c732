/**
 * Writes are one transaction for the whole project, and one gen runs at a time: a failure
 * midway leaves the old tree, a second gen waits for the first, stale locks are taken over.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn, spawnSync } from "node:child_process";
import { cpSync, existsSync, readFileSync, rmSync, statfsSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { makeProject, smallApi } from "../support/project.js";
import { codegenBin, scratch } from "../support/paths.js";
import { freeze, manyRoutesApi, manyRoutesProject, treeHashes } from "../support/many-routes.js";

const test = suite("write transaction and lock");
const ok = (r: { code: number; stdout: string; stderr: string }): string => {
  assert.is(r.code, 0, r.stdout + r.stderr);
  return r.stdout;
};

test("a write that fails midway (EPERM on one folder) leaves the old tree, and says so", () => {
  const dir = manyRoutesProject(60);
  ok(codegen(["gen"], dir));
  writeFileSync(join(dir, "desc/api/demo.api"), manyRoutesApi(60, "V2"));
  const old = treeHashes(dir);
  // handlers/ sorts before logic/: its files are renamed into place before logic/ refuses.
  freeze(join(dir, "logic"), true);
  let r;
  try {
    r = codegen(["gen"], dir);
  } finally {
    freeze(join(dir, "logic"), false);
  }
  assert.is(r.code, 1, r.stdout);
  assert.match(r.stderr, /WRITE_FAILED .*rolled back: the project is as it was before this gen/);
  assert.equal(treeHashes(dir), old);
  assert.not.ok(existsSync(join(dir, ".codegen/tx")));
  ok(codegen(["gen"], dir));
  assert.ok(existsSync(join(dir, "handlers/route0V2.txt")));
});

test("a disk that fills up while gen stages the new tree (a 512 KiB tmpfs) is NO_SPACE or WRITE_FAILED, exit 1, and leaves the old tree", () => {
  const mount = scratch("enospc");
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mount], { encoding: "utf8" });
  assert.is(mounted.status, 0, `this test needs to mount a tmpfs (run as root): ${mounted.stderr}`);
  try {
    const dir = join(mount, "proj");
    cpSync(manyRoutesProject(12), dir, { recursive: true });
    ok(codegen(["gen"], dir));
    writeFileSync(join(dir, "desc/api/demo.api"), manyRoutesApi(12, "V2"));
    const old = treeHashes(dir);
    // Fill the disk but for 16 KiB: room for the lock and a few staged files, not for the new tree.
    const { bavail, bsize } = statfsSync(mount);
    writeFileSync(join(mount, "filler"), Buffer.alloc(Math.max(0, bavail * bsize - 16 * 1024)));
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stderr, /(NO_SPACE|WRITE_FAILED) .*(disk is full|ENOSPC)/);
    assert.not.match(r.stderr, /internal error/);
    assert.equal(treeHashes(dir), old);
    rmSync(join(mount, "filler"));
    ok(codegen(["gen"], dir));
    assert.ok(existsSync(join(dir, "handlers/route0V2.txt")), "with room again, the next gen writes the new tree");
  } finally {
    spawnSync("umount", [mount]);
  }
});

test("a live holder of the lock makes gen wait, naming it; a dead one is taken over", async () => {
  const dir = manyRoutesProject(3);
  ok(codegen(["gen"], dir));
  const sleeper = spawn("sleep", ["30"]);
  const stat = readFileSync(`/proc/${sleeper.pid}/stat`, "utf8");
  const procStart = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  writeFileSync(
    join(dir, ".codegen/lock"),
    JSON.stringify({
      pid: sleeper.pid,
      host: (await import("node:os")).hostname(),
      proc_start: procStart,
      started: "2026-01-01T00:00:00.000Z",
      command: "gen",
    }),
  );
  try {
    const refused = codegen(["gen"], dir, { CODEGEN_LOCK_TIMEOUT: "1" });
    assert.is(refused.code, 1);
    assert.match(refused.stderr, new RegExp(`waiting for codegen gen \\(pid ${sleeper.pid} on .*, started 2026-01-01`));
    assert.match(refused.stderr, /PROJECT_LOCKED codegen gen \(pid \d+/);
  } finally {
    sleeper.kill("SIGKILL");
    await new Promise((r) => sleeper.once("exit", r));
  }
  const taken = codegen(["gen"], dir);
  assert.is(taken.code, 0, taken.stderr);
  assert.match(taken.stderr, new RegExp(`removed a stale lock left by pid ${sleeper.pid}`));
  assert.not.match(taken.stderr, /waiting/);
  assert.not.ok(existsSync(join(dir, ".codegen/lock")), "released at exit");
});

test("two gens started together: one waits for the other; the tree equals one clean gen", async () => {
  // The reference is generated in a clone of its own (a copy would be a fresh clone, where gen
  // keeps the unmarked logic files of the removed routes: it did not write them there).
  const [dir, clean] = [manyRoutesProject(400), manyRoutesProject(400)];
  for (const d of [dir, clean]) {
    ok(codegen(["gen"], d));
    writeFileSync(join(d, "desc/api/demo.api"), manyRoutesApi(400, "V2"));
  }
  ok(codegen(["gen"], clean));
  const runs = await Promise.all([0, 1].map(() => runAsync(["gen"], dir)));
  for (const r of runs) assert.is(r.code, 0, r.stderr);
  assert.equal(treeHashes(dir), treeHashes(clean));
});

function runAsync(args: string[], cwd: string): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [codegenBin, ...args], { cwd, stdio: ["ignore", "ignore", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
  });
}

test("a gen interrupted by SIGTERM while writing rolls back or finishes: never a mixed tree", () => {
  const [dir, clean] = [manyRoutesProject(300), manyRoutesProject(300)];
  for (const d of [dir, clean]) ok(codegen(["gen"], d));
  const old = treeHashes(dir, (p) => p.startsWith("desc/"));
  for (const d of [dir, clean]) writeFileSync(join(d, "desc/api/demo.api"), manyRoutesApi(300, "V2"));
  ok(codegen(["gen"], clean));
  const fresh = treeHashes(clean, (p) => p.startsWith("desc/"));
  const r = spawnSync(
    "sh",
    ["-c", `node ${codegenBin} gen & pid=$!; while [ ! -e .codegen/tx ]; do :; done; kill -TERM $pid; wait $pid`],
    { cwd: dir, encoding: "utf8" },
  );
  const after = treeHashes(dir, (p) => p.startsWith("desc/"));
  assert.ok(r.status === 143 || r.status === 0, `exit ${r.status}: ${r.stderr}`);
  if (r.status === 143) {
    assert.match(r.stderr, /interrupted by SIGTERM; (nothing was written|rolled back)/);
    assert.equal(after, old);
  } else {
    assert.equal(after, fresh);
  }
  assert.not.ok(existsSync(join(dir, ".codegen/tx")));
  assert.not.ok(existsSync(join(dir, ".codegen/lock")));
});

test("a lock just created by a run that has not yet written its name is waited for; an old empty one is taken over", async () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi }, "ledger");
  ok(codegen(["gen"], dir));
  const lock = join(dir, ".codegen/lock");
  writeFileSync(lock, "");
  // "Just created" is judged by the lock's own time (under 2 s old when gen looks). A loaded
  // machine can take longer than that to start gen, so the lock is dated a minute ahead: it is
  // just created whenever gen looks.
  const soon = new Date(Date.now() + 60_000);
  utimesSync(lock, soon, soon);
  // Given up after its timeout, having said that it waits.
  const r = codegen(["gen"], dir, { CODEGEN_LOCK_TIMEOUT: "1" });
  assert.is.not(r.code, 0);
  assert.match(
    r.stderr,
    /waiting for another codegen run that is starting on this project…\n(.*\n)*.*PROJECT_LOCKED another codegen run is starting on this project; gave up waiting/,
  );
  assert.ok(existsSync(lock), "the starting run keeps its lock");
  // Waiting until the starting run is gone: once gen says it waits, the lock goes, and gen runs.
  const child = spawn(process.execPath, [codegenBin, "gen"], {
    cwd: dir,
    env: { ...process.env, FORCE_COLOR: "0" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    child.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
      if (stderr.includes("waiting for another codegen run that is starting")) resolve();
    });
    void exited.then((code) => reject(new Error(`gen exited ${code} without waiting:\n${stderr}`)));
  });
  assert.ok(existsSync(lock), "still locked while gen waits");
  rmSync(lock);
  assert.is(await exited, 0, stderr);
  assert.not.ok(existsSync(lock));
  // An old empty lock is left by a run that died before it wrote its name: taken over.
  writeFileSync(lock, "");
  const old = new Date(Date.now() - 10_000);
  utimesSync(lock, old, old);
  ok(codegen(["gen"], dir));
  assert.not.ok(existsSync(lock));
});

test.run();

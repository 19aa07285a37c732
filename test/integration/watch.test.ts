/**
 * `codegen gen --watch`: gens again on a descriptor change (an editor's safe save included), never
 * on gen's own files, survives bad input, takes changes made during a run, does not loop on a hook
 * that writes a descriptor back as it was, stops on a signal.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawn } from "node:child_process";
import { existsSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { codegen } from "../support/cli.js";
import { codegenBin, scratch } from "../support/paths.js";
import { makeProject, smallApi } from "../support/project.js";

/** A running `gen --watch`: every line it printed, and a way to wait for the next one that matches. */
function startWatch(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [codegenBin, "gen", "--watch"], {
    cwd: dir,
    env: { ...process.env, FORCE_COLOR: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let waiting: { from: number; test: RegExp; resolve: (line: string) => void } | null = null;
  let until: { ready: () => boolean; resolve: () => void } | null = null;
  const check = (): void => {
    if (until?.ready()) {
      const u = until;
      until = null;
      u.resolve();
    }
    if (!waiting) return;
    const i = lines.findIndex((l, at) => at >= waiting!.from && waiting!.test.test(l));
    if (i < 0) return;
    const w = waiting;
    waiting = null;
    w.resolve(lines[i]!);
  };
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (l) => (lines.push(l), check()));
  const exited = new Promise<number | null>((resolve) =>
    child.on("close", (code, signal) => resolve(code ?? (signal ? -1 : null))),
  );
  return {
    lines,
    exited,
    child,
    /** SIGINT, as Ctrl-C; a watch still running 15 s later is killed (and the exit code says -1). */
    async stop(): Promise<number | null> {
      child.kill("SIGINT");
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
    /** The first line matching `test` printed from line `from` on (by default: from now on). */
    next(test: RegExp, from = lines.length): { mark: number; line: Promise<string> } {
      const line = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`no line matching ${test} within 30 s; printed:\n${lines.join("\n")}`)),
          30_000,
        );
        waiting = { from, test, resolve: (l) => (clearTimeout(timer), resolve(l)) };
        check();
      });
      return { mark: from, line };
    },
    /** Resolves once `ready` holds, looked at as each line is printed (30 s at most). */
    until(ready: () => boolean): Promise<void> {
      return new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`not ready within 30 s; printed:\n${lines.join("\n")}`)),
          30_000,
        );
        until = { ready, resolve: () => (clearTimeout(timer), resolve()) };
        check();
      });
    },
  };
}

const IDLE = /^codegen: watching (.* Ctrl-C stops|for changes; Ctrl-C stops)$/;
const IDLE_LINE = "codegen: watching for changes; Ctrl-C stops";

test("gen --watch: a descriptor change gens again; gen's own files and bad input do not break the watch; SIGINT stops it", async () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  let stopped: number | null = null;
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache") });
  try {
    await watcher.next(IDLE).line;
    assert.ok(
      watcher.lines.some((l) => /^wrote \d+ files?\b/.test(l)),
      watcher.lines.join("\n"),
    );
    const first = readFileSync(join(dir, "routes.txt"), "utf8");
    assert.match(first, /\/things/);

    // A file gen wrote (the user's own `once` note) changes: not a reason to gen.
    writeFileSync(join(dir, "notes/getThing.txt"), "my own notes\n");
    // A descriptor changes: gen runs, and its summary follows.
    let wrote = watcher.next(/^wrote \d+ files?\b/);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("get /things returns", "get /more returns"));
    await wrote.line;
    const started = watcher.lines.slice(wrote.mark).find((l) => l.includes("changed; generating"));
    assert.is(started, "codegen: desc/api/demo.api changed; generating", watcher.lines.slice(wrote.mark).join("\n"));
    assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /\/more/);
    assert.is(readFileSync(join(dir, "notes/getThing.txt"), "utf8"), "my own notes\n", "the user's edit is kept");
    await watcher.next(IDLE, wrote.mark).line;

    // Bad input: a diagnostic at the user's file, nothing written, still watching.
    const before = readFileSync(join(dir, "routes.txt"), "utf8");
    const diagnosed = watcher.next(/^desc\/api\/demo\.api:\d+:\d+: [A-Z_]+ /);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi + "\nservice demo {\n");
    await diagnosed.line;
    await watcher.next(IDLE, diagnosed.mark).line;
    assert.is(readFileSync(join(dir, "routes.txt"), "utf8"), before);

    // Fixed again: gen runs on.
    wrote = watcher.next(/^wrote \d+ files?\b/);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
    await wrote.line;
    assert.is(readFileSync(join(dir, "routes.txt"), "utf8"), first);
    await watcher.next(IDLE, wrote.mark).line;

    // An editor's safe save (a new file renamed over the old one), twice: both are seen.
    for (const path of ["/saved", "/again"]) {
      wrote = watcher.next(/^wrote \d+ files?\b/);
      writeFileSync(join(dir, "desc/api/demo.api.tmp"), smallApi.replace("get /things returns", `get ${path} returns`));
      renameSync(join(dir, "desc/api/demo.api.tmp"), join(dir, "desc/api/demo.api"));
      await wrote.line;
      await watcher.next(IDLE, wrote.mark).line;
      assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), new RegExp(path));
    }
  } finally {
    stopped = await watcher.stop();
  }
  assert.is(stopped, 130);
  assert.not.ok(existsSync(join(dir, ".codegen/lock")), "no lock left behind");
  // Every run was started by the descriptor alone (five changes: rename, break, fix, two saves).
  const starts = watcher.lines.filter((l) => l.includes("changed; generating"));
  assert.ok(
    starts.length >= 5 && starts.every((l) => l.startsWith("codegen: desc/api/demo.api changed")),
    starts.join("\n"),
  );
});

/** A project whose .codegen.yaml runs `hook` after (or before) every gen (the watch is given CODEGEN_TRUST=1 for it). */
function hooked(when: "before" | "after", hook: string): string {
  const dir = makeProject({ "desc/api/demo.api": smallApi, "hook.sh": hook });
  writeFileSync(
    join(dir, ".codegen.yaml"),
    `${readFileSync(join(dir, ".codegen.yaml"), "utf8")}hooks:\n  ${when}:\n    - sh hook.sh\n`,
  );
  return dir;
}

test("gen --watch: changes made while a run goes on start the next run, run after run", async () => {
  // A hook that, like a user typing while gen runs, changes the descriptor during the 2nd and 3rd runs.
  const dir = hooked(
    "after",
    [
      "n=$(cat .runs 2>/dev/null || echo 0); n=$((n+1)); echo $n > .runs",
      "if [ $n -eq 2 ]; then sed -i 's#/first#/second#' desc/api/demo.api; fi",
      "if [ $n -eq 3 ]; then sed -i 's#/second#/third#' desc/api/demo.api; fi",
    ].join("\n") + "\n",
  );
  let stopped: number | null = null;
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache"), CODEGEN_TRUST: "1" });
  try {
    await watcher.next(IDLE).line;
    const mark = watcher.lines.length;
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("get /things returns", "get /first returns"));
    // The edit's run, then one for each of the hook's two changes, then idle.
    await watcher.until(
      () =>
        watcher.lines.slice(mark).filter((l) => /^wrote \d+ files?\b/.test(l)).length >= 3 &&
        watcher.lines.at(-1) === IDLE_LINE,
    );
    assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /\/third/, watcher.lines.join("\n"));
  } finally {
    stopped = await watcher.stop();
  }
  assert.is(stopped, 130);
});

test("gen --watch: a hook that writes a descriptor back as it was does not start runs", async () => {
  const dir = hooked("before", "cp desc/api/demo.api .copy && cp .copy desc/api/demo.api\n");
  let stopped: number | null = null;
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache"), CODEGEN_TRUST: "1" });
  try {
    await watcher.next(IDLE).line;
    const wrote = watcher.next(/^wrote \d+ files?\b/);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("get /things returns", "get /more returns"));
    await wrote.line;
    await watcher.next(IDLE, wrote.mark).line;
    const runs = watcher.lines.filter((l) => l.includes("; generating")).length;
    assert.is(runs, 1);
    // A change of another file, made after the hook's: the watch hears changes in the order
    // they were made, so the next run it starts says whether the hook's write started one (it
    // would come first, or be named first in this run's line).
    const marker = watcher.next(/; generating$/);
    writeFileSync(join(dir, ".codegen.yaml"), `${readFileSync(join(dir, ".codegen.yaml"), "utf8")}# edited\n`);
    assert.is(await marker.line, "codegen: .codegen.yaml changed; generating", watcher.lines.join("\n"));
    assert.is(watcher.lines.filter((l) => l.includes("; generating")).length, runs + 1, watcher.lines.join("\n"));
  } finally {
    stopped = await watcher.stop();
  }
  assert.is(stopped, 130);
});

test("gen --watch: a config that cannot be read is reported, and the watch goes on until it can", async () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const config = readFileSync(join(dir, ".codegen.yaml"), "utf8");
  let stopped: number | null = null;
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache") });
  try {
    await watcher.next(IDLE).line;
    let said = watcher.next(/^codegen: watching for changes/);
    writeFileSync(join(dir, ".codegen.yaml"), `${config}frame: [\n`);
    await said.line;
    assert.ok(
      watcher.lines.slice(said.mark).some((l) => /^\.codegen\.yaml:\d+:\d+: /.test(l)),
      watcher.lines.slice(said.mark).join("\n"),
    );
    // Without a config, any file gen did not write counts: a descriptor edit runs gen (which says the same).
    said = watcher.next(/^codegen: watching for changes/);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi.replace("get /things returns", "get /more returns"));
    await said.line;
    assert.ok(
      watcher.lines.slice(said.mark).includes("codegen: desc/api/demo.api changed; generating"),
      watcher.lines.slice(said.mark).join("\n"),
    );
    const wrote = watcher.next(/^wrote \d+ files?\b/);
    writeFileSync(join(dir, ".codegen.yaml"), config);
    await wrote.line;
    assert.match(readFileSync(join(dir, "routes.txt"), "utf8"), /\/more/);
  } finally {
    stopped = await watcher.stop();
  }
  assert.is(stopped, 130);
});

test("gen --watch reads nothing a link leads to (a fifo outside the project would block it)", async () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const outside = join(scratch("outside"), "pipe.api");
  execFileSync("mkfifo", [outside]);
  let stopped: number | null = null;
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache") });
  try {
    await watcher.next(IDLE).line;
    const said = watcher.next(/^codegen: watching for changes/);
    symlinkSync(outside, join(dir, "desc/api/linked.api"));
    await said.line;
    assert.ok(
      watcher.lines.slice(said.mark).includes("codegen: desc/api/linked.api changed; generating"),
      watcher.lines.join("\n"),
    );
  } finally {
    stopped = await watcher.stop();
  }
  assert.is(stopped, 130);
});

test("gen --watch does not combine with a preview or a partial gen", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  for (const flags of [["--dry-run"], ["--diff"], ["--desc", "desc/api/demo.api"], ["--git-change"]]) {
    const r = codegen(["gen", "--watch", ...flags], dir);
    assert.is(r.code, 2, flags.join(" "));
    assert.match(r.stderr, /USAGE --watch runs whole gens that write; it does not combine with --/);
  }
  assert.not.ok(existsSync(join(dir, "routes.txt")), "nothing was written");
});

test.run();

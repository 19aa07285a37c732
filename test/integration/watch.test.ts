/** `codegen gen --watch`: gens again on a descriptor change, never on gen's own files, survives bad input, stops on a signal. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { codegen } from "../support/cli.js";
import { codegenBin, scratch } from "../support/paths.js";
import { makeProject, smallApi } from "../support/project.js";

/** A running `gen --watch`: every line it printed, and a way to wait for the next one that matches. */
function startWatch(dir: string, env: Record<string, string>) {
  const child = spawn(process.execPath, [codegenBin, "gen", "--watch"], { cwd: dir, env: { ...process.env, FORCE_COLOR: "0", ...env }, stdio: ["ignore", "pipe", "pipe"] });
  const lines: string[] = [];
  let waiting: { from: number; test: RegExp; resolve: (line: string) => void } | null = null;
  const check = (): void => {
    if (!waiting) return;
    const i = lines.findIndex((l, at) => at >= waiting!.from && waiting!.test.test(l));
    if (i < 0) return;
    const w = waiting;
    waiting = null;
    w.resolve(lines[i]!);
  };
  for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on("line", (l) => (lines.push(l), check()));
  const exited = new Promise<number | null>((resolve) => child.on("close", (code) => resolve(code)));
  return {
    lines,
    exited,
    child,
    /** The first line matching `test` printed from line `from` on (by default: from now on). */
    next(test: RegExp, from = lines.length): { mark: number; line: Promise<string> } {
      const line = new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no line matching ${test} within 30 s; printed:\n${lines.join("\n")}`)), 30_000);
        waiting = { from, test, resolve: (l) => (clearTimeout(timer), resolve(l)) };
        check();
      });
      return { mark: from, line };
    },
  };
}

const IDLE = /^codegen: watching (.* Ctrl-C stops|for changes; Ctrl-C stops)$/;

test("gen --watch: a descriptor change gens again; gen's own files and bad input do not break the watch; SIGINT stops it", async () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const watcher = startWatch(dir, { CODEGEN_CACHE_DIR: scratch("watch-cache") });
  try {
    await watcher.next(IDLE).line;
    assert.ok(watcher.lines.some((l) => /^wrote \d+ files/.test(l)), watcher.lines.join("\n"));
    const first = readFileSync(join(dir, "routes.txt"), "utf8");
    assert.match(first, /\/things/);

    // A file gen wrote (the user's own `once` note) changes: not a reason to gen.
    writeFileSync(join(dir, "notes/getThing.txt"), "my own notes\n");
    // A descriptor changes: gen runs, and its summary follows.
    let wrote = watcher.next(/^wrote \d+ files/);
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
    wrote = watcher.next(/^wrote \d+ files/);
    writeFileSync(join(dir, "desc/api/demo.api"), smallApi);
    await wrote.line;
    assert.is(readFileSync(join(dir, "routes.txt"), "utf8"), first);
    await watcher.next(IDLE, wrote.mark).line;
  } finally {
    watcher.child.kill("SIGINT");
  }
  assert.is(await watcher.exited, 130);
  assert.not.ok(existsSync(join(dir, ".codegen/lock")), "no lock left behind");
  // Every run was started by the descriptor alone (three changes: rename, break, fix).
  const starts = watcher.lines.filter((l) => l.includes("changed; generating"));
  assert.ok(starts.length >= 3 && starts.every((l) => l.startsWith("codegen: desc/api/demo.api changed")), starts.join("\n"));
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

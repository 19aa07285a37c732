/**
 * Attack class: symlinks out of the project and out of a pack, and what the system refuses. A
 * pack's `static/leak -> /etc/passwd` (folder, local git or git+file:// source) is never copied;
 * a project's merged file linked to a secret is never read, merged or replaced through the link;
 * a generated folder that is a link is never written through; a read-only project or .codegen
 * is a diagnostic (exit 1), never an internal error, and the old tree stays.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:http";
import { lstatSync, mkdirSync, rmSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codegen } from "../support/cli.js";
import { treeDigest } from "../../engine/packs/remote.js";
import { writeTree } from "../support/files.js";
import { freeze, treeHashes } from "../support/many-routes.js";
import { makeProject, packAndProject, smallApi } from "../support/project.js";
import { codegenBin, scratch } from "../support/paths.js";

const test = suite("attacks: paths and symlinks");
const git = (cwd: string, ...args: string[]): string =>
  execFileSync("git", ["-c", "user.email=t@example.com", "-c", "user.name=t", ...args], {
    cwd,
    encoding: "utf8",
  }).trim();

/** A secret outside everything, and a pack whose static file links to it. */
function leakingPack(): { secret: string; pack: string; dir: string; env: Record<string, string> } {
  const secret = join(scratch("attack-secret"), "passwd");
  writeFileSync(secret, "root:x:0:0:SECRET\n");
  const made = packAndProject(
    "leaky",
    { "rules/copy.yaml": "- name: leak\n  path: leak.txt\n  copy: leak\n" },
    { "desc/api/demo.api": smallApi },
  );
  mkdirSync(join(made.pack, "static"));
  symlinkSync(secret, join(made.pack, "static/leak"));
  return { secret, ...made };
}

function refusedLeak(dir: string, env: Record<string, string>): void {
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /PACK_UNSAFE_FILE rule "leak" copies leak, but the pack's .*static\/leak is a symbolic link/);
  assert.not.match(r.stderr + r.stdout, /SECRET/);
  assert.throws(() => lstatSync(join(dir, "leak.txt")));
}

test("a folder pack's static/leak -> secret is refused, naming the pack file", () => {
  const { dir, env } = leakingPack();
  refusedLeak(dir, env);
});

for (const form of ["local git", "git+file://"]) {
  test(`a ${form} pack's static/leak -> secret is refused`, () => {
    const { pack, dir, env } = leakingPack();
    git(pack, "init", "-q", "-b", "main");
    git(pack, "add", "-A");
    git(pack, "commit", "-qm", "leak");
    const bare = join(scratch("attack-bare"), "pack.git");
    git(pack, "clone", "-q", "--bare", pack, bare);
    assert.ok(readlinkSync(join(pack, "static/leak")));
    const source = form === "local git" ? `${bare}#main` : `git+file://${bare}#main`;
    writeFileSync(
      join(dir, ".codegen.yaml"),
      readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: ${source}`),
    );
    refusedLeak(dir, env);
  });
}

test("a merged file linked to a secret is never read, merged or replaced through the link", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  const secret = join(scratch("attack-home"), "secret.yaml");
  writeFileSync(secret, "token: SECRET\n");
  symlinkSync(secret, join(dir, "settings.yaml"));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(
    r.stderr,
    /UNSAFE_PATH settings\.yaml is a symbolic link; codegen never reads, merges or replaces a file through a link/,
  );
  assert.is(readFileSync(secret, "utf8"), "token: SECRET\n");
  assert.ok(lstatSync(join(dir, "settings.yaml")).isSymbolicLink(), "the link stays a link");
  assert.throws(() => lstatSync(join(dir, "routes.txt")), "nothing was written");
});

test("a generated folder that is a symlink is never written through, even one pointing inside", () => {
  const dir = makeProject({ "desc/api/demo.api": smallApi });
  mkdirSync(join(dir, "elsewhere"));
  symlinkSync(join(dir, "elsewhere"), join(dir, "notes"));
  const r = codegen(["gen"], dir);
  assert.is(r.code, 1, r.stderr);
  assert.match(r.stderr, /UNSAFE_PATH .*notes\/getThing\.txt.*notes.* is a symbolic link/);
  assert.equal(treeHashes(join(dir, "elsewhere")), {});
});

for (const frozen of [".", ".codegen"]) {
  test(`a read-only ${frozen === "." ? "project root" : ".codegen"} is a diagnostic (exit 1), the old tree intact`, () => {
    const dir = makeProject({ "desc/api/demo.api": smallApi });
    const first = codegen(["gen"], dir);
    assert.is(first.code, 0, first.stderr);
    writeTree(dir, { "desc/api/demo.api": smallApi.replace("listThings", "listMore") });
    // A root that cannot even hold .codegen yet (a fresh clone), or a .codegen that refuses the lock.
    if (frozen === ".") rmSync(join(dir, ".codegen"), { recursive: true });
    const before = treeHashes(dir);
    freeze(join(dir, frozen), true);
    try {
      const r = codegen(["gen"], dir);
      assert.is(r.code, 1, r.stderr);
      assert.match(r.stderr, /(NO_PERMISSION|WRITE_FAILED) cannot .*(permission denied|read-only)/);
      assert.match(r.stderr, /hint: make .* writable/);
      assert.not.match(r.stderr, /internal error/);
    } finally {
      freeze(join(dir, frozen), false);
    }
    assert.equal(treeHashes(dir), before);
  });
}

/**
 * A pack with a file of each kind codegen reads from it: the manifest, a rules file, a view, the
 * function library, a template and its partial, a check. Each is valid, so the only refusal left
 * when one becomes a link is the link's.
 */
const fullPack: Record<string, string> = {
  "rules/files.yaml": "- name: out\n  path: out.txt\n  template: main.liquid\n  view: shape\n",
  "views/shape.jsonata": '{ "n": $count(ir.api.routes), "w": $word() }\n',
  "views/functions.jsonata": '{ "word": function() { "hello" } }\n',
  "templates/main.liquid": '{% render "part", n: data.n %} {{ data.w }}\n',
  "templates/part.liquid": "routes: {{ n }}\n",
  "checks/mine.yaml": '- code: MINE\n  message: "never"\n  query: "[]"\n',
};

function packWithLink(linked: string): { dir: string; env: Record<string, string>; pack: string } {
  const made = packAndProject("full", fullPack, { "desc/api/demo.api": smallApi });
  // The link points at a twin of the file holding a secret comment, outside the pack.
  const away = join(scratch("attack-away"), "twin");
  const real = join(made.pack, linked);
  execFileSync("cp", ["-R", real, away]);
  if (!lstatSync(away).isDirectory())
    writeFileSync(
      away,
      readFileSync(away, "utf8").replace(
        /\n$/,
        linked.endsWith(".liquid")
          ? "{% comment %}SECRET{% endcomment %}\n"
          : linked.endsWith(".jsonata")
            ? "/* SECRET */\n"
            : "\n# SECRET\n",
      ),
    );
  rmSync(real, { recursive: true });
  symlinkSync(away, real);
  return { ...made };
}

test("the pack fixture of the link cases generates when nothing is linked", () => {
  const { dir, env } = packAndProject("full", fullPack, { "desc/api/demo.api": smallApi });
  const r = codegen(["gen"], dir, env);
  assert.is(r.code, 0, r.stderr);
  assert.match(readFileSync(join(dir, "out.txt"), "utf8"), /^routes: \d+\n hello\n$/);
});

for (const linked of [
  "pack.yaml",
  "rules/files.yaml",
  "rules",
  "views/shape.jsonata",
  "views/functions.jsonata",
  "views",
  "templates/main.liquid",
  "templates/part.liquid",
  "templates",
  "checks/mine.yaml",
  "checks",
]) {
  test(`a pack's ${linked} that is a symlink is never read (PACK_UNSAFE_FILE naming it)`, () => {
    const { dir, env } = packWithLink(linked);
    const r = codegen(["gen"], dir, env);
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      new RegExp(`PACK_UNSAFE_FILE cannot read .*: the pack's .*/${linked.replace(/\./g, "\\.")} is a symbolic link`),
    );
    assert.not.match(r.stderr + r.stdout, /SECRET/);
    assert.throws(() => lstatSync(join(dir, "out.txt")), "nothing was written");
  });
}

test("a fetched tarball whose pack holds a link is refused once extracted, and the link counts in its digest", async () => {
  const tarDir = scratch("attack-tarball");
  writeTree(join(tarDir, "p"), {
    "pack.yaml": 'name: tar\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\n',
    "rules/files.yaml": "- name: out\n  path: out.txt\n  template: main.liquid\n",
    "templates/twin.liquid": "SECRET\n",
  });
  // giget's extraction drops a link climbing out with `..` and makes an absolute one relative: a
  // link that survives points inside the pack, and is refused all the same.
  symlinkSync("twin.liquid", join(tarDir, "p/templates/main.liquid"));
  execFileSync("tar", ["-czf", "pack.tar.gz", "p"], { cwd: tarDir });
  const body = readFileSync(join(tarDir, "pack.tar.gz"));
  const server = createServer((_, res) => {
    res.writeHead(200, { "content-type": "application/gzip" });
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  try {
    const source = `http://127.0.0.1:${(server.address() as { port: number }).port}/pack.tar.gz`;
    const dir = makeProject({ "desc/api/demo.api": smallApi });
    writeFileSync(
      join(dir, ".codegen.yaml"),
      readFileSync(join(dir, ".codegen.yaml"), "utf8").replace(/^pack: .*$/m, `pack: "${source}"`),
    );
    const r = await codegenAsync(["gen"], dir, { CODEGEN_CACHE_DIR: scratch("attack-cache") });
    assert.is(r.code, 1, r.stderr);
    assert.match(
      r.stderr,
      /PACK_UNSAFE_FILE cannot read .*main\.liquid: the pack's .*templates\/main\.liquid is a symbolic link/,
      r.stderr,
    );
    assert.not.match(r.stderr, /SECRET/);
    assert.throws(() => lstatSync(join(dir, "out.txt")));
  } finally {
    await new Promise((done) => server.close(done));
  }
  const twin = join(scratch("attack-digest"), "p");
  execFileSync("cp", ["-R", join(tarDir, "p"), twin]);
  const before = treeDigest(twin);
  rmSync(join(twin, "templates/main.liquid"));
  symlinkSync("/etc/hostname", join(twin, "templates/main.liquid"));
  assert.is.not(treeDigest(twin), before, "a link's target is part of the pinned digest");
});

for (const linked of ["plugins", "plugins/pay", "plugins/pay/.codegen.yaml"]) {
  test(`a host's ${linked} linked out of the project is never read as a plugin`, () => {
    const dir = makeProject({ "desc/api/demo.api": smallApi });
    writeFileSync(
      join(dir, ".codegen.yaml"),
      readFileSync(join(dir, ".codegen.yaml"), "utf8") + "serverless:\n  plugins: [pay]\n",
    );
    const away = scratch("attack-away");
    writeTree(away, { "plugins/pay/.codegen.yaml": "name: pay\nmodule: SECRET\nframe: docs\n" });
    mkdirSync(join(dir, linked.split("/").slice(0, -1).join("/") || "."), { recursive: true });
    symlinkSync(join(away, linked), join(dir, linked));
    const r = codegen(["gen"], dir);
    assert.is(r.code, 1, r.stderr);
    assert.match(r.stderr, new RegExp(`UNSAFE_PATH ${linked.replace(/\./g, "\\.")} is a symbolic link`));
    assert.not.match(r.stderr + r.stdout, /SECRET/);
    assert.throws(() => lstatSync(join(dir, "routes.txt")), "nothing was written");
  });
}

// (A linked .codegen, and a linked ledger under --dry-run or --diff, were refused already: journal.test.ts.)
const stateLinks: Array<[string, string[]]> = [
  [".codegen/snapshot.json", ["gen", "--dry-run"]],
  [".codegen/snapshot.json", ["gen", "--diff"]],
  [".codegen/snapshot.json", ["gen"]],
  [".codegen/ledger.json", ["gen"]],
];
for (const [linked, args] of stateLinks) {
  test(`${args.join(" ")} refuses a ${linked} that is a symlink (STATE_DIR_UNSAFE), the replay fast path too`, () => {
    const dir = makeProject({ "desc/api/demo.api": smallApi });
    // Three plain gens: the first writes and takes the record, the second reads the files it
    // wrote and records what the early path (engine/cli/replay.ts) checks, which answers the third.
    for (let i = 0; i < 3; i++) assert.is(codegen(["gen"], dir).code, 0);
    assert.ok(
      (JSON.parse(readFileSync(join(dir, ".codegen/snapshot.json"), "utf8")) as { replay?: object }).replay,
      "the replay is recorded",
    );
    // A twin of the real file outside: what it says would be believed if followed.
    const away = join(scratch("attack-away"), "twin");
    execFileSync("cp", ["-R", join(dir, linked), away]);
    rmSync(join(dir, linked), { recursive: true });
    symlinkSync(away, join(dir, linked));
    const before = treeHashes(dir);
    const r = codegen(args, dir);
    assert.is(r.code, 1, r.stderr + r.stdout);
    assert.match(r.stderr, /STATE_DIR_UNSAFE .*symbolic link/);
    assert.equal(treeHashes(dir), before);
  });
}

test.run();

function codegenAsync(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [codegenBin, ...args], {
      cwd,
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    child.on("close", (code) => resolve({ code: code ?? 1, stderr }));
  });
}

/**
 * Build step, after the bundle and the precompiled artifacts: V8's code cache for
 * dist/bundle/main.cjs (see bin/bundle-loader.js), made at the end of a training run that
 * creates an api project, adds a SQL schema and generates again, and creates an rpc project,
 * so the cache holds every function those runs compiled. Runs in a child process, with its
 * output dropped and its own cache folder; a training that fails leaves no cache (codegen then
 * compiles as usual) and does not fail the build.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "dist/bundle/main.cjs");
const cacheFile = join(root, "dist/bundle/main.code-cache");

if (process.argv[2] !== "--train") {
  rmSync(cacheFile, { force: true });
  const work = mkdtempSync(join(tmpdir(), "codegen-train-"));
  try {
    const r = spawnSync(process.execPath, [fileURLToPath(import.meta.url), "--train", work], { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, CODEGEN_CACHE_DIR: join(work, "cache") }, encoding: "utf8" });
    if (r.status !== 0) {
      // Node ends an uncaught error's report with its own version: the error's line says more.
      const lines = (r.stderr ?? "").split("\n").map((l) => l.trim()).filter(Boolean);
      const why = r.error?.message ?? lines.find((l) => /Error\b/.test(l)) ?? lines[0] ?? `exit ${r.status ?? r.signal}`;
      console.warn(`code cache not made (codegen will compile at every start): ${why}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
} else {
  const work = process.argv[3];
  const { loadBundle, tuneHeap, writeCodeCache } = await import("../bin/bundle-loader.js");
  tuneHeap();
  const { exports, script } = loadBundle(bundle, null);
  const run = async (dir, argv) => {
    process.chdir(dir);
    await exports.main(argv);
    process.exitCode = 0;
  };
  await run(work, ["new", "demo", "--yes"]);
  mkdirSync(join(work, "demo/desc/sql"), { recursive: true });
  writeFileSync(join(work, "demo/desc/sql/train.sql"), "CREATE TABLE train_user (\n  id BIGINT PRIMARY KEY AUTO_INCREMENT,\n  name VARCHAR(64) NOT NULL DEFAULT '',\n  created_at TIMESTAMP NULL\n);\n");
  await run(join(work, "demo"), ["gen"]);
  await run(join(work, "demo"), ["gen"]);
  await run(work, ["new", "svc", "--frame", "rpc", "--yes"]);
  writeCodeCache(cacheFile, bundle, script);
}

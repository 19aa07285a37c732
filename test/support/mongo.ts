/**
 * A MongoDB-compatible server for end-to-end tests: jongodb, a native binary shipped in the npm
 * package @jongodb/memory-server-bin-linux-x64-gnu (Debian has no MongoDB server). The package
 * is installed once into a cache folder outside the repository (test/setup-tools.sh does it
 * before npm test; a test finding none installs it there itself), never as a dependency of
 * codegen. CODEGEN_TEST_JONGODB names another binary.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { freePort } from "./go.js";

export const JONGODB_PACKAGE = "@jongodb/memory-server-bin-linux-x64-gnu@0.1.6";

function cacheFolder(): string {
  return join(process.env["XDG_CACHE_HOME"] || join(homedir(), ".cache"), "codegen-test", "jongodb");
}

/** The server's executable, installed into the cache folder when it is not there yet. */
export function jongodbBinary(): string {
  const given = process.env["CODEGEN_TEST_JONGODB"];
  if (given) return given;
  const folder = cacheFolder();
  const bin = join(folder, "node_modules/@jongodb/memory-server-bin-linux-x64-gnu/bin/jongodb");
  if (existsSync(bin)) return bin;
  mkdirSync(folder, { recursive: true });
  const r = spawnSync(
    "npm",
    ["install", "--prefix", folder, "--no-save", "--no-audit", "--no-fund", "--no-package-lock", JONGODB_PACKAGE],
    { encoding: "utf8", timeout: 300_000 },
  );
  if (r.status !== 0 || !existsSync(bin))
    throw new Error(
      `could not install ${JONGODB_PACKAGE} into ${folder} (exit ${r.status}):\n${r.stdout}\n${r.stderr}`,
    );
  return bin;
}

export interface MongoServer {
  /** mongodb://127.0.0.1:<port>/ */
  url: string;
  stop(): Promise<void>;
}

/** Start a server on a free port; resolves when it prints the address it serves. */
export async function startMongo(): Promise<MongoServer> {
  const bin = jongodbBinary();
  const port = await freePort();
  const child = spawn(bin, ["--host=127.0.0.1", `--port=${port}`], { stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  const ready = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`jongodb did not start within 60 s:\n${log}`)), 60_000);
    child.stdout.on("data", (d) => {
      log += d;
      if (log.includes("JONGODB_URI=")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on("data", (d) => (log += d));
    child.on("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`jongodb exited (${code}) before serving:\n${log}`));
    });
  });
  await ready;
  return {
    url: `mongodb://127.0.0.1:${port}/`,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

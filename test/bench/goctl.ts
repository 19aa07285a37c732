/**
 * goctl for side-by-side figures: $GOCTL, else a binary cached under the codegen cache, else
 * built through the Go module proxy (a plain `go install …@v1.8.5` fails on its deprecation
 * lookup; `go get` in a scratch module, then `go build`, works). Null when it cannot be had.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";

const VERSION = "v1.8.5";

export function findGoctl(log: (line: string) => void): string | null {
  if (process.env["GOCTL"]) return process.env["GOCTL"];
  const home = join(process.env["XDG_CACHE_HOME"] ?? join(homedir(), ".cache"), "codegen-bench");
  const bin = join(home, `goctl-${VERSION}`);
  if (existsSync(bin)) return bin;
  log(`building goctl ${VERSION} through the Go module proxy (once; cached at ${bin})…`);
  const mod = mkdtempSync(join(tmpdir(), "goctl-build-"));
  try {
    const run = (args: string[]): boolean =>
      spawnSync("go", args, { cwd: mod, stdio: "ignore", env: { ...process.env, GOFLAGS: "-mod=mod" } }).status === 0;
    mkdirSync(home, { recursive: true });
    if (
      run(["mod", "init", "goctlbench"]) &&
      run(["get", `github.com/zeromicro/go-zero/tools/goctl@${VERSION}`]) &&
      run(["build", "-o", bin, "github.com/zeromicro/go-zero/tools/goctl"])
    )
      return bin;
    log("goctl could not be built: figures are shown beside the copy-the-tree floor instead");
    return null;
  } finally {
    rmSync(mod, { recursive: true, force: true });
  }
}

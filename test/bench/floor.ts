/**
 * The floor under a cold gen in Node: what any generator written for Node pays to format and
 * write a tree it already holds. `node dist/test/bench/floor.js <tree.json> <out>`: Node starts,
 * reads the tree (path → text, one file), formats its .go files with gofmt as the go-zero pack's
 * step does (staged on a memory file system, two runs at once), and creates every file under
 * <out>. No descriptor is read, nothing is checked, planned or rendered.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { scratchRoot } from "../../engine/steps/scratch-root.js";

function writeTree(files: Record<string, string>, root: string): void {
  const made = new Set<string>();
  for (const [path, text] of Object.entries(files)) {
    const dir = dirname(join(root, path));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(join(root, path), text);
  }
}

const [tree, out] = process.argv.slice(2) as [string, string];
const files = JSON.parse(readFileSync(tree, "utf8")) as Record<string, string>;
const goFiles = Object.keys(files).filter((p) => p.endsWith(".go"));
const stage = mkdtempSync(join(scratchRoot(), "codegen-floor-"));
const gofmt = (batch: string[]): Promise<void> =>
  new Promise((resolve, reject) => spawn("gofmt", ["-w", ...batch], { cwd: stage, stdio: "inherit" }).on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`gofmt exited with ${code}`)))));
try {
  writeTree(Object.fromEntries(goFiles.map((p) => [p, files[p]!])), stage);
  const half = Math.ceil(goFiles.length / 2);
  await Promise.all([gofmt(goFiles.slice(0, half)), gofmt(goFiles.slice(half))]);
  for (const p of goFiles) files[p] = readFileSync(join(stage, p), "utf8");
} finally {
  rmSync(stage, { recursive: true, force: true });
}
writeTree(files, out);

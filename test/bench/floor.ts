/**
 * The floor under a cold gen in Node: what any generator written for Node pays to format and
 * write a tree it already holds. `node dist/test/bench/floor.js <tree.json> <out>`: Node starts,
 * reads the tree (path → base64 bytes, one file), formats its .go files with gofmt as the
 * go-zero pack's step does (staged on a memory file system, in as many runs at once as the
 * step uses: engine/steps/index.ts), and creates every file under <out>. No descriptor is read;
 * nothing is checked, planned or rendered.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join } from "node:path";
import { scratchRoot } from "../../engine/steps/scratch-root.js";

function writeTree(files: Map<string, Buffer>, root: string): void {
  const made = new Set<string>();
  for (const [path, bytes] of files) {
    const dir = dirname(join(root, path));
    if (!made.has(dir)) {
      mkdirSync(dir, { recursive: true });
      made.add(dir);
    }
    writeFileSync(join(root, path), bytes);
  }
}

const [tree, out] = process.argv.slice(2) as [string, string];
const files = new Map(Object.entries(JSON.parse(readFileSync(tree, "utf8")) as Record<string, string>).map(([p, b64]) => [p, Buffer.from(b64, "base64")]));
const goFiles = [...files.keys()].filter((p) => p.endsWith(".go"));
// The step's batches: one per core, at least 100 files each.
const count = Math.max(1, Math.min(availableParallelism(), Math.floor(goFiles.length / 100)));
const size = Math.ceil(goFiles.length / count) || 1;
const stage = mkdtempSync(join(scratchRoot(), "codegen-floor-"));
const gofmt = (batch: string[]): Promise<void> =>
  new Promise((resolve, reject) => spawn("gofmt", ["-w", ...batch], { cwd: stage, stdio: "inherit" }).on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`gofmt exited with ${code}`)))));
try {
  writeTree(new Map(goFiles.map((p) => [p, files.get(p)!])), stage);
  const batches: string[][] = [];
  for (let i = 0; i < goFiles.length; i += size) batches.push(goFiles.slice(i, i + size));
  await Promise.all(batches.map(gofmt));
  for (const p of goFiles) files.set(p, readFileSync(join(stage, p)));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
writeTree(files, out);

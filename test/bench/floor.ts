/**
 * The floor under a cold gen in Node: what any generator written for Node pays to format and
 * write a tree it already holds. `node dist/test/bench/floor.js <tree.json> <out>`: Node starts,
 * reads the tree (path → base64 bytes, one file), formats its .go files with gofmt as the
 * go-zero pack's step does (staged on a memory file system, in the step's batches:
 * engine/steps/batches.ts), and creates every file under <out>. No descriptor is read;
 * nothing is checked, planned or rendered.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { inBatches } from "../../engine/steps/batches.js";
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
const files = new Map(
  Object.entries(JSON.parse(readFileSync(tree, "utf8")) as Record<string, string>).map(([p, b64]) => [
    p,
    Buffer.from(b64, "base64"),
  ]),
);
const goFiles = [...files.keys()].filter((p) => p.endsWith(".go"));
const stage = mkdtempSync(join(scratchRoot(), "codegen-floor-"));
const gofmt = (batch: string[]): Promise<void> =>
  new Promise((resolve, reject) =>
    spawn("gofmt", ["-w", ...batch], { cwd: stage, stdio: "inherit" }).on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`gofmt exited with ${code}`)),
    ),
  );
try {
  writeTree(new Map(goFiles.map((p) => [p, files.get(p)!])), stage);
  await Promise.all(inBatches(goFiles).map(gofmt));
  for (const p of goFiles) files.set(p, readFileSync(join(stage, p)));
} finally {
  rmSync(stage, { recursive: true, force: true });
}
writeTree(files, out);

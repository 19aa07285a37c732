/**
 * Which nested project (a folder below the root with its own .codegen.yaml) holds a path
 * (engine/project): answered once per folder, for files in any order.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NestedProjects } from "../../engine/project/index.js";

test("a path's owner is the outermost nested project above it, whatever was asked before", () => {
  const root = mkdtempSync(join(tmpdir(), "codegen-nested-"));
  try {
    for (const d of ["plugins/pay", "plugins/pay/inner", "internal/logic", "plugins/paying"])
      mkdirSync(join(root, d), { recursive: true });
    writeFileSync(join(root, ".codegen.yaml"), "name: host\n");
    writeFileSync(join(root, "plugins/pay/.codegen.yaml"), "name: pay\n");
    writeFileSync(join(root, "plugins/pay/inner/.codegen.yaml"), "name: inner\n");
    const asked: Array<[string, string | null]> = [
      ["main.go", null],
      ["plugins/pay/inner/x.go", "plugins/pay"],
      ["plugins/pay/main.go", "plugins/pay"],
      ["plugins/paying/main.go", null],
      ["plugins/readme.md", null],
      ["internal/logic/a.go", null],
      ["internal/logic/b.go", null],
      ["plugins/pay/inner/y.go", "plugins/pay"],
      ["plugins/pay/deep/er/z.go", "plugins/pay"],
      ["go.mod", null],
    ];
    // Each order of the same questions gives the same answers: the folder memo must not leak.
    for (const order of [asked, [...asked].reverse()]) {
      const nested = new NestedProjects(root);
      for (const [path, owner] of order) assert.is(nested.owner(path), owner, path);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test.run();

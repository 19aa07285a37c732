/**
 * The ledger names the files gen may rewrite or delete: a path that is not a plain relative
 * path inside the project makes the whole ledger invalid, so nothing outside is ever touched.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readLedger } from "../../engine/write/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { scratch } from "../support/paths.js";

const test = suite("ledger paths");

function ledgerListing(path: string): string {
  const dir = scratch("ledger-paths");
  mkdirSync(join(dir, ".codegen"), { recursive: true });
  const entry = { path, mode: "managed", rule: "r", sources: [], sha256: "0".repeat(64) };
  writeFileSync(join(dir, ".codegen/ledger.json"), JSON.stringify({ version: 1, descriptors: {}, files: [entry] }));
  return dir;
}

test("paths that leave the project or are not in normal form are refused", () => {
  const unsafe = [
    "../outside.go",
    "a/../../outside.go",
    "/etc/passwd",
    "./a.go",
    "a/./b.go",
    "a//b.go",
    "a/",
    "",
    "..",
    "a/..",
    "C:/x.go",
    "c:x.go",
    "a\\b.go",
    "a\0b.go",
    ".codegen/ledger.json",
    "x/../.codegen/lock",
    "x/.codegen/y",
    ".git/HEAD",
    "a/.GIT/config",
    ".hg/hgrc",
  ];
  for (const path of unsafe) {
    try {
      readLedger(ledgerListing(path));
      assert.unreachable(`accepted ${JSON.stringify(path)}`);
    } catch (e) {
      if (!(e instanceof CodegenError)) throw e;
      assert.is(e.diagnostics[0]?.code, "LEDGER_INVALID", JSON.stringify(path));
    }
  }
});

test("plain relative paths, dotted names included, are read", () => {
  for (const path of [
    "main.go",
    "internal/handler/a.go",
    ".gitignore",
    "etc/.env",
    "a..b/c.go",
    "...",
    ".codegenx/a",
    ".github/workflows/ci.yml",
    "a/.gitkeep",
  ]) {
    assert.ok(readLedger(ledgerListing(path)).entries.has(path), path);
  }
});

test.run();

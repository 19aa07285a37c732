/**
 * Attack class: a folder of the project replaced by a symbolic link while gen writes (after the
 * checks on the plan, before or between the renames into place). The writer resolves each
 * file's folder again around its rename: a file that would land outside is taken back, the
 * transaction rolls back, and nothing is left outside the project. The swap is made before the
 * write begins here, so the test does not race the writer: the same check runs around every
 * rename, whenever the swap happens.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyTransaction } from "../../engine/write/index.js";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { scratch } from "../support/paths.js";

const test = suite("attacks: a folder swapped for a link while gen writes");

function project(): { root: string; outside: string } {
  const base = scratch("attack-swap");
  const root = join(base, "proj");
  const outside = join(base, "outside");
  mkdirSync(join(root, "internal/handler"), { recursive: true });
  mkdirSync(outside);
  writeFileSync(join(root, "internal/handler/routes.go"), "old routes\n");
  writeFileSync(join(root, "main.go"), "old main\n");
  return { root, outside };
}

/** What another process does: the real folder moved away, a link to outside in its place. */
function swap(root: string, folder: string, outside: string): void {
  renameSync(join(root, folder), join(root, `${folder}.moved`));
  symlinkSync(outside, join(root, folder));
}

test("a new file is not written through a folder that became a link; the run rolls back", async () => {
  const { root, outside } = project();
  swap(root, "internal/handler", outside);
  const changes = [
    { path: "main.go", bytes: Buffer.from("new main\n"), existed: true },
    { path: "internal/handler/user.go", bytes: Buffer.from("package handler\n"), existed: false },
  ];
  const error = await applyTransaction(root, changes, null).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof CodegenError, `the write is refused (${String(error)})`);
  assert.match(
    (error as CodegenError).diagnostics[0]?.message ?? "",
    /internal\/handler changed while gen wrote internal\/handler\/user\.go/,
  );
  assert.equal(readdirSync(outside), [], "nothing was left outside the project");
  assert.is(readFileSync(join(root, "main.go"), "utf8"), "old main\n", "the files written before were rolled back");
  assert.not.ok(existsSync(join(root, ".codegen/tx")), "the transaction is finished");
});

test("a file is not replaced through a folder that became a link: the file outside stays", async () => {
  const { root, outside } = project();
  writeFileSync(join(outside, "routes.go"), "a file outside the project\n");
  swap(root, "internal/handler", outside);
  const changes = [{ path: "internal/handler/routes.go", bytes: Buffer.from("new routes\n"), existed: true }];
  const error = await applyTransaction(root, changes, null).then(
    () => null,
    (e: unknown) => e,
  );
  assert.ok(error instanceof CodegenError, `the write is refused (${String(error)})`);
  assert.is(readFileSync(join(outside, "routes.go"), "utf8"), "a file outside the project\n");
  assert.equal(readdirSync(outside), ["routes.go"]);
  assert.is(readFileSync(join(root, "internal/handler.moved/routes.go"), "utf8"), "old routes\n");
});

test.run();

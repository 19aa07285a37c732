/**
 * The writer's check that no destination leads outside the project through a symlink
 * (engine/write/inside-root.ts), which remembers what each folder resolves to for one write.
 */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rootGuard } from "../../engine/write/inside-root.js";
import { CodegenError } from "../../engine/diagnostics/index.js";

function refused(check: () => void): string | null {
  try {
    check();
    return null;
  } catch (e) {
    if (!(e instanceof CodegenError)) throw e;
    return e.diagnostics.map((d) => `${d.code} ${d.message}`).join("\n");
  }
}

test("folders that exist, folders that do not, and symlinks out, in any order", () => {
  const base = realpathSync(mkdtempSync(join(tmpdir(), "codegen-guard-")));
  try {
    const root = join(base, "project");
    const outside = join(base, "outside");
    mkdirSync(join(root, "internal/logic"), { recursive: true });
    mkdirSync(join(outside, "deeper"), { recursive: true });
    symlinkSync(outside, join(root, "internal/link"));
    symlinkSync(join(root, "internal/logic"), join(root, "alias"));
    const guard = rootGuard(root);
    // Files in new folders under a folder already resolved, then through the symlink below it.
    assert.is(refused(() => guard("internal/new/a/x.go")), null);
    assert.is(refused(() => guard("internal/logic/x.go")), null);
    assert.match(refused(() => guard("internal/link/deeper/x.go")) ?? "", /UNSAFE_PATH internal\/link\/deeper\/x\.go would be written through internal\/link\/deeper, which leads outside the project/);
    assert.match(refused(() => guard("internal/link/new/x.go")) ?? "", /would be written through internal\/link, which leads outside/);
    assert.match(refused(() => guard("internal/link/x.go")) ?? "", /would be written through internal\/link,/);
    // A symlink that stays inside is fine; new folders under the root are too.
    assert.is(refused(() => guard("alias/x.go")), null);
    assert.is(refused(() => guard("fresh/one/two/x.go")), null);
    assert.is(refused(() => guard("x.go")), null);
    // The same folders checked again give the same answers.
    assert.ok(refused(() => guard("internal/link/deeper/y.go")));
    assert.is(refused(() => guard("internal/new/a/y.go")), null);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

test.run();

/**
 * Planned paths: what is accepted is the path in normal form, inside the root, and every
 * refusal is a diagnostic; checked over generated paths of plain, dotted, empty, non-ASCII and
 * over-long segments (plain paths take a shortcut that must agree with path.normalize).
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { posix } from "node:path";
import { safeRelativePath } from "../../engine/plan/safe-path.js";
import { CodegenError } from "../../engine/diagnostics/index.js";

const test = suite("planned paths");
const span = { file: "desc/api/a.api", line: 1, column: 1 };
const SEGMENTS = ["a", "b.go", ".", "..", "", ".env", "x y", "é", "C:", "a\\b", "n\0", "x".repeat(256), "...", "a..b"];

test("accepted paths are normal and inside the root; the rest are diagnostics", () => {
  let seed = 11;
  const next = (): number => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  let accepted = 0;
  for (let i = 0; i < 5000; i++) {
    const raw =
      Array.from({ length: 1 + Math.floor(next() * 4) }, () => SEGMENTS[Math.floor(next() * SEGMENTS.length)]!).join(
        "/",
      ) + (next() < 0.1 ? " " : "");
    let out: string;
    try {
      out = safeRelativePath(raw, span, "r");
    } catch (e) {
      if (!(e instanceof CodegenError)) throw e;
      assert.ok(["UNSAFE_PATH", "PATH_TOO_LONG"].includes(e.diagnostics[0]!.code), raw);
      continue;
    }
    accepted++;
    assert.is(out, posix.normalize(raw.trim()).replace(/^\.\//, ""), JSON.stringify(raw));
    assert.ok(
      !out.startsWith("/") && !out.split("/").includes("..") && !out.endsWith("/") && !out.includes("\\"),
      JSON.stringify(raw),
    );
    assert.ok(
      out.split("/").every((s) => Buffer.byteLength(s) <= 255),
      JSON.stringify(raw),
    );
  }
  assert.ok(accepted > 500, `only ${accepted} accepted`);
});

test("a plain path comes back as it was written", () => {
  for (const p of ["main.go", "internal/handler/user/get_user_handler.go", ".env", "a..b/...x"])
    assert.is(safeRelativePath(p, span, "r"), p);
  assert.is(safeRelativePath("  a/./b.go ", span, "r"), "a/b.go");
  assert.is(safeRelativePath("a/x/../b.go", span, "r"), "a/b.go");
});

test.run();

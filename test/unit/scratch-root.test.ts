/** Steps stage their files on a memory file system when there is one and TMPDIR names none. */
import { test } from "uvu";
import * as assert from "uvu/assert";
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { scratchRoot } from "../../engine/steps/scratch-root.js";

test("without TMPDIR, /dev/shm where Linux has it", () => {
  const expected = process.platform === "linux" && existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  assert.is(scratchRoot({}), expected);
});

test("TMPDIR wins", () => {
  assert.is(scratchRoot({ TMPDIR: tmpdir() }), tmpdir());
});

test.run();

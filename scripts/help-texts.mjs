/**
 * Build step, after the bundle: what `codegen`, `codegen --help` and `codegen <command> --help`
 * print, taken from the bundle itself, into dist/bundle/help.json. For those
 * arguments bin/codegen.js prints the stored text instead of loading the CLI (a fifth of a
 * second on a slow machine). The record names the bundle file's stat (device, inode, size,
 * modification and change times): any rewrite of the bundle changes its change time, which no
 * user can set, so bin/codegen.js uses the texts only with the bundle they came from. (Its
 * SHA-256 would cost 15 ms here, a tenth of the whole.) An install that copies the files, as
 * npm's does from a tarball, gets other stats: it checks the bundle's SHA-256, also recorded.
 */
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";
import { fileStamp } from "../bin/file-stamp.js";

const root = fileURLToPath(new URL("..", import.meta.url));
const bundle = join(root, "dist/bundle/main.cjs");
const exports = createRequire(import.meta.url)(bundle);

/** What main prints on standard output for argv, and its exit code. */
async function printed(argv) {
  let stdout = "";
  const write = process.stdout.write;
  process.stdout.write = (chunk) => ((stdout += String(chunk)), true);
  try {
    const code = await exports.main(argv, {
      info: (l) => (stdout += l + "\n"),
      error: (l) => {
        throw new Error(`unexpected error output for ${argv.join(" ")}: ${l}`);
      },
    });
    return { stdout, code };
  } finally {
    process.stdout.write = write;
  }
}

const texts = {};
const help = await printed(["--help"]);
const commands =
  help.stdout
    .split("\n\n")
    .find((block) => block.startsWith("Commands:"))
    ?.split("\n")
    .slice(1)
    .map((l) => l.trim().split(/\s+/)[0]) ?? [];
if (commands.length === 0) throw new Error("no commands in codegen --help");
// Not --version: it names the platform and Node's version, which may change after the build.
for (const argv of [
  [],
  ["--help"],
  ["-h"],
  ...commands.flatMap((c) => [
    [c, "--help"],
    [c, "-h"],
  ]),
]) {
  texts[argv.join(" ")] = await printed(argv);
}
writeFileSync(
  join(root, "dist/bundle/help.json"),
  JSON.stringify({
    bundle: fileStamp(bundle),
    digest: createHash("sha256").update(readFileSync(bundle)).digest("hex"),
    texts,
  }),
);

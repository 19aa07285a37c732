/**
 * `gen --git-change [ref]`: the files version control sees as changed against a ref (HEAD by
 * default): modified, staged, added, deleted and untracked, as root-relative paths.
 */
import { CodegenError, diag } from "../diagnostics/index.js";
import { runArgv } from "../exec/index.js";

export async function gitChangedFiles(root: string, ref: string): Promise<string[]> {
  const inRepo = await runArgv(["git", "rev-parse", "--is-inside-work-tree"], root);
  if (inRepo.exitCode !== 0 || inRepo.output.trim() !== "true") {
    const why = inRepo.exitCode === 127 ? "git is not installed" : "the project is not in a git repository";
    throw new CodegenError(
      diag(
        "GIT_CHANGE",
        `--git-change needs git: ${why}`,
        undefined,
        "use --desc <file> to choose descriptors, or run git init",
      ),
      2,
    );
  }
  const known = await runArgv(["git", "rev-parse", "--verify", "--quiet", `${ref}^{commit}`], root);
  if (known.exitCode !== 0) {
    throw new CodegenError(
      diag(
        "GIT_CHANGE",
        `--git-change: "${ref}" is not a commit in this repository${ref === "HEAD" ? " (no commit yet?)" : ""}`,
      ),
      2,
    );
  }
  // --relative: paths relative to the project root, and only those under it.
  const diff = await runArgv(
    ["git", "-c", "core.quotePath=false", "diff", "--name-only", "--no-renames", "--relative", ref, "--"],
    root,
  );
  const untracked = await runArgv(
    ["git", "-c", "core.quotePath=false", "ls-files", "--others", "--exclude-standard"],
    root,
  );
  for (const r of [diff, untracked]) {
    if (r.exitCode !== 0) throw new CodegenError(diag("GIT_CHANGE", `git failed: ${r.output.trim()}`), 1);
  }
  const lines = `${diff.output}\n${untracked.output}`
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
  return [...new Set(lines)].sort();
}

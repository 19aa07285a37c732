import { CodegenError, diag } from "../../diagnostics/index.js";
import { findProjectRoot } from "../../project/index.js";
import { acquireLock, recoverTransaction } from "../../write/index.js";
import { reportRecovery } from "../run-gen.js";
import type { Out } from "../report.js";

export interface RecoverFlags {
  rollback?: boolean;
}

/**
 * `codegen recover [--rollback]`: finish the write of a gen that was killed midway (every other
 * command does this first on its own), or restore the files it had replaced.
 */
export async function recoverCommand(flags: RecoverFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const root = findProjectRoot(cwd);
  if (!root) throw new CodegenError(diag("NOT_A_PROJECT", `no .codegen.yaml in ${cwd} or its parents`), 2);
  const release = await acquireLock(root, { command: "recover", onWait: (m) => out.error(`codegen: ${m}`) });
  try {
    const r = recoverTransaction(root, flags.rollback ? "back" : "forward");
    if (r.action === "none") out.info("nothing to recover: no interrupted gen");
    else reportRecovery(r, out);
    if (flags.rollback && r.action === "cleaned" && r.tree === "new")
      out.error("codegen: nothing left to roll back: that write had been finished before this command ran");
  } finally {
    release();
  }
}

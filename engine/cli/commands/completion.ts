/**
 * `codegen completion bash|zsh|fish`: print a completion script. Commands and options come from
 * the CLI's own definitions (completion/spec.ts); frames from the pack `new` would use here.
 */
import type { CAC } from "cac";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { loadConfig } from "../../config/index.js";
import { loadPack } from "../../packs/index.js";
import { bashScript } from "../completion/bash.js";
import { fishScript } from "../completion/fish.js";
import { completionSpec, isShellWord, SHELLS } from "../completion/spec.js";
import { zshScript } from "../completion/zsh.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

export async function completionCommand(
  shell: string,
  cli: CAC,
  flags: GlobalFlags,
  out: Out,
  cwd = process.cwd(),
): Promise<void> {
  if (!(SHELLS as readonly string[]).includes(shell)) {
    throw new CodegenError(diag("USAGE", `no completion for shell "${shell}" (shells: ${SHELLS.join(", ")})`), 2);
  }
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  const pack = await loadPack(config.values.pack, config.root, { offline: config.values.offline });
  const frames = Object.keys(pack.frames);
  const left = frames.filter((f) => !isShellWord(f));
  if (left.length > 0)
    out.error(
      `codegen: frames not offered for completion (not plain words a shell takes literally): ${left.map((f) => JSON.stringify(f)).join(", ")}`,
    );
  const spec = completionSpec(cli, frames);
  const script = shell === "bash" ? bashScript(spec) : shell === "zsh" ? zshScript(spec) : fishScript(spec);
  out.info(script.trimEnd());
}

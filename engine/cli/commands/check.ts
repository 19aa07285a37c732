import { loadConfig, type LoadedConfig } from "../../config/index.js";
import { withHooks } from "../hooks.js";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { runArgv } from "../../exec/index.js";
import type { Pack } from "../../packs/index.js";
import { projectPack } from "../project-pack.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

/** `codegen check`: run each tool's check command; say what is missing and how to install it. */
export async function checkCommand(flags: GlobalFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const { pack, config } = await projectPack(await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) }));
  await withHooks(config.values.hooks, config.root, "", () => checkTools(config, pack, flags, out));
}

async function checkTools(config: LoadedConfig, pack: Pack, flags: GlobalFlags, out: Out): Promise<void> {
  // Inside a project, the tools its frame needs; elsewhere every tool unless --frame narrows.
  const frame = flags.frame ?? (config.inProject ? config.values.frame : undefined);
  const tools = pack.tools.filter((t) => !frame || !t.frames || t.frames.includes(frame));
  const missing: string[] = [];
  for (const tool of tools) {
    const r = await runArgv(tool.check, config.root);
    const first = r.output.split("\n").find((l) => l.trim() !== "") ?? "";
    if (r.exitCode === 0) out.info(`ok       ${tool.name}  ${first.trim()}`);
    else {
      missing.push(tool.name);
      out.info(`missing  ${tool.name}${tool.install ? `  install: ${tool.install}` : ""}`);
    }
  }
  if (missing.length > 0) throw new CodegenError(diag("TOOL_MISSING", `missing tools: ${missing.join(", ")}`));
  out.info(`${tools.length} tools ok`);
}

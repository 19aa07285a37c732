import { consentState, loadConfig, type LoadedConfig } from "../../config/index.js";
import { withHooks } from "../hooks.js";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { runArgv } from "../../exec/index.js";
import type { Pack } from "../../packs/index.js";
import { projectPack } from "../project-pack.js";
import { allowedHooks } from "../consent.js";
import { configFlags, type GlobalFlags } from "../flags.js";
import type { Out } from "../report.js";

/** `codegen check`: run each tool's check command; say what is missing and how to install it. */
export async function checkCommand(flags: GlobalFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const { pack, config } = await projectPack(
    await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) }),
  );
  // Only reads: the checks of a pack that is not built in, and the config file's hooks, run
  // only when the user allowed them; otherwise they are left out and named.
  const consent = consentState(config, pack);
  const unchecked = consent.allowedBy ? [] : consent.commands.filter((c) => c.kind === "tool check");
  const hooks = allowedHooks(consent, config, out, unchecked);
  await withHooks(hooks, config.root, "", () => checkTools(config, pack, flags, out, consent.allowedBy !== null));
}

async function checkTools(
  config: LoadedConfig,
  pack: Pack,
  flags: GlobalFlags,
  out: Out,
  allowed: boolean,
): Promise<void> {
  // Inside a project, the tools its frame needs; elsewhere every tool unless --frame narrows.
  const frame = flags.frame ?? (config.inProject ? config.values.frame : undefined);
  if (flags.frame !== undefined && !Object.hasOwn(pack.frames, flags.frame)) {
    throw new CodegenError(
      diag("USAGE", `unknown frame "${flags.frame}" (pack ${pack.name} has: ${Object.keys(pack.frames).join(", ")})`),
      2,
    );
  }
  const tools = pack.tools.filter((t) => !frame || !t.frames || t.frames.includes(frame));
  const missing: string[] = [];
  let skipped = 0;
  for (const tool of tools) {
    if (!tool.builtin && !allowed) {
      skipped++;
      out.info(
        `skipped  ${tool.name}  (its check, ${tool.check.join(" ")}, comes from pack ${tool.source} and is not allowed here)`,
      );
      continue;
    }
    const r = await runArgv(tool.check, config.root);
    const first = r.output.split("\n").find((l) => l.trim() !== "") ?? "";
    if (r.exitCode === 0) out.info(`ok       ${tool.name}  ${first.trim()}`);
    else {
      missing.push(tool.name);
      out.info(`missing  ${tool.name}${tool.install ? `  install: ${tool.install}` : ""}`);
    }
  }
  if (missing.length > 0) throw new CodegenError(diag("TOOL_MISSING", `missing tools: ${missing.join(", ")}`));
  const ok = tools.length - skipped;
  out.info(`${ok} ${ok === 1 ? "tool" : "tools"} ok${skipped > 0 ? `, ${skipped} not checked` : ""}`);
}

import { relative, resolve } from "node:path";
import { existsSync } from "node:fs";
import { CodegenError, diag } from "../../diagnostics/index.js";
import { CONFIG_FILE, loadConfig } from "../../config/index.js";
import { generate } from "../../generate.js";
import { withHooks } from "../hooks.js";
import { rebaseSpans } from "../errors.js";
import { diffLines, fileLines, summary, type Out } from "../report.js";
import type { GlobalFlags } from "../flags.js";
import { configFlags } from "../flags.js";

export interface GenFlags extends GlobalFlags {
  desc?: string | string[];
  dryRun?: boolean;
  diff?: boolean;
  force?: boolean;
}

export async function genCommand(flags: GenFlags, out: Out, cwd = process.cwd()): Promise<void> {
  const config = await loadConfig({ cwd, configFile: flags.config, flags: configFlags(flags) });
  if (!config.file) {
    // Without a project config, gen would write a whole project into whatever folder it runs in.
    throw new CodegenError(diag("NOT_A_PROJECT", `no ${CONFIG_FILE} in ${cwd} or its parents`, undefined, "run codegen new <name> to start a project, or create .codegen.yaml (name, module, frame) in its root"), 2);
  }
  const values = config.values;
  const only = values.gen.desc.map((d) => {
    const abs = resolve(cwd, d);
    if (!existsSync(abs)) throw new CodegenError(diag("DESC_NOT_FOUND", `descriptor ${d} does not exist`), 2);
    return relative(config.root, abs).split("\\").join("/");
  });
  const dryRun = Boolean(flags.dryRun || flags.diff);
  await runIn(config.root, cwd, () => withHooks(values.hooks, config.root, "", () =>
    withHooks(values.gen.hooks, config.root, "gen", async () => {
      const { report } = await generate({ config, phase: "gen", dryRun, only, log: out.info });
      if (flags.diff) out.info(await diffLines(report));
      for (const line of fileLines(report, values.verbose)) if (values.verbose || dryRun) out.info(line);
      out.info(summary(report, dryRun));
    }),
  ));
}

async function runIn(root: string, cwd: string, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (e) {
    throw rebaseSpans(e, root, resolve(cwd));
  }
}

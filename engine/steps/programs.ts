/**
 * Before any step runs: every program the steps will start (the first word of each `run`, and
 * the programs named in `cache_tools`, which the first one starts in turn, like a compiler's
 * plugins) must be on PATH. A missing one is reported by name, with the install command the
 * pack declares for it under `tools:` (what `codegen check` prints), instead of the failing
 * program's own message at the pack's line.
 */
import { CodegenError, diag, type Diagnostic } from "../diagnostics/index.js";
import { findProgram } from "../exec/index.js";
import type { Step, Tool } from "../packs/index.js";

export function assertProgramsFound(steps: Step[], tools: Tool[], frame: string): void {
  const needed = new Map<string, string[]>();
  for (const step of steps) {
    const first = step.run[0];
    // A program chosen by a template is known only once rendered; its failure is reported when it runs.
    const programs = [...(first !== undefined && !first.includes("{") ? [first] : []), ...step.cacheTools];
    for (const p of programs) needed.set(p, [...(needed.get(p) ?? []), step.name]);
  }
  const problems: Diagnostic[] = [];
  for (const [program, users] of needed) {
    // A path is taken from the scratch folder the step runs in (it may be a file the pack wrote): checked when it runs.
    if (program.includes("/") || findProgram(program)) continue;
    const tool = tools.find((t) => t.name === program || t.check[0] === program);
    const install = tool?.install ? `install: ${tool.install}` : "install it or put its folder on PATH";
    const steps = [...new Set(users)].map((s) => `"${s}"`).join(", ");
    problems.push(
      diag(
        "TOOL_MISSING",
        `${program} is not on PATH (step ${steps} needs it); nothing was written`,
        undefined,
        `${install}; codegen check${frame ? ` --frame ${frame}` : ""} lists every tool this project needs`,
      ),
    );
  }
  if (problems.length > 0) throw new CodegenError(problems);
}

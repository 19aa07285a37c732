import { Liquid, type FS, type Template } from "liquidjs";
import { TemplateCompiler } from "./compiled.js";
import { filters } from "./filters.js";
import { templateFs } from "./template-fs.js";
import { renderBudget } from "./budget.js";
import { tagLines } from "./template-lines.js";

/** The Liquid environment pack templates run in: strict, cached, with the engine's generic filters. */
export function packLiquid(templateDirs: string[], fs: FS): Liquid {
  const liquid = new Liquid({
    root: templateDirs,
    partials: templateDirs,
    extname: ".liquid",
    strictVariables: true,
    strictFilters: true,
    lenientIf: true,
    cache: true,
    ownPropertyOnly: true,
    fs,
    // Without a locale Liquid asks Intl for the system's, which loads ICU data on every run;
    // no filter here formats dates.
    locale: "en-US",
  });
  for (const [name, fn] of Object.entries(filters)) liquid.registerFilter(name, fn as (...args: unknown[]) => unknown);
  countBlocks(liquid);
  return liquid;
}

/**
 * liquidjs renders every block (a template, a loop's body each round, a branch) through its
 * renderer's renderTemplates: each is a tick of the budget, so a long loop stops on time or on
 * a signal. An instance whose renderer has another shape renders without ticks (still within
 * its memory limit and the checks on the output).
 */
function countBlocks(liquid: Liquid): void {
  const renderer = (
    liquid as unknown as {
      renderer?: { renderTemplates?: (...args: unknown[]) => Generator<unknown, unknown, unknown> };
    }
  ).renderer;
  const original = renderer?.renderTemplates;
  if (!renderer || typeof original !== "function") return;
  renderer.renderTemplates = function* (...args: unknown[]): Generator<unknown, unknown, unknown> {
    renderBudget.tick();
    return yield* original.apply(this, args);
  };
}

/**
 * CODEGEN_LIQUID=liquidjs turns compiled Liquid off: liquidjs renders every template (to rule
 * compiled.ts out when a template surprises; the golden suite generates every case this way too).
 */
const compiledEnabled = process.env["CODEGEN_LIQUID"] !== "liquidjs";

/** Renders so far by each rendering, and what made the last one liquidjs's (--verbose prints them). */
export const renders = { compiled: 0, liquidjs: 0, lastLeft: "" };

/** A parsed template, and its compiled form when it has one (compiled.ts). */
interface Parsed {
  templates: Template[];
  compiled: ((scope: object) => string) | null;
  /** What the template is called in --verbose: its file, or the inline string. */
  name: string;
  /** Why it is not compiled (a construct compiled.ts leaves to liquidjs, or the switch). */
  declined: string;
}

/** One Liquid environment per pack (packLiquid); templates run compiled where they can. */
export class Renderer {
  private readonly liquid: Liquid;
  private readonly compiler: TemplateCompiler | null;
  private readonly inline = new Map<string, Parsed>();
  private readonly files = new Map<string, Parsed>();

  constructor(templateDirs: string[]) {
    this.liquid = packLiquid(templateDirs, templateFs(templateDirs));
    this.compiler = compiledEnabled ? compilerFor(this.liquid) : null;
  }

  /** Render a short Liquid string (a rule's path or mode); parsed once per distinct string. */
  async renderString(source: string, scope: object): Promise<string> {
    let parsed = this.inline.get(source);
    if (!parsed) {
      parsed = this.prepare(this.liquid.parse(source), source);
      this.inline.set(source, parsed);
    }
    return this.render(parsed, scope);
  }

  /** Render a pack template; each file is looked up and parsed once per run. */
  async renderFile(name: string, scope: object): Promise<string> {
    let parsed = this.files.get(name);
    if (!parsed) {
      parsed = this.prepare(this.liquid.parseFileSync(name), name);
      this.files.set(name, parsed);
    }
    return this.render(parsed, scope);
  }

  /**
   * The template's file, and its output with a marker per template line (template-lines.ts),
   * rendered by liquidjs with the same scope; output null when the tagged copy does not render.
   * Only for diagnostics: a run that succeeds never calls it.
   */
  renderTagged(name: string, scope: object): { file: string | null; output: string | null } {
    let templates: Template[];
    try {
      templates = this.files.get(name)?.templates ?? this.liquid.parseFileSync(name);
    } catch {
      return { file: null, output: null };
    }
    const file = templates.find((t) => t.token.file)?.token.file ?? null;
    if (!file) return { file, output: null };
    try {
      const source = String(this.liquid.options.fs.readFileSync(file));
      const limit = Math.max(renderBudget.items, renderBudget.bytes);
      const output = String(
        this.liquid.renderSync(
          this.liquid.parse(tagLines(source), file),
          scope,
          Number.isFinite(limit) ? { memoryLimit: limit } : {},
        ),
      );
      return { file, output };
    } catch (e) {
      if (renderBudget.isStop(e)) throw e;
      return { file, output: null };
    }
  }

  private prepare(templates: Template[], name: string): Parsed {
    if (!this.compiler)
      return {
        templates,
        compiled: null,
        name,
        declined: compiledEnabled ? "options compiled Liquid does not follow" : "CODEGEN_LIQUID=liquidjs",
      };
    try {
      return { templates, compiled: this.compiler.compile(templates), name, declined: "" };
    } catch (e) {
      return { templates, compiled: null, name, declined: `a construct left to liquidjs (${(e as Error).message})` };
    }
  }

  private render(parsed: Parsed, scope: object): string {
    const budget = renderBudget;
    if (parsed.compiled) {
      try {
        const out = sized(parsed.compiled(scope), budget);
        renders.compiled++;
        return out;
      } catch (e) {
        if (budget.isStop(e)) throw e;
        // Rendered again by liquidjs, whose output or error is the one given.
        renders.lastLeft = oneLine(`${parsed.name}: the compiled render stopped (${(e as Error).message})`);
      }
    } else {
      renders.lastLeft = oneLine(`${parsed.name}: ${parsed.declined}`);
    }
    renders.liquidjs++;
    // Synchronous rendering: no filter or tag here is asynchronous, and a promise per tag costs.
    // Its memory limit counts the items of ranges and the characters filters make.
    const limit = Math.max(budget.items, budget.bytes);
    try {
      return sized(
        String(this.liquid.renderSync(parsed.templates, scope, Number.isFinite(limit) ? { memoryLimit: limit } : {})),
        budget,
      );
    } catch (e) {
      if (/memory alloc limit exceeded/.test((e as Error).message ?? ""))
        throw budget.exceeded(
          limit === budget.items ? "items" : "bytes",
          `Liquid made more than ${limit} items or characters (a range, a filter's output)`,
        );
      throw e;
    }
  }
}

const oneLine = (text: string): string => text.replace(/\s+/g, " ").trim().slice(0, 160);

function sized(out: string, budget: typeof renderBudget): string {
  if (out.length > budget.bytes)
    throw budget.exceeded("bytes", `rendered ${out.length} characters (more than ${budget.bytes})`);
  return out;
}

function compilerFor(liquid: Liquid): TemplateCompiler | null {
  try {
    return new TemplateCompiler(liquid);
  } catch {
    return null; // options compiled.ts does not follow: liquidjs renders everything
  }
}

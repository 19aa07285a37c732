import { Liquid, type Template } from "liquidjs";
import { filters } from "./filters.js";
import { templateFs } from "./template-fs.js";

/** One Liquid environment per pack: strict, cached, with the engine's generic filters. */
export class Renderer {
  private readonly liquid: Liquid;
  private readonly inline = new Map<string, Template[]>();
  private readonly files = new Map<string, Template[]>();

  constructor(templateDirs: string[]) {
    this.liquid = new Liquid({
      root: templateDirs,
      partials: templateDirs,
      extname: ".liquid",
      strictVariables: true,
      strictFilters: true,
      lenientIf: true,
      cache: true,
      ownPropertyOnly: true,
      fs: templateFs(),
      // Without a locale Liquid asks Intl for the system's, which loads ICU data (about 30 ms a run);
      // no filter here formats dates.
      locale: "en-US",
    });
    for (const [name, fn] of Object.entries(filters)) this.liquid.registerFilter(name, fn as (...args: unknown[]) => unknown);
  }

  /** Render a short Liquid string (a rule's path or mode); parsed once per distinct string. */
  async renderString(source: string, scope: object): Promise<string> {
    let tpl = this.inline.get(source);
    if (!tpl) {
      tpl = this.liquid.parse(source);
      this.inline.set(source, tpl);
    }
    return String(this.liquid.renderSync(tpl, scope));
  }

  /** Render a pack template; each file is looked up and parsed once per run. */
  async renderFile(name: string, scope: object): Promise<string> {
    let tpl = this.files.get(name);
    if (!tpl) {
      tpl = this.liquid.parseFileSync(name);
      this.files.set(name, tpl);
    }
    // Synchronous rendering: no filter or tag here is asynchronous, and a promise per tag costs.
    return String(this.liquid.renderSync(tpl, scope));
  }
}

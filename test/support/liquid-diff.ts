/**
 * One template rendered both ways: by its compiled form (engine/render/compiled.ts) and by
 * liquidjs, in the Liquid environment the engine's Renderer uses (packLiquid).
 * Partials come from an in-memory folder.
 */
import type { Liquid, Template } from "liquidjs";
import { TemplateCompiler, Unsupported } from "../../engine/render/compiled.js";
import { packLiquid } from "../../engine/render/index.js";

export type Outcome = { ok: true; text: string } | { ok: false; error: string };

export interface Rendered {
  /** liquidjs's own rendering. */
  liquid: Outcome;
  /** The compiled form's, or "unsupported" when the template is not compiled. */
  compiled: Outcome | "unsupported";
}

/** The scope the differential tests render over: the shapes liquidjs reads in its own ways. */
export function liquidScope(): Record<string, unknown> {
  return {
    s: "Hello",
    empty: "",
    n: 3,
    zero: 0,
    f: 1.5,
    t: true,
    no: false,
    z: null,
    list: ["a", "b", "c"],
    none: [],
    nums: [3, 1, 2],
    people: [
      { name: "ann", age: 30, tags: ["x"], boss: true },
      { name: "bob", age: 25, tags: [] },
    ],
    o: { k: "v", size: 7, inner: { deep: "d" }, first: "own-first", name: "o" },
    obj: { a: 1, b: 2 },
    key: "k",
    idx: 1,
    nested: [[1, 2], [3]],
    type: { kind: "slice", elem: { kind: "pointer", elem: { kind: "named", name: "user" } } },
  };
}

export class LiquidPair {
  private readonly liquid: Liquid;
  private readonly compiler: TemplateCompiler;

  constructor(partials: Record<string, string> = {}) {
    const files = new Map(Object.entries(partials).map(([k, v]) => [`/t/${k}.liquid`, v]));
    this.liquid = packLiquid(["/t"], {
      existsSync: (p: string) => files.has(p),
      exists: async (p: string) => files.has(p),
      readFileSync: (p: string) => files.get(p) ?? "",
      readFile: async (p: string) => files.get(p) ?? "",
      resolve: (root: string, file: string, ext: string) => `${root}/${file.endsWith(ext) ? file : file + ext}`,
      contains: async () => true,
      containsSync: () => true,
      dirname: (p: string) => p.slice(0, p.lastIndexOf("/")),
      sep: "/",
    });
    this.compiler = new TemplateCompiler(this.liquid);
  }

  /** Both renderings of `source` over `scope` (the compiled one first: it must not change the scope). */
  render(source: string, scope: object): Rendered {
    let templates: Template[];
    try {
      templates = this.liquid.parse(source);
    } catch (e) {
      const error = { ok: false as const, error: `parse: ${(e as Error).message}` };
      return { liquid: error, compiled: "unsupported" };
    }
    let compiled: Rendered["compiled"];
    const before = JSON.stringify(scope);
    try {
      const run = this.compiler.compile(templates);
      try {
        compiled = { ok: true, text: run(scope) };
      } catch (e) {
        compiled = { ok: false, error: (e as Error).message };
      }
    } catch (e) {
      if (!(e instanceof Unsupported)) throw e;
      compiled = "unsupported";
    }
    // The Renderer renders again with liquidjs what the compiled form declines: it must not have changed the scope.
    if (JSON.stringify(scope) !== before) throw new Error(`the compiled render of ${source} changed its scope`);
    let liquid: Outcome;
    try {
      // A copy: some tags liquidjs renders ({% increment %}) write into the scope.
      liquid = { ok: true, text: String(this.liquid.renderSync(templates, copyOf(scope))) };
    } catch (e) {
      liquid = { ok: false, error: (e as Error).message };
    }
    return { liquid, compiled };
  }
}

/** A deep copy when the scope can be copied (plain data); the scope itself when it holds functions. */
function copyOf(scope: object): object {
  try {
    return structuredClone(scope);
  } catch {
    return scope;
  }
}

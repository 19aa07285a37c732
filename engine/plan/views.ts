/**
 * Views at run time. A view is a pure function of its item (and of the run's IR, project and
 * config), so each (view, item) is computed once per run: rules that show the same item through
 * the same view (a route's handler and its logic) share it, and a view may build on another with
 * `$view(name, item)` (the view of an rpc reads the view of its service) without computing it again.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { Pack } from "../packs/index.js";
import { layersOf, readPackText } from "../fs/index.js";
import { evaluateMaybeAsync } from "./jsonata.js";
import type { MaybeAsync } from "./maybe-async.js";
import type { ViewResults } from "./view-results.js";

type Known = { value: unknown } | { pending: Promise<unknown> };

export class ViewMemo {
  private readonly byView = new Map<string, WeakMap<object, Known>>();
  private kept: { results: ViewResults; ir: object } | null = null;

  /** Take results of earlier runs from `results` (never for the whole IR, which changes with any edit). */
  keep(results: ViewResults, ir: object): void {
    this.kept = { results, ir };
  }

  of(view: string, item: unknown, evaluate: () => MaybeAsync<unknown>): MaybeAsync<unknown> {
    if (item === null || typeof item !== "object") return evaluate();
    const kept = this.kept;
    const compute = kept && item !== kept.ir ? () => kept.results.of(view, item, evaluate) : evaluate;
    let known = this.byView.get(view);
    if (!known) this.byView.set(view, (known = new WeakMap()));
    const entry = known.get(item);
    if (entry) return "value" in entry ? entry.value : entry.pending;
    const data = compute();
    if (data instanceof Promise) {
      known.set(item, { pending: data });
      // A failure is reported by each rule at its own place, not once per rule at the first.
      data.then(
        (value) => known.set(item, { value }),
        () => known.delete(item),
      );
    } else known.set(item, { value: data });
    return data;
  }
}

/**
 * `$view(name, item)` for the expressions of a run: the named view of the pack chain (child
 * first) evaluated with `item` as input and the same bindings; `bindings` is read when called.
 */
export function viewFunction(
  pack: Pick<Pack, "viewDirs">,
  memo: ViewMemo,
  bindings: () => Record<string, unknown>,
): (name: unknown, item: unknown) => MaybeAsync<unknown> {
  const sources = new Map<string, { text: string; file: string }>();
  return (name, item) => {
    if (typeof name !== "string" || !/^(?!.*\.\.)[A-Za-z0-9_][A-Za-z0-9_./-]*$/.test(name))
      return Promise.reject(new Error(`$view: "${String(name)}" is not a view name`));
    let source = sources.get(name);
    if (!source) {
      const file = pack.viewDirs.map((d) => join(d, `${name}.jsonata`)).find((f) => existsSync(f));
      if (!file) return Promise.reject(new Error(`$view: no view ${name} (views/${name}.jsonata) in the pack chain`));
      let text: string | null;
      try {
        text = readPackText(layersOf(pack.viewDirs), file);
      } catch (e) {
        return Promise.reject(e);
      }
      if (text === null)
        return Promise.reject(new Error(`$view: no view ${name} (views/${name}.jsonata) in the pack chain`));
      source = { text, file };
      sources.set(name, source);
    }
    const { text, file } = source;
    return memo.of(text, item, () => evaluateMaybeAsync(text, item, bindings(), { file, line: 1, column: 1 }));
  };
}

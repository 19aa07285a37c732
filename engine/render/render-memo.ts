/**
 * `{% render "partial", a: x %}` gives the same text for the same arguments: a rendered partial
 * sees only what it is passed (Liquid isolates its scope), and every filter here is a pure
 * function. So each such render is remembered by the partial's name and its arguments' JSON,
 * within a run (every file's `_header`, the same type reference over and over) and, through a
 * kept cache bundle, between runs (the fields of an aggregate types file after a one-file edit).
 *
 * Only the plain form is remembered: a quoted file name, `key: value` arguments, no `with` or
 * `for`. Arguments that JSON cannot hold exactly (functions, class instances) are rendered
 * every time. Liquid's own time-dependent filter (`date` with "now") would be remembered as
 * well; no pack template may depend on the time of the run anyway (whole files are kept too).
 */
import { createHash } from "node:crypto";
import { RenderTag, type Context, type Emitter, type Hash, type Liquid, type Template } from "liquidjs";
import { engineIdentity, KeptBundle, treeIdentity } from "../cache/index.js";

export class RenderMemo {
  /** Renders served from memory (`remembered`) and done (`rendered`), for --verbose and tests. */
  readonly counts = { remembered: 0, rendered: 0 };
  private readonly run = new Map<string, string>();
  private readonly kept: KeptBundle | null;

  /** Kept between runs under a key of codegen, the template folders and `scope` (the project). */
  constructor(templateDirs: string[], scope: string | null) {
    if (scope === null) {
      this.kept = null;
      return;
    }
    const hash = createHash("sha256").update(`render-memo\0${engineIdentity()}\0${scope}\0`);
    for (const d of templateDirs) hash.update(`${d}\0${treeIdentity(d)}\0`);
    this.kept = new KeptBundle(hash.digest("hex"));
  }

  get(key: string): string | undefined {
    const here = this.run.get(key);
    if (here !== undefined) return here;
    const kept = this.kept?.get(key);
    if (!kept) return undefined;
    const text = kept.toString("utf8");
    this.run.set(key, text);
    return text;
  }

  set(key: string, text: string): void {
    this.run.set(key, text);
    this.kept?.put(key, Buffer.from(text, "utf8"));
  }

  save(): void {
    this.kept?.save();
  }
}

/** The fields of Liquid's render tag that its constructor parsed (private in its typings). */
interface Parsed {
  file: unknown;
  currentFile?: string;
  hash: Hash;
  with?: unknown;
  forBinding?: unknown;
  liquid: Liquid;
}

/** Liquid's render tag, remembering what it renders in `memo`. */
export function memoRenderTag(memo: RenderMemo): typeof RenderTag {
  return class MemoRenderTag extends RenderTag {
    override *render(ctx: Context, emitter: Emitter): Generator<unknown, void, unknown> {
      const self = this as unknown as Parsed;
      if (typeof self.file !== "string" || self.with !== undefined || self.forBinding !== undefined) {
        yield* super.render(ctx, emitter);
        return;
      }
      const args = (yield self.hash.render(ctx)) as Record<string, unknown>;
      const key = keyOf(self.file, args);
      const known = key === null ? undefined : memo.get(key);
      if (known !== undefined) {
        memo.counts.remembered++;
        emitter.write(known);
        return;
      }
      memo.counts.rendered++;
      const child = ctx.spawn();
      Object.assign(child.bottom(), args);
      const templates = (yield self.liquid._parsePartialFile(self.file, child.sync, self.currentFile)) as Template[];
      const text = String(yield self.liquid.renderer.renderTemplates(templates, child));
      if (key !== null) memo.set(key, text);
      emitter.write(text);
    }
  };
}

/** The partial and its arguments as JSON, or null when JSON would lose something. */
function keyOf(file: string, args: Record<string, unknown>): string | null {
  try {
    return createHash("sha256").update(file).update("\0").update(JSON.stringify(args, exact)).digest("base64");
  } catch {
    return null;
  }
}

const UNDEFINED = "\u0000undefined";

function exact(this: unknown, key: string, value: unknown): unknown {
  // The value before its toJSON (a Date's): only plain data is taken as it is.
  const original: unknown = (this as Record<string, unknown>)[key];
  if (original === undefined) return UNDEFINED;
  if (typeof original === "function" || typeof original === "symbol") throw new Error("not JSON");
  if (original !== null && typeof original === "object" && !Array.isArray(original)) {
    const proto: unknown = Object.getPrototypeOf(original);
    if (proto !== Object.prototype && proto !== null) throw new Error("not plain data");
  }
  return value;
}

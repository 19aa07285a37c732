/**
 * View results remembered between runs. A view that reads nothing of the run but its item, the
 * function library, the project, the config and whole-IR views it names (`$view("name", $ir)`)
 * gives the same data for the same item: after a one-file edit, the other items' views come from
 * here. Whether a view qualifies is read from its syntax tree (and the library's): any other use
 * of `$ir` or `$view` and it is always evaluated. One bundle per project state, like rendered files.
 */
import { createHash } from "node:crypto";
import jsonata from "jsonata";
import { KeptBundle } from "../cache/index.js";
import { guarded } from "./jsonata.js";
import { then, type MaybeAsync } from "./maybe-async.js";
import { JsonTextMemo } from "./json-text-memo.js";

const sha = (text: string): string => createHash("sha256").update(text).digest("hex");

/** The whole-IR views a view names, or null when it reads the run some other way. */
export function itemLocalDeps(source: string): string[] | null {
  let ast: unknown;
  try {
    ast = jsonata(source).ast();
  } catch {
    return null;
  }
  const deps = new Set<string>();
  let local = true;
  const isVariable = (n: unknown, name: string): boolean => {
    const v = n as { type?: unknown; value?: unknown; stages?: unknown; predicate?: unknown; group?: unknown } | null;
    return v?.type === "variable" && v.value === name && !v.stages && !v.predicate && !v.group;
  };
  const visit = (node: unknown): void => {
    if (!local || node === null || typeof node !== "object") return;
    if (Array.isArray(node)) return node.forEach(visit);
    const n = node as { type?: unknown; value?: unknown; procedure?: unknown; arguments?: unknown[] };
    if (n.type === "function" && isVariable(n.procedure, "view")) {
      const [name, arg, ...rest] = n.arguments ?? [];
      const literal =
        (name as { type?: unknown; value?: unknown } | undefined)?.type === "string"
          ? (name as { value: string }).value
          : null;
      if (literal !== null && isVariable(arg, "ir") && rest.length === 0) deps.add(literal);
      else local = false;
      return;
    }
    // $eval reads whatever the expression it is given names, the IR included.
    if (n.type === "variable" && (n.value === "ir" || n.value === "view" || n.value === "eval")) {
      local = false;
      return;
    }
    for (const v of Object.values(n)) visit(v);
  };
  visit(ast);
  return local ? [...deps].sort() : null;
}

/** Whether a pack's function library (its sources) reads nothing of the run: else no view of the pack is kept. */
export function libraryIsItemLocal(sources: readonly string[]): boolean {
  return sources.every((source) => itemLocalDeps(source)?.length === 0);
}

export class ViewResults {
  private readonly kept: KeptBundle;
  private readonly locality = new Map<string, string[] | null>();
  private readonly depDigests = new Map<string, MaybeAsync<string | null>>();

  /**
   * `context`: what every view sees besides its item (the library, project and config);
   * `wholeView`: a named view's value for the whole IR.
   */
  constructor(
    context: string[],
    private readonly libraryIsLocal: boolean,
    private readonly wholeView: (name: string) => MaybeAsync<unknown>,
    private readonly json: JsonTextMemo = new JsonTextMemo(),
  ) {
    this.kept = new KeptBundle("view-cache", context);
  }

  /** The view's data for this item: kept, or computed and kept. */
  of(source: string, item: object, compute: () => MaybeAsync<unknown>): MaybeAsync<unknown> {
    return then(this.keyOf(source, item), (key) => {
      if (key === null) return compute();
      const hit = this.kept.get(key);
      if (hit) {
        const text = hit.toString("utf8");
        const value = guarded(JSON.parse(text));
        this.json.parsedFrom(value, text);
        return value;
      }
      return then(compute(), (value) => {
        if (survivesJson(value)) this.kept.put(key, Buffer.from(JSON.stringify(value ?? null)));
        return value;
      });
    });
  }

  save(): void {
    this.kept.save();
  }

  private keyOf(source: string, item: object): MaybeAsync<string | null> {
    if (!this.libraryIsLocal) return null;
    let deps = this.locality.get(source);
    if (deps === undefined) {
      deps = itemLocalDeps(source);
      this.locality.set(source, deps);
    }
    if (deps === null) return null;
    let parts: string[];
    try {
      parts = [source, this.json.of(item)];
    } catch {
      return null;
    }
    const add = (i: number): MaybeAsync<string | null> => {
      if (i === deps.length) return sha(parts.join("\0"));
      const d = deps[i]!;
      return then(this.depDigest(d), (digest) => {
        // A named view that fails (or holds a function) is the view's own business: it is
        // evaluated, and reports the failure where it happens, if it happens.
        if (digest === null) return null;
        parts.push(d, digest);
        return add(i + 1);
      });
    };
    return add(0);
  }

  private depDigest(name: string): MaybeAsync<string | null> {
    const known = this.depDigests.get(name);
    if (known !== undefined) return known;
    const digestOf = (v: unknown): string => sha(JSON.stringify(v ?? null));
    let digest: MaybeAsync<string | null>;
    try {
      const value = this.wholeView(name);
      digest = value instanceof Promise ? value.then(digestOf, () => null) : digestOf(value);
    } catch {
      digest = null;
    }
    this.depDigests.set(name, digest);
    if (digest instanceof Promise) void digest.then((d) => this.depDigests.set(name, d));
    return digest;
  }
}

/** Whether JSON gives the value back as a template sees it: no functions, no non-finite numbers, no holes in lists. */
function survivesJson(value: unknown): boolean {
  if (value === null || value === undefined || typeof value === "string" || typeof value === "boolean") return true;
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every((v) => v !== undefined && survivesJson(v));
  if (typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return (proto === Object.prototype || proto === null) && Object.values(value).every(survivesJson);
}

/**
 * Liquid templates turned into closures. liquidjs renders by walking its parse tree with a
 * generator per tag, per value and per filter; on a large project that is most of a gen's
 * rendering time, and most of it is spent warming up that machinery. Here liquidjs's own parse
 * tree (whitespace control already applied) becomes plain functions over liquidjs's own Context,
 * reading variables with its own lookup (scopes, own properties, size/first/last, drops) and
 * calling its own filter and operator implementations, so a value is what liquidjs would give.
 *
 * Only the common tags are compiled (if, unless, case, for without modifiers, assign, capture,
 * comment, render of a named partial with arguments); a template using anything else is not
 * compiled (Unsupported) and liquidjs renders it. A compiled render that throws, for whatever
 * reason, is rendered again by liquidjs (renderer.ts): errors and their messages stay liquidjs's.
 */
import {
  AssignTag,
  CaptureTag,
  CaseTag,
  CommentTag,
  Context,
  ForTag,
  IfTag,
  InlineCommentTag,
  isTruthy,
  Output,
  RenderTag,
  TokenKind,
  toValue,
  toValueSync,
  UnlessTag,
  type Liquid,
  type Template,
} from "liquidjs";
import { Forloop, primitive, stringify, toEnumerable } from "./liquid-values.js";
import { renderBudget } from "./budget.js";

import { Unsupported } from "./unsupported.js";
import { type Token, type Value, ValueCompiler } from "./compiled-values.js";

export { Unsupported };

type Run = (ctx: Context) => string;

export class TemplateCompiler {
  private readonly partials = new WeakMap<Template[], Run>();
  private readonly operators: Record<string, (...args: unknown[]) => unknown>;
  /** Whether if, unless, case and assign read undefined variables as nil (liquidjs's lenientIf). */
  private readonly lenientIf: boolean;
  private readonly values: ValueCompiler;

  constructor(private readonly liquid: Liquid) {
    const options = liquid.options as unknown as {
      operators: Record<string, (...args: unknown[]) => unknown>;
      lenientIf?: boolean;
      strictVariables?: boolean;
    };
    // Undefined variables read as nil everywhere: not compiled.
    if (!options.strictVariables) throw new Unsupported("options");
    this.operators = options.operators;
    this.lenientIf = options.lenientIf === true;
    this.values = new ValueCompiler(liquid, this.operators, this.lenientIf);
  }

  /** A render function for parsed templates, or Unsupported. */
  compile(templates: Template[]): (scope: object) => string {
    const run = this.block(templates);
    const liquid = this.liquid;
    return (scope) => run(new Context(scope, liquid.options, { sync: true }, { liquid }));
  }

  private block(templates: Template[]): Run {
    const parts = templates.map((t) => this.node(t));
    if (parts.length === 0) return () => "";
    if (parts.length === 1) return parts[0]!;
    return (ctx) => {
      let out = "";
      for (const p of parts) out += p(ctx);
      return out;
    };
  }

  private node(t: Template): Run {
    const kind = (t as unknown as { token?: { kind?: number } }).token?.kind;
    if (kind === TokenKind.HTML) {
      const str = (t as unknown as { str: unknown }).str;
      if (typeof str !== "string") throw new Unsupported("html");
      return () => str;
    }
    if (t instanceof Output) {
      const value = this.values.value((t as unknown as { value: Value }).value, false);
      return (ctx) => stringify(toValue(value(ctx)));
    }
    if (t instanceof IfTag) return this.ifTag(t);
    if (t instanceof UnlessTag) return this.unlessTag(t);
    if (t instanceof ForTag) return this.forTag(t);
    if (t instanceof AssignTag) {
      const { key, value } = t as unknown as { key: string; value: Value };
      const get = this.values.value(value, this.lenientIf);
      return (ctx) => {
        ctx.bottom()[key] = get(ctx);
        return "";
      };
    }
    if (t instanceof CaptureTag) {
      const { variable, templates } = t as unknown as { variable: string; templates: Template[] };
      const body = this.block(templates);
      return (ctx) => {
        ctx.bottom()[variable] = body(ctx);
        return "";
      };
    }
    if (t instanceof CaseTag) return this.caseTag(t);
    if (t instanceof CommentTag || t instanceof InlineCommentTag) return () => "";
    if (t instanceof RenderTag) return this.renderTag(t);
    throw new Unsupported((t as unknown as { name?: string }).name ?? "template");
  }

  private ifTag(t: IfTag): Run {
    const { branches, elseTemplates } = t as unknown as {
      branches: Array<{ value: Value; templates: Template[] }>;
      elseTemplates?: Template[];
    };
    const tests = branches.map((b) => ({
      test: this.values.value(b.value, this.lenientIf),
      body: this.block(b.templates),
    }));
    const otherwise = this.block(elseTemplates ?? []);
    return (ctx) => {
      for (const b of tests) if (isTruthy(toValue(b.test(ctx)), ctx)) return b.body(ctx);
      return otherwise(ctx);
    };
  }

  private unlessTag(t: UnlessTag): Run {
    const { branches, elseTemplates } = t as unknown as {
      branches: Array<{ value: Value; templates: Template[] }>;
      elseTemplates: Template[];
    };
    // The first branch renders when its value is falsy, an elsif's when truthy (as liquidjs does).
    const tests = branches.map((b, i) => ({
      test: this.values.value(b.value, this.lenientIf),
      wanted: i > 0,
      body: this.block(b.templates),
    }));
    const otherwise = this.block(elseTemplates);
    return (ctx) => {
      for (const b of tests) if (isTruthy(toValue(b.test(ctx)), ctx) === b.wanted) return b.body(ctx);
      return otherwise(ctx);
    };
  }

  private forTag(t: ForTag): Run {
    const { variable, collection, hash, templates, elseTemplates } = t as unknown as {
      variable: string;
      collection: Token;
      hash: { hash: object };
      templates: Template[];
      elseTemplates: Template[];
    };
    // offset, limit, reversed and offset: continue are left to liquidjs; so are break and continue.
    if (Object.keys(hash.hash).length > 0) throw new Unsupported("for modifiers");
    const items = this.values.token(collection, false);
    const body = this.block(templates);
    const otherwise = this.block(elseTemplates);
    const name = `${variable}-${collection.getText()}`;
    const budget = renderBudget;
    return (ctx) => {
      const list = toEnumerable(items(ctx));
      if (list.length === 0) return otherwise(ctx);
      if (list.length > budget.items)
        throw budget.exceeded("items", `a for loop over ${list.length} items (more than ${budget.items})`);
      const forloop = new Forloop(list.length, name);
      const scope: Record<string, unknown> = Object.create(null);
      scope["forloop"] = forloop;
      ctx.push(scope);
      let out = "";
      try {
        for (const item of list) {
          budget.tick();
          scope[variable] = item;
          out += body(ctx);
          if (out.length > budget.bytes)
            throw budget.exceeded("bytes", `a for loop rendered more than ${budget.bytes} characters`);
          // As liquidjs advances it: through the scope (a loop variable named forloop breaks it there too).
          (scope["forloop"] as Forloop).next();
        }
      } finally {
        ctx.pop();
      }
      return out;
    };
  }

  private caseTag(t: CaseTag): Run {
    const { value, branches, elseTemplates } = t as unknown as {
      value: Value;
      branches: Array<{ values: Token[]; templates: Template[] }>;
      elseTemplates: Template[];
    };
    const target = this.values.value(value, this.lenientIf);
    const cases = branches.map((b) => ({
      values: b.values.map((v) => this.values.token(v, this.lenientIf)),
      body: this.block(b.templates),
    }));
    const otherwise = this.block(elseTemplates);
    const equals = this.operators["=="]!;
    return (ctx) => {
      const subject = toValue(target(ctx));
      let out = "";
      let hit = false;
      // Every branch with a matching value renders, in order (liquidjs does not stop at the first).
      for (const c of cases) {
        for (const v of c.values) {
          const candidate = v(ctx);
          if (
            primitive(subject) && primitive(candidate)
              ? subject === candidate
              : toValueSync(equals(subject, candidate)) === true
          ) {
            out += c.body(ctx);
            hit = true;
            break;
          }
        }
      }
      return hit ? out : otherwise(ctx);
    };
  }

  private renderTag(t: RenderTag): Run {
    const { file, hash, currentFile } = t as unknown as {
      file: unknown;
      hash: { hash: Record<string, Token | undefined> };
      currentFile?: string;
    };
    const tag = t as unknown as { with?: unknown; forBinding?: unknown };
    if (typeof file !== "string" || !file || tag.with || tag.forBinding)
      throw new Unsupported("render with a computed file, with or for");
    const args = Object.entries(hash.hash).map(([key, token]) => ({
      key,
      get: token === undefined ? () => true : this.values.token(token, false),
    }));
    const parse = (
      this.liquid as unknown as { _parsePartialFile(file: string, sync: boolean, current?: string): unknown }
    )._parsePartialFile;
    if (typeof parse !== "function") throw new Unsupported("partial lookup");
    let partial: Run | null = null;
    return (ctx) => {
      const values: Record<string, unknown> = {};
      for (const a of args) values[a.key] = a.get(ctx);
      const child = ctx.spawn();
      Object.assign(child.bottom(), values);
      // Compiled at its first render: a partial may render itself (a recursive type reference).
      partial ??= this.partial(toValueSync(parse.call(this.liquid, file, true, currentFile)) as Template[]);
      return partial(child);
    };
  }

  private partial(templates: Template[]): Run {
    let run = this.partials.get(templates);
    if (!run) {
      let compiled: Run | null = null;
      // Registered before compiling, so a partial that renders itself finds its own function.
      run = (ctx) => (compiled ??= this.block(templates))(ctx);
      this.partials.set(templates, run);
      compiled = this.block(templates);
    }
    return run;
  }
}

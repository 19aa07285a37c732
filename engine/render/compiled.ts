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
  isFalsy,
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
import { Forloop, isIterator, primitive, stringify, toEnumerable } from "./liquid-values.js";
import { renderBudget } from "./budget.js";

export class Unsupported extends Error {}

type Run = (ctx: Context) => string;
type Get = (ctx: Context) => unknown;

/**
 * The liquidjs internals read here, as liquidjs 10 builds them (dist/liquid.node.mjs); a shape
 * that differs makes the template Unsupported, never a wrong render.
 */
interface Token {
  kind: number;
  content?: unknown;
  variable?: Token;
  props?: Token[];
  lhs?: Token;
  rhs?: Token;
  operator?: string;
  getText(): string;
  file?: string;
}
interface Filter {
  name: string;
  handler: (...args: unknown[]) => unknown;
  args: Array<Token | [string, Token]>;
  token: unknown;
}
interface Value {
  initial: { postfix: Token[] };
  filters: Filter[];
}

/** The liquidjs Context methods used (findScope is private in its typings, public at run time). */
interface Scopes {
  findScope(key: unknown): unknown;
  readProperty(obj: unknown, key: unknown): unknown;
}

const UNARY = new Set(["not"]);
const BINARY = new Set(["==", "!=", ">", "<", ">=", "<=", "contains", "and", "or"]);

export class TemplateCompiler {
  private readonly partials = new WeakMap<Template[], Run>();
  private readonly operators: Record<string, (...args: unknown[]) => unknown>;
  /** Whether if, unless, case and assign read undefined variables as nil (liquidjs's lenientIf). */
  private readonly lenientIf: boolean;

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
      const value = this.value((t as unknown as { value: Value }).value, false);
      return (ctx) => stringify(toValue(value(ctx)));
    }
    if (t instanceof IfTag) return this.ifTag(t);
    if (t instanceof UnlessTag) return this.unlessTag(t);
    if (t instanceof ForTag) return this.forTag(t);
    if (t instanceof AssignTag) {
      const { key, value } = t as unknown as { key: string; value: Value };
      const get = this.value(value, this.lenientIf);
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
    const tests = branches.map((b) => ({ test: this.value(b.value, this.lenientIf), body: this.block(b.templates) }));
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
      test: this.value(b.value, this.lenientIf),
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
    const items = this.token(collection, false);
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
    const target = this.value(value, this.lenientIf);
    const cases = branches.map((b) => ({
      values: b.values.map((v) => this.token(v, this.lenientIf)),
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
      get: token === undefined ? () => true : this.token(token, false),
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

  /** A Value (an expression and its filters); lenient: an undefined variable gives nil, as in an `if`. */
  private value(v: Value, lenientTag: boolean): Get {
    if (!v?.initial?.postfix || !Array.isArray(v.filters)) throw new Unsupported("value");
    // With lenientIf, a value whose first filter is `default` may read undefined variables.
    const lenient = lenientTag || (this.lenientIf && v.filters[0]?.name === "default");
    const initial = this.expression(v.initial.postfix, lenient);
    if (v.filters.length === 0) return initial;
    const liquid = this.liquid;
    const filters = v.filters.map((f) => {
      if (typeof f.handler !== "function") throw new Unsupported("filter");
      const args = f.args.map((a) => (Array.isArray(a) ? pair(a[0], this.token(a[1], false)) : this.token(a, false)));
      return { handler: f.handler, token: f.token, args };
    });
    return (ctx) => {
      let val = initial(ctx);
      for (const f of filters) {
        const argv: unknown[] = [val];
        for (const a of f.args) argv.push(a(ctx));
        val = toValueSync(f.handler.apply({ context: ctx, token: f.token, liquid }, argv));
      }
      return val;
    };
  }

  /** An expression in liquidjs's postfix order: operands, then the operator that takes them. */
  private expression(postfix: Token[], lenient: boolean): Get {
    const stack: Get[] = [];
    for (const token of postfix) {
      if (token.kind !== TokenKind.Operator) {
        stack.push(this.token(token, lenient));
        continue;
      }
      const op = token.operator!;
      const impl = this.operators[op];
      if (!impl) throw new Unsupported(`operator ${op}`);
      const r = stack.pop();
      if (UNARY.has(op)) {
        if (!r) throw new Unsupported("expression");
        stack.push((ctx) => isFalsy(toValue(r(ctx)), ctx));
        continue;
      }
      const l = stack.pop();
      if (!BINARY.has(op) || !l || !r) throw new Unsupported(`operator ${op}`);
      stack.push(binary(op, l, r, impl));
    }
    if (stack.length !== 1) throw new Unsupported("expression");
    return stack[0]!;
  }

  /** liquidjs's evalToken: a literal, a variable with its properties, or a range. */
  private token(token: Token, lenient: boolean): Get {
    if (token && "content" in token) {
      const content = token.content;
      return () => content;
    }
    if (token?.kind === TokenKind.PropertyAccess && Array.isArray(token.props)) return this.access(token, lenient);
    if (token?.kind === TokenKind.Range && token.lhs && token.rhs) {
      const low = this.token(token.lhs, false);
      const high = this.token(token.rhs, false);
      return (ctx) => {
        const from = +(toValue(low(ctx)) as number);
        const to = +(toValue(high(ctx)) as number) + 1;
        if (!(to - from < 1e6)) {
          // liquidjs would make the whole list first: a range past the budget stops here.
          if (to - from > renderBudget.items)
            throw renderBudget.exceeded("items", `a range of ${to - from} items (more than ${renderBudget.items})`);
          throw new Unsupported("range size");
        }
        const out: number[] = [];
        for (let i = from; i < to; i++) out.push(i);
        return out;
      };
    }
    throw new Unsupported(`token kind ${token?.kind}`);
  }

  /** `a.b[c]`: read as liquidjs's Context reads it; undefined anywhere on the way fails (strictVariables), or gives nil when lenient. */
  private access(token: Token, lenient: boolean): Get {
    const parts = token.props!.map((p) => this.token(p, false));
    // Names and literal indexes (the usual case) are known now: no array of keys per read.
    const fixed = token.props!.every((p) => "content" in p) ? token.props!.map((p) => toValue(p.content)) : null;
    const base = token.variable ? this.token(token.variable, lenient) : null;
    return (ctx) => {
      const keys = fixed ?? parts.map((p) => toValue(p(ctx)));
      const scopes = ctx as unknown as Scopes;
      let value: unknown = base ? base(ctx) : scopes.findScope(keys[0]);
      for (let i = 0; i < keys.length; i++) {
        value = scopes.readProperty(value, keys[i]);
        if (value === undefined) {
          if (lenient) return null;
          throw new Unsupported("undefined variable");
        }
        // liquidjs runs a generator it reads (it yields every value): not done here.
        if (isIterator(value)) throw new Unsupported("an iterator in the data");
      }
      return value;
    };
  }
}

function pair(key: string, get: Get): Get {
  return (ctx) => [key, get(ctx)];
}

/** Primitives compare as liquidjs compares them; anything else goes through its operator. */
function binary(op: string, l: Get, r: Get, impl: (...args: unknown[]) => unknown): Get {
  const slow = (a: unknown, b: unknown, ctx: Context): unknown => toValueSync(impl(a, b, ctx));
  switch (op) {
    case "==":
      return (ctx) => {
        const a = l(ctx);
        const b = r(ctx);
        return primitive(a) && primitive(b) ? a === b : slow(a, b, ctx);
      };
    case "!=":
      return (ctx) => {
        const a = l(ctx);
        const b = r(ctx);
        return primitive(a) && primitive(b) ? a !== b : slow(a, b, ctx);
      };
    case "and":
      return (ctx) => {
        const a = l(ctx);
        const b = r(ctx);
        return isTruthy(toValue(a), ctx) && isTruthy(toValue(b), ctx);
      };
    case "or":
      return (ctx) => {
        const a = l(ctx);
        const b = r(ctx);
        return isTruthy(toValue(a), ctx) || isTruthy(toValue(b), ctx);
      };
    default:
      return (ctx) => slow(l(ctx), r(ctx), ctx);
  }
}

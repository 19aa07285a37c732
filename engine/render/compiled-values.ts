/**
 * The values of compiled Liquid templates (compiled.ts): an output's or a tag's expression with its
 * filters, turned into a closure that reads variables and applies operators and filters as
 * liquidjs does.
 */
import { type Context, isFalsy, isTruthy, type Liquid, TokenKind, toValue, toValueSync } from "liquidjs";
import { renderBudget } from "./budget.js";
import { isIterator, primitive } from "./liquid-values.js";
import { Unsupported } from "./unsupported.js";

export type Get = (ctx: Context) => unknown;

/**
 * The liquidjs internals read here, as liquidjs 10 builds them (dist/liquid.node.mjs); a shape
 * that differs makes the template Unsupported, never a wrong render.
 */
export interface Token {
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
export interface Value {
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

export class ValueCompiler {
  constructor(
    private readonly liquid: Liquid,
    private readonly operators: Record<string, (...args: unknown[]) => unknown>,
    private readonly lenientIf: boolean,
  ) {}

  /** A Value (an expression and its filters); lenient: an undefined variable gives nil, as in an `if`. */
  value(v: Value, lenientTag: boolean): Get {
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
  token(token: Token, lenient: boolean): Get {
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

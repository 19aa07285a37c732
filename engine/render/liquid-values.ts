/**
 * How liquidjs treats values, repeated for the compiled templates (compiled.ts) where liquidjs
 * does not export them: printing, what a for loop iterates, its forloop drop. Each follows the
 * liquidjs 10 function of the same name (dist/liquid.node.mjs).
 */
import { Drop, toValue } from "liquidjs";

/** A value liquidjs compares by identity: not a drop, an array or an object. */
export const primitive = (v: unknown): boolean => v === null || (typeof v !== "object" && typeof v !== "function");

/** liquidjs's isArray. */
const isArray = (v: unknown): v is unknown[] => Object.prototype.toString.call(v) === "[object Array]";

/** liquidjs's isIterator: what its generators would run rather than hand on. */
export function isIterator(v: unknown): boolean {
  const o = v as { next?: unknown; throw?: unknown; return?: unknown } | null;
  return !!o && typeof o.next === "function" && typeof o.throw === "function" && typeof o.return === "function";
}

/** liquidjs's stringify: nil is empty, arrays are their items joined. */
export function stringify(value: unknown): string {
  const v = toValue(value);
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  if (isArray(v)) return v.map((x) => stringify(x)).join("");
  return String(v);
}

/** liquidjs's toEnumerable: what a for loop iterates. */
export function toEnumerable(value: unknown): unknown[] {
  const v = toValue(value);
  if (isArray(v)) return v;
  if (typeof v === "string") return v.length > 0 ? [v] : [];
  if (v !== null && (typeof v === "object" || typeof v === "function")) {
    if (Symbol.iterator in (v as object)) return Array.from(v as Iterable<unknown>);
    return Object.keys(v).map((k) => [k, (v as Record<string, unknown>)[k]]);
  }
  return [];
}

/** liquidjs's forloop drop: the same fields in the same order (`{{ forloop }}` prints them as JSON). */
export class Forloop extends Drop {
  i: number;
  length: number;
  name: string;
  constructor(length: number, name: string) {
    super();
    this.i = 0;
    this.length = length;
    this.name = name;
  }
  next(): void {
    this.i++;
  }
  index0(): number {
    return this.i;
  }
  index(): number {
    return this.i + 1;
  }
  first(): boolean {
    return this.i === 0;
  }
  last(): boolean {
    return this.i === this.length - 1;
  }
  rindex(): number {
    return this.length - this.i;
  }
  rindex0(): number {
    return this.length - this.i - 1;
  }
  override valueOf(): string {
    return JSON.stringify(this);
  }
}

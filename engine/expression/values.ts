/**
 * jsonata's data model, as its evaluator leaves it on values: a *sequence* is an array flagged
 * `sequence` (a path's results; a singleton sequence stands for its one value), `cons` marks an
 * array built by `[...]` as a path step, `keepSingleton` a sequence that `[]` keeps an array. They
 * are plain properties, which JSON and templates never see, and jsonata reads them when a value
 * comes back as its input, so the fast evaluator sets them exactly where jsonata would.
 */

export type Sequence = unknown[] & { sequence?: true; keepSingleton?: true; cons?: true; outerWrapper?: true };

export function sequence(...items: unknown[]): Sequence {
  // A plain property, as jsonata sets it: defineProperty (or an Array subclass, which leaves
  // V8's fast array paths) made sequences the evaluator's largest cost.
  (items as Sequence).sequence = true;
  return items as Sequence;
}

export function flag(array: unknown[], name: "keepSingleton" | "cons" | "outerWrapper"): void {
  (array as Sequence)[name] = true;
}

export function isSequence(v: unknown): v is Sequence {
  return Array.isArray(v) && (v as Sequence).sequence === true;
}

export function isFunction(v: unknown): boolean {
  return (
    typeof v === "function" ||
    (typeof v === "object" && v !== null && (v as { _jsonata_lambda?: unknown })._jsonata_lambda === true)
  );
}

export function isNumber(v: unknown): v is number {
  return typeof v === "number" && Number.isFinite(v);
}

/** jsonata's truthiness ($boolean): undefined stays undefined, arrays are true when any member is. */
export function truthy(v: unknown): boolean | undefined {
  if (v === undefined) return undefined;
  if (Array.isArray(v)) {
    if (v.length === 1) return truthy(v[0]);
    return v.some((x) => truthy(x) === true);
  }
  if (typeof v === "string") return v.length > 0;
  if (typeof v === "number") return v !== 0;
  if (typeof v === "boolean") return v;
  if (v === null || isFunction(v)) return false;
  if (typeof v === "object") return Object.keys(v).length > 0;
  return false;
}

/** $append: two values as one array, a value standing for a one-member array. */
export function append(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const left: unknown[] = Array.isArray(a) ? a : sequence(a);
  return left.concat(Array.isArray(b) ? b : [b]);
}

export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) throw new Unsupported("comparing a list with an object");
  if (Array.isArray(a)) {
    const other = b as unknown[];
    return a.length === other.length && a.every((v, i) => deepEqual(v, other[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) => Object.hasOwn(b, k) && deepEqual((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

/** $string: strings as they are, numbers to 15 significant digits, the rest as JSON (functions as ""). */
export function stringOf(v: unknown): string | undefined {
  if (v === undefined) return undefined;
  if (typeof v === "string") return v;
  if (isFunction(v)) return "";
  if (typeof v === "number" && !Number.isFinite(v)) throw new Unsupported("non-finite number");
  return JSON.stringify(v, (_key, value: unknown) =>
    typeof value === "number" && Number.isFinite(value)
      ? Number(value.toPrecision(15))
      : isFunction(value)
        ? ""
        : value,
  );
}

/** A name step and $lookup: a field of an object, or of every object of an array (arrays found are spliced in). Own fields only. */
export function field(input: unknown, key: string): unknown {
  if (Array.isArray(input)) {
    const out = sequence();
    for (let i = 0; i < input.length; i++) {
      const v = field(input[i], key);
      if (v === undefined) continue;
      if (Array.isArray(v)) for (let j = 0; j < v.length; j++) out.push(v[j]);
      else out.push(v);
    }
    return out;
  }
  if (input !== null && typeof input === "object" && !isFunction(input) && Object.hasOwn(input, key))
    return (input as Record<string, unknown>)[key];
  return undefined;
}

/** A stable merge sort taking "a goes after b", as jsonata's `$sort` and `^()` order. */
export function mergeSort(items: unknown[], after: (a: unknown, b: unknown) => boolean): unknown[] {
  if (items.length <= 1) return items.slice();
  const mid = Math.floor(items.length / 2);
  const left = mergeSort(items.slice(0, mid), after);
  const right = mergeSort(items.slice(mid), after);
  const out: unknown[] = [];
  let i = 0;
  let j = 0;
  while (i < left.length && j < right.length) out.push(after(left[i], right[j]) ? right[j++] : left[i++]);
  while (i < left.length) out.push(left[i++]);
  while (j < right.length) out.push(right[j++]);
  return out;
}

/**
 * Thrown when the fast evaluator meets what it leaves to jsonata: a construct it does not
 * implement, an asynchronous function, or any error (jsonata then reports it in its own words).
 */
export class Unsupported extends Error {}

/**
 * Values that are there at once when the fast evaluator gives them and promised when jsonata has
 * to run: code that passes them on stays synchronous in the first case.
 */
export type Soon<T> = T | Promise<T>;

export function then<T, U>(value: Soon<T>, next: (v: T) => Soon<U>): Soon<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

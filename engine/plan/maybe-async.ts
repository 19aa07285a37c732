/**
 * Values that are there at once when the fast evaluator gives them and promised when jsonata has
 * to run: code that passes them on stays synchronous in the first case.
 */
export type MaybeAsync<T> = T | Promise<T>;

export function then<T, U>(value: MaybeAsync<T>, next: (v: T) => MaybeAsync<U>): MaybeAsync<U> {
  return value instanceof Promise ? value.then(next) : next(value);
}

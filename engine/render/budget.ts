/**
 * The limits templates render under (the evaluation budget, engine/expression/budget.ts, which
 * the caller hands in: rendering knows nothing of it). Unlimited until `useBudget`.
 */
export interface RenderBudget {
  /** Called at every loop round and block rendered; throws when time is up or a signal came. */
  tick(): void;
  /** Items of one `for` loop or range. */
  readonly items: number;
  /** Characters of one rendered file. */
  readonly bytes: number;
  /** The error for a limit reached. */
  exceeded(limit: "items" | "bytes", what: string): Error;
  /** Whether an error is a budget's or a signal's, which must not be rendered again by liquidjs. */
  isStop(e: unknown): boolean;
}

const unlimited: RenderBudget = {
  tick: () => undefined,
  items: Infinity,
  bytes: Infinity,
  exceeded: (_limit, what) => new Error(what),
  isStop: () => false,
};

export let renderBudget: RenderBudget = unlimited;

export function useBudget(budget: RenderBudget): void {
  renderBudget = budget;
}

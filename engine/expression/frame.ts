/**
 * Variable scopes: an inner binding hides an outer one (even one bound to undefined); the
 * outermost scope reads the caller's bindings (own properties only).
 */
export const UNBOUND = Symbol("unbound");

export class Frame {
  // Names and values side by side, made at the first binding: most frames (a block, a call) bind
  // a handful of names or none, which a scan finds sooner than a Map is made and asked.
  private names: string[] | null = null;
  private values: unknown[] | null = null;
  /** `names` is a function's parameter list, shared by all its calls: copied before it grows. */
  private sharedNames = false;

  constructor(
    private readonly parent: Frame | null,
    private readonly bindings: Record<string, unknown> | null = null,
  ) {}

  /** The scope of a call: the parameters bound to the arguments (missing ones to undefined). */
  static call(parent: Frame, params: string[], args: unknown[]): Frame {
    const frame = new Frame(parent);
    if (params.length === 0) return frame;
    frame.names = params;
    frame.sharedNames = true;
    frame.values =
      params.length === 1 ? [args[0]] : params.length === 2 ? [args[0], args[1]] : params.map((_, i) => args[i]);
    return frame;
  }

  bind(name: string, value: unknown): void {
    if (this.names === null) {
      this.names = [name];
      this.values = [value];
      return;
    }
    const at = this.names.indexOf(name);
    if (at >= 0) this.values![at] = value;
    else {
      if (this.sharedNames) {
        this.names = this.names.slice();
        this.sharedNames = false;
      }
      this.names.push(name);
      this.values!.push(value);
    }
  }

  /** The innermost binding of `name` (undefined included), or UNBOUND. */
  find(name: string): unknown {
    for (let f: Frame | null = this; f; f = f.parent) {
      if (f.names !== null) {
        const at = f.names.indexOf(name);
        if (at >= 0) return f.values![at];
      }
      if (f.bindings && Object.hasOwn(f.bindings, name)) return f.bindings[name];
    }
    return UNBOUND;
  }
}

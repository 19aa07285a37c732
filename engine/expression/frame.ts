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

  constructor(
    private readonly parent: Frame | null,
    private readonly bindings: Record<string, unknown> | null = null,
  ) {}

  bind(name: string, value: unknown): void {
    if (this.names === null) {
      this.names = [name];
      this.values = [value];
      return;
    }
    const at = this.names.indexOf(name);
    if (at >= 0) this.values![at] = value;
    else {
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
      if (f.bindings && Object.prototype.hasOwnProperty.call(f.bindings, name)) return f.bindings[name];
    }
    return UNBOUND;
  }
}

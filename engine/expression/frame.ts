/**
 * Variable scopes: an inner binding hides an outer one (even one bound to undefined); the
 * outermost scope reads the caller's bindings (own properties only).
 */
export class Frame {
  /** Made at the first binding: most frames (a block, a call) bind nothing or little. */
  private vars: Map<string, unknown> | null = null;

  constructor(
    private readonly parent: Frame | null,
    private readonly bindings: Record<string, unknown> | null = null,
  ) {}

  bind(name: string, value: unknown): void {
    (this.vars ??= new Map()).set(name, value);
  }

  lookup(name: string): unknown {
    for (let f: Frame | null = this; f; f = f.parent) {
      if (f.vars?.has(name)) return f.vars.get(name);
      if (f.bindings && Object.prototype.hasOwnProperty.call(f.bindings, name)) return f.bindings[name];
    }
    return undefined;
  }

  has(name: string): boolean {
    for (let f: Frame | null = this; f; f = f.parent) {
      if (f.vars?.has(name) || (f.bindings && Object.prototype.hasOwnProperty.call(f.bindings, name))) return true;
    }
    return false;
  }
}

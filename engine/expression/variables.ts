/** Variables: `$` (the context item), `$name` bound in a scope, and the built-in functions by name. */
import type { Node } from "./ast.js";
import { BUILTINS, JSONATA_FUNCTIONS, type Builtin } from "./builtins.js";
import type { Code } from "./code.js";
import { UNBOUND } from "./frame.js";
import { Unsupported, type Sequence } from "./values.js";

export class BuiltinRef {
  constructor(readonly fn: Builtin) {}
}

/** `$`: the context item (an array given as the input is one item, not a sequence of them). */
export function contextOf(input: unknown): unknown {
  return Array.isArray(input) && (input as Sequence).outerWrapper ? input[0] : input;
}

/** A variable's value; a built-in function named by it is a BuiltinRef. */
export function variableCode(node: Node): Code {
  const name = node.value as string;
  if (name === "") return contextOf;
  const builtin = BUILTINS.get(name);
  const ref = builtin ? new BuiltinRef(builtin) : undefined;
  const left = !builtin && JSONATA_FUNCTIONS.has(name);
  return (_input, env) => {
    const v = env.find(name);
    if (v !== UNBOUND) return v;
    if (left) throw new Unsupported(`$${name}`);
    return ref;
  };
}

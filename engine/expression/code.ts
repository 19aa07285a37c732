/**
 * A compiled node (evaluate.ts compiles a tree into closures, one per node) and what the files
 * that compile some kinds of node (operators.ts, paths.ts) are handed: the compiler itself, for
 * the nodes below theirs, so that none of them imports evaluate.ts.
 */
import type { Node } from "./ast.js";
import type { Frame } from "./frame.js";
import { Unsupported } from "./values.js";

/** A compiled node: its value for an input in a scope. */
export type Code = (input: unknown, env: Frame) => unknown;

/** The compiler of any node (evaluate.ts's compile). */
export type Compile = (node: Node) => Code;

export const unsupported =
  (what: string): Code =>
  () => {
    throw new Unsupported(what);
  };

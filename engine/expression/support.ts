/** Whether the fast evaluator implements every construct of a syntax tree (else jsonata runs it). */
import type { Node } from "./ast.js";

const TYPES = new Set([
  "path",
  "name",
  "string",
  "number",
  "value",
  "regex",
  "variable",
  "binary",
  "unary",
  "condition",
  "block",
  "bind",
  "function",
  "lambda",
  "apply",
  "sort",
]);

/**
 * `members`: the node is part of a member of `[...]` or `{...}`, not inside a block or function
 * of its own. jsonata evaluates members at the same time, so a `:=` there is seen by a sibling
 * member or not depending on its timing: such expressions go to jsonata.
 */
export function isSupported(node: Node, members = false): boolean {
  if (!TYPES.has(node.type)) return false;
  if (node.type === "bind" && members) return false;
  if (
    node.tuple ||
    node.focus !== undefined ||
    node.index !== undefined ||
    node.ancestor !== undefined ||
    node.seekingParent !== undefined
  )
    return false;
  if (node.type === "lambda" && node.signature) return false;
  if (node.type === "unary" && !["-", "[", "{"].includes(node.value as string)) return false;
  const own = node.type === "block" || node.type === "lambda" ? false : members;
  for (const stage of node.stages ?? []) if (stage.type !== "filter" || !isSupported(stage.expr, own)) return false;
  for (const stage of node.predicate ?? []) if (stage.type !== "filter" || !isSupported(stage.expr, own)) return false;
  const children: (Node | undefined)[] = [
    node.rhs,
    node.expression,
    node.procedure,
    node.body,
    node.condition,
    node.then,
    node.else,
  ];
  const memberNodes: Node[] = [];
  if (Array.isArray(node.lhs)) for (const [k, v] of node.lhs) memberNodes.push(k, v);
  else children.push(node.lhs);
  if (node.group) for (const [k, v] of node.group.lhs) memberNodes.push(k, v);
  if (node.type === "unary" && node.value === "[") memberNodes.push(...(node.expressions ?? []));
  else children.push(...(node.expressions ?? []));
  children.push(...(node.steps ?? []), ...(node.arguments ?? []));
  for (const t of node.terms ?? []) children.push(t.expression);
  return (
    children.every((c) => c === undefined || isSupported(c, own)) && memberNodes.every((c) => isSupported(c, true))
  );
}

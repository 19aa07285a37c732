/** Whether the fast evaluator implements every construct of a syntax tree (else jsonata runs it). */
import type { Node } from "./ast.js";

const TYPES = new Set(["path", "name", "string", "number", "value", "regex", "variable", "binary", "unary", "condition", "block", "bind", "function", "lambda", "apply", "sort"]);

export function isSupported(node: Node): boolean {
  if (!TYPES.has(node.type)) return false;
  if (node.tuple || node.focus !== undefined || node.index !== undefined || node.ancestor !== undefined || node.seekingParent !== undefined) return false;
  if (node.type === "lambda" && node.signature) return false;
  if (node.type === "unary" && !["-", "[", "{"].includes(node.value as string)) return false;
  for (const stage of node.stages ?? []) if (stage.type !== "filter" || !isSupported(stage.expr)) return false;
  for (const stage of node.predicate ?? []) if (stage.type !== "filter" || !isSupported(stage.expr)) return false;
  const children: (Node | undefined)[] = [node.rhs, node.expression, node.procedure, node.body, node.condition, node.then, node.else];
  if (Array.isArray(node.lhs)) for (const [k, v] of node.lhs) children.push(k, v);
  else children.push(node.lhs);
  if (node.group) for (const [k, v] of node.group.lhs) children.push(k, v);
  children.push(...(node.steps ?? []), ...(node.expressions ?? []), ...(node.arguments ?? []));
  for (const t of node.terms ?? []) children.push(t.expression);
  return children.every((c) => c === undefined || isSupported(c));
}

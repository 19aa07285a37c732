/**
 * Operators of the fast evaluator, compiled as evaluate.ts compiles the rest: the binary ones
 * (arithmetic, comparison, `&`, `in`, `..`, `and`, `or`) and the unary ones (`-`, `[...]`,
 * `{...}`). What jsonata would reject or coerce is left to it (Unsupported).
 */
import type { Node } from "./ast.js";
import { unsupported, type Code, type Compile } from "./code.js";
import { groupCode } from "./paths.js";
import { append, deepEqual, flag, isNumber, stringOf, truthy, Unsupported } from "./values.js";

export function binaryCode(node: Node, compile: Compile): Code {
  const op = node.value as string;
  const left = compile(node.lhs as Node);
  const right = compile(node.rhs!);
  switch (op) {
    case "and":
      return (input, env) => truthy(left(input, env)) === true && truthy(right(input, env)) === true;
    case "or":
      return (input, env) => truthy(left(input, env)) === true || truthy(right(input, env)) === true;
    case "+":
    case "-":
    case "*":
    case "/":
    case "%": {
      const apply =
        op === "+"
          ? (a: number, b: number) => a + b
          : op === "-"
            ? (a: number, b: number) => a - b
            : op === "*"
              ? (a: number, b: number) => a * b
              : op === "/"
                ? (a: number, b: number) => a / b
                : (a: number, b: number) => a % b;
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        if ((lhs !== undefined && !isNumber(lhs)) || (rhs !== undefined && !isNumber(rhs)))
          throw new Unsupported("arithmetic on a non-number");
        if (lhs === undefined || rhs === undefined) return undefined;
        const r = apply(lhs, rhs);
        if (!Number.isFinite(r)) throw new Unsupported("non-finite result");
        return r;
      };
    }
    case "=":
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        return lhs !== undefined && rhs !== undefined && deepEqual(lhs, rhs);
      };
    case "!=":
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        return lhs !== undefined && rhs !== undefined && !deepEqual(lhs, rhs);
      };
    case "<":
    case "<=":
    case ">":
    case ">=": {
      const compare =
        op === "<"
          ? (a: number, b: number) => a < b
          : op === "<="
            ? (a: number, b: number) => a <= b
            : op === ">"
              ? (a: number, b: number) => a > b
              : (a: number, b: number) => a >= b;
      const comparable = (v: unknown): boolean => v === undefined || typeof v === "string" || isNumber(v);
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        if (!comparable(lhs) || !comparable(rhs)) throw new Unsupported("comparison of other values");
        if (lhs === undefined || rhs === undefined) return undefined;
        if (typeof lhs !== typeof rhs) throw new Unsupported("comparison of a number with a string");
        return compare(lhs as number, rhs as number);
      };
    }
    case "&":
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        return (stringOf(lhs) ?? "") + (stringOf(rhs) ?? "");
      };
    case "in":
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        if (lhs === undefined || rhs === undefined) return false;
        const list = Array.isArray(rhs) ? rhs : [rhs];
        return list.some((v) => v === lhs);
      };
    case "..":
      return (input, env) => {
        const lhs = left(input, env);
        const rhs = right(input, env);
        if ((lhs !== undefined && !Number.isInteger(lhs)) || (rhs !== undefined && !Number.isInteger(rhs)))
          throw new Unsupported("range bounds");
        if (lhs === undefined || rhs === undefined) return undefined;
        const [from, to] = [lhs as number, rhs as number];
        if (from > to) return undefined;
        if (to - from >= 1e7) throw new Unsupported("range size");
        const out: number[] = [];
        for (let n = from; n <= to; n++) out.push(n);
        return out;
      };
    default:
      return (input, env) => {
        left(input, env);
        right(input, env);
        throw new Unsupported(`operator ${op}`);
      };
  }
}

export function unaryCode(node: Node, compile: Compile): Code {
  switch (node.value) {
    case "-": {
      const operand = compile(node.expression!);
      return (input, env) => {
        const v = operand(input, env);
        if (v === undefined) return undefined;
        if (!isNumber(v)) throw new Unsupported("negating a non-number");
        return -v;
      };
    }
    case "[": {
      const items = (node.expressions ?? []).map((item) => ({ code: compile(item), nested: item.value === "[" }));
      const cons = node.consarray === true;
      return (input, env) => {
        let out: unknown[] = [];
        for (let i = 0; i < items.length; i++) {
          const item = items[i]!;
          const v = item.code(input, env);
          if (v === undefined) continue;
          if (item.nested) out.push(v);
          else out = append(out, v) as unknown[];
        }
        if (cons) flag(out, "cons");
        return out;
      };
    }
    case "{": {
      const group = groupCode(node.lhs as [Node, Node][], compile);
      return (input, env) => group(input, env);
    }
    default:
      return unsupported(`unary ${String(node.value)}`);
  }
}

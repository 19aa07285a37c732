/**
 * `(google.api.http)` rules: the option value (already checked against google.api.HttpRule)
 * becomes one ProtoHttpRule per binding, with its path template taken apart:
 *
 *   Template = "/" Segments [ ":" Verb ] ;  Segment = "*" | "**" | LITERAL | Variable ;
 *   Variable = "{" FieldPath [ "=" Segments ] "}" ;  FieldPath = IDENT { "." IDENT } ;
 */
import protobuf from "protobufjs";
import type { ProtoHttpRule } from "../../ir/index.js";

const VERBS = ["get", "put", "post", "delete", "patch"] as const;
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

export interface ParsedTemplate {
  colonPath: string;
  pathParams: string[];
  pathPatterns: Record<string, string>;
  verb: string;
}

/** Take a path template apart; throws an Error with a readable message when it is malformed. */
export function parseTemplate(path: string): ParsedTemplate {
  if (!path.startsWith("/")) throw new Error(`path "${path}" must start with "/"`);
  const out: ParsedTemplate = { colonPath: "", pathParams: [], pathPatterns: {}, verb: "" };
  let i = 0;
  let colon = "";
  while (i < path.length) {
    const c = path[i] as string;
    if (c === "{") {
      const close = path.indexOf("}", i);
      if (close < 0) throw new Error(`path "${path}" has a "{" without "}"`);
      const inner = path.slice(i + 1, close);
      if (inner.includes("{")) throw new Error(`path "${path}" has nested variables`);
      const eq = inner.indexOf("=");
      const field = (eq < 0 ? inner : inner.slice(0, eq)).trim();
      if (!field.split(".").every((p) => IDENT.test(p)))
        throw new Error(`path "${path}" has an invalid variable name "${field}"`);
      if (out.pathParams.includes(field)) throw new Error(`path "${path}" binds ${field} twice`);
      out.pathParams.push(field);
      if (eq >= 0) {
        const pattern = inner.slice(eq + 1).trim();
        if (!pattern || pattern.split("/").some((s) => s === ""))
          throw new Error(`path "${path}" has an empty pattern for ${field}`);
        out.pathPatterns[field] = pattern;
      }
      colon += `:${field}`;
      i = close + 1;
      continue;
    }
    if (c === "}") throw new Error(`path "${path}" has a "}" without "{"`);
    if (c === ":" && !path.slice(i + 1).includes("/")) {
      out.verb = path.slice(i + 1);
      if (!out.verb) throw new Error(`path "${path}" ends with ":" but has no verb`);
      colon += path.slice(i);
      break;
    }
    colon += c;
    i++;
  }
  out.colonPath = colon;
  return out;
}

/** The bindings of one `(google.api.http)` value: the rule first, then its additional_bindings. */
export function httpRules(value: Record<string, unknown>, onError: (message: string) => void): ProtoHttpRule[] {
  const rules: ProtoHttpRule[] = [];
  const one = (rule: Record<string, unknown>, additional: boolean) => {
    let method = "";
    let path = "";
    let custom = false;
    for (const verb of VERBS) {
      if (typeof rule[verb] === "string") {
        method = verb.toUpperCase();
        path = rule[verb] as string;
      }
    }
    const c = rule["custom"];
    if (c && typeof c === "object") {
      const kind = (c as Record<string, unknown>)["kind"];
      method = typeof kind === "string" ? kind : "";
      path = String((c as Record<string, unknown>)["path"] ?? "");
      custom = true;
      if (!method) onError("custom http pattern needs a kind");
    }
    if (!method) {
      onError(
        `http rule${additional ? " (additional_bindings)" : ""} names no method: set one of ${VERBS.join(", ")} or custom`,
      );
      return;
    }
    let parsed: ParsedTemplate;
    try {
      parsed = parseTemplate(path);
    } catch (e) {
      onError((e as Error).message);
      return;
    }
    rules.push({
      method,
      custom,
      path,
      colonPath: parsed.colonPath,
      pathParams: parsed.pathParams,
      pathPatterns: parsed.pathPatterns,
      verb: parsed.verb,
      body: typeof rule["body"] === "string" ? (rule["body"] as string) : "",
      responseBody: typeof rule["response_body"] === "string" ? (rule["response_body"] as string) : "",
      additional,
    });
    if (
      additional &&
      Array.isArray(rule["additional_bindings"]) &&
      (rule["additional_bindings"] as unknown[]).length > 0
    ) {
      onError("additional_bindings cannot be nested");
    }
  };
  one(value, false);
  const more = value["additional_bindings"];
  if (Array.isArray(more))
    for (const b of more) if (b && typeof b === "object") one(b as Record<string, unknown>, true);
  return rules;
}

type Declared = protobuf.Type | protobuf.Enum;

/** Path variables and `body` must name request fields (dotted paths allowed), `response_body` a response field. */
export function checkHttpFields(
  rules: ProtoHttpRule[],
  input: Declared,
  output: Declared,
  lookup: (from: protobuf.Type, name: string) => Declared | null,
  onError: (message: string) => void,
): void {
  const has = (t: Declared, path: string): boolean => {
    let type: Declared | null = t;
    for (const part of path.split(".")) {
      if (!(type instanceof protobuf.Type)) return false;
      const f: protobuf.Field | undefined = type.fields[part];
      if (!f) return false;
      type = lookup(type, f.type);
    }
    return true;
  };
  const name = (t: Declared) => t.fullName.slice(1);
  for (const rule of rules) {
    for (const param of rule.pathParams)
      if (!has(input, param)) onError(`path variable {${param}} is not a field of ${name(input)}`);
    if (rule.body && rule.body !== "*" && !has(input, rule.body))
      onError(`body "${rule.body}" is not a field of ${name(input)}`);
    if (rule.responseBody && !has(output, rule.responseBody))
      onError(`response_body "${rule.responseBody}" is not a field of ${name(output)}`);
  }
}

/**
 * Turns ohm's concrete syntax tree into the AST of ast.ts. Internal to the api reader.
 */
import type * as ohm from "ohm-js";
import type { AstAnnotation, AstField, AstPair, AstRoute, AstStatement, AstTypeDecl, AstTypeExpr } from "./ast.js";
import { apiGrammar } from "./grammar.js";
import { unescapeString } from "./unescape.js";

type N = ohm.Node;

const start = (n: N): number => n.source.startIdx;
const ast = <T>(n: N): T => n["ast"]() as T;
const each = <T>(iter: N): T[] => iter.children.map((c) => ast<T>(c));
const optional = <T>(iter: N): T | undefined => (iter.children[0] ? ast<T>(iter.children[0]) : undefined);

function typeDecl(
  name: N,
  docAt: number,
  rest: Omit<AstTypeDecl, "name" | "at" | "docAt" | "end">,
  node: N,
): AstTypeDecl {
  return { name: name.sourceString, at: start(name), docAt, end: node.source.endIdx, ...rest };
}

function field(kind: AstField["kind"], name: N, type: AstTypeExpr, tagOpt: N, end: N, node: N): AstField {
  const tag = tagOpt.children[0];
  return {
    kind,
    name: name.sourceString,
    type,
    tag: tag ? ast<string>(tag) : null,
    tagAt: tag ? start(tag) + tag.sourceString.indexOf("`") : 0,
    at: start(node),
    end: start(end),
  };
}

function annotation(kind: AstAnnotation["kind"], node: N, pairs: AstPair[], text: N | null): AstAnnotation {
  return { kind, at: start(node), pairs, text: text ? ast<string>(text) : null, textAt: text ? start(text) : 0 };
}

const actions: ohm.ActionDict<unknown> = {
  Program_some(stmts) {
    return each<AstStatement>(stmts);
  },
  Program_empty(_end) {
    return [];
  },
  SyntaxStmt(_kw, _eq, str) {
    return { kind: "syntax", value: ast<string>(str), at: start(this), valueAt: start(str) };
  },
  InfoStmt(_kw, _open, pairs, _close) {
    return { kind: "info", pairs: each<AstPair>(pairs), at: start(this) };
  },
  ImportStmt_group(_kw, _open, paths, _close) {
    return {
      kind: "import",
      paths: paths.children.map((p) => ({ path: ast<string>(p), at: start(p) })),
      at: start(this),
    };
  },
  ImportStmt_single(_kw, path) {
    return { kind: "import", paths: [{ path: ast<string>(path), at: start(path) }], at: start(this) };
  },
  TypeStmt_group(_kw, _open, specs, _close) {
    return { kind: "type", decls: specs.children.map((s) => s["decl"](start(s)) as AstTypeDecl), at: start(this) };
  },
  TypeStmt_single(_kw, spec) {
    return { kind: "type", decls: [spec["decl"](start(this)) as AstTypeDecl], at: start(this) };
  },
  ServiceStmt_annotated(server, service) {
    const s = service["service"](start(this)) as AstStatement & { kind: "service" };
    s.service.server = ast<AstAnnotation>(server);
    return s;
  },
  ServiceStmt_plain(service) {
    return service["service"](start(this));
  },
  Route_annotated(annotations, line) {
    const route = ast<AstRoute>(line);
    return { ...route, annotations: each<AstAnnotation>(annotations), at: start(this) };
  },
  Route_plain(line) {
    return ast<AstRoute>(line);
  },
  RouteLine(method, path, body, returns, _semi) {
    const route: AstRoute = {
      annotations: [],
      method: method.sourceString,
      methodAt: start(method),
      path: path.sourceString,
      pathAt: start(path),
      request: optional<AstTypeExpr | null>(body),
      response: optional<AstTypeExpr | null>(returns),
      at: start(this),
      end: this.source.endIdx,
    };
    return route;
  },
  RouteBody(_open, type, _close) {
    return optional<AstTypeExpr>(type) ?? null;
  },
  RouteReturns(_kw, _open, type, _close) {
    return optional<AstTypeExpr>(type) ?? null;
  },
  ServerAnno(_kw, _open, pairs, _close) {
    return annotation("server", this, each<AstPair>(pairs), null);
  },
  DocAnno_paren(_kw, _open, text, _close) {
    return annotation("doc", this, [], text);
  },
  DocAnno_pairs(_kw, _open, pairs, _close) {
    return annotation("doc", this, each<AstPair>(pairs), null);
  },
  DocAnno_literal(_kw, text) {
    return annotation("doc", this, [], text);
  },
  HandlerAnno(_kw, name) {
    return annotation("handler", this, [], name);
  },
  handlerName(_ident) {
    return this.sourceString;
  },
  Pair(key, _colon, value) {
    const [text, valueKind] = ast<[string, AstPair["valueKind"]]>(value);
    return { key: key.sourceString, value: text, valueKind, at: start(this), valueAt: start(value) };
  },
  value(v) {
    const kind = v.ctorName === "longString" ? "string" : v.ctorName === "rawString" ? "raw" : "bare";
    return [kind === "bare" ? v.sourceString.trim() : ast<string>(v), kind];
  },
  string(_open, _escapes, _chars, _close) {
    return unescapeString(this.sourceString.slice(1, -1));
  },
  longString(_open, _escapes, _chars, _close) {
    return unescapeString(this.sourceString.slice(1, -1));
  },
  rawString(_open, body, _close) {
    return body.sourceString;
  },
  tag(_space, raw) {
    return ast<string>(raw);
  },
  typeExpr_pointer(_star, _s, elem) {
    return { kind: "pointer", elem: ast<AstTypeExpr>(elem), at: start(this) };
  },
  typeExpr_slice(_open, _s1, _close, _s2, elem) {
    return { kind: "slice", elem: ast<AstTypeExpr>(elem), at: start(this) };
  },
  typeExpr_ellipsis(_open, _s1, _dots, _s2, _close, _s3, elem) {
    return { kind: "array", length: null, elem: ast<AstTypeExpr>(elem), at: start(this) };
  },
  typeExpr_array(_open, _s1, digits, _s2, _close, _s3, elem) {
    return { kind: "array", length: Number(digits.sourceString), elem: ast<AstTypeExpr>(elem), at: start(this) };
  },
  typeExpr_map(_kw, _s1, _open, _s2, key, _s3, _close, _s4, value) {
    return { kind: "map", key: ast<AstTypeExpr>(key), value: ast<AstTypeExpr>(value), at: start(this) };
  },
  typeExpr_iface(_kw, _s1, _open, _s2, _close) {
    return { kind: "interface", at: start(this) };
  },
  typeExpr_struct(body) {
    return { kind: "struct", fields: ast<AstField[]>(body), at: start(this) };
  },
  typeExpr_named(name) {
    return { kind: "named", name: name.sourceString, at: start(this) };
  },
  structBody(_open, _gap, members, _gaps, _close) {
    return each<AstField>(members);
  },
  member_legacyNested(name, _s1, _kw, _s2, body, tag, end) {
    const type: AstTypeExpr = { kind: "struct", fields: ast<AstField[]>(body), at: start(body) };
    return field("legacyNested", name, type, tag, end, this);
  },
  member_inline(name, _s, body, tag, end) {
    const type: AstTypeExpr = { kind: "struct", fields: ast<AstField[]>(body), at: start(body) };
    return field("inline", name, type, tag, end, this);
  },
  member_named(name, _s, type, tag, end) {
    return field("named", name, ast<AstTypeExpr>(type), tag, end, this);
  },
  member_embedded(star, name, tag, end) {
    const named: AstTypeExpr = { kind: "named", name: name.sourceString, at: start(name) };
    const type: AstTypeExpr = star.children.length > 0 ? { kind: "pointer", elem: named, at: start(this) } : named;
    return field("embedded", name, type, tag, end, this);
  },
};

/** `decl(docAt)`: a type specification as an AstTypeDecl. */
const declActions: ohm.ActionDict<unknown> = {
  TypeSpec_alias(name, _eq, target) {
    return typeDecl(
      name,
      this.args["docAt"] as number,
      { kind: "alias", fields: [], target: ast<AstTypeExpr>(target) },
      this,
    );
  },
  TypeSpec_struct(name, _kw, body) {
    return typeDecl(
      name,
      this.args["docAt"] as number,
      { kind: "struct", fields: ast<AstField[]>(body), target: null },
      this,
    );
  },
  TypeSpec_other(name, target) {
    return typeDecl(
      name,
      this.args["docAt"] as number,
      { kind: "other", fields: [], target: ast<AstTypeExpr>(target) },
      this,
    );
  },
};

/** `service(at)`: a `service` body as a service statement starting at `at`. */
const serviceActions: ohm.ActionDict<unknown> = {
  Service(_kw, name, _open, routes, _close) {
    const at = this.args["at"] as number;
    return {
      kind: "service",
      at,
      service: { server: null, name: name.sourceString, nameAt: start(name), at, routes: each<AstRoute>(routes) },
    };
  },
};

let semantics: ohm.Semantics | undefined;

/** The semantics, built on first use together with the grammar. */
export function apiSemantics(): ohm.Semantics {
  if (!semantics) {
    semantics = apiGrammar()
      .createSemantics()
      .addOperation<unknown>("ast", actions)
      .addOperation<unknown>("decl(docAt)", declActions)
      .addOperation<unknown>("service(at)", serviceActions);
  }
  return semantics;
}

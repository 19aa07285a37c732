/**
 * A hand-written parser for the grammar of grammar.ts: it reads the 51 files of the bench's
 * api project in about 15 ms, where ohm takes about 500 (and 50 more to load). It returns
 * exactly the statements ohm and semantics.ts return, or null where ohm would fail; syntax.ts
 * then asks ohm, which alone words the diagnostic. Internal to the api reader.
 *
 * It is the grammar transcribed: one function per syntactic rule, alternatives in the
 * grammar's order, and before each token the skip of `spaces` that ohm makes in a syntactic
 * rule (undone when the token is missing, so a node ends at its last token). The differential
 * and fuzz tests (test/unit/api-fast-parse, test/fuzz/api-fast-parse) compare it with ohm.
 */
import type { AstAnnotation, AstPair, AstRoute, AstStatement, AstTypeDecl, AstTypeExpr } from "./ast.js";
import { bareValue, ident, key, keyword, method, NO, path, quoted, raw, serviceName, spaces } from "./fast-lex.js";
import { node, structBody, typeExpr, type Parsed } from "./fast-types.js";
import { unescapeString } from "./unescape.js";

type ServiceStatement = Extract<AstStatement, { kind: "service" }>;

/** The file's statements as ohm and semantics.ts give them, or null when ohm fails on it. */
export function fastParse(s: string): AstStatement[] | null {
  const statements: AstStatement[] = [];
  let p = 0;
  for (let st = statement(s, spaces(s, p)); st; st = statement(s, spaces(s, p))) {
    statements.push(st.v);
    p = st.end;
  }
  return spaces(s, p) === s.length ? statements : null;
}

/** Where fastParse stopped: the start of the first statement that does not parse (the end when all do). */
export function firstUnparsed(s: string): number {
  let p = 0;
  for (let st = statement(s, spaces(s, p)); st; st = statement(s, spaces(s, p))) p = st.end;
  return spaces(s, p);
}

/** `spaces` then the literal `lit`; the position after it, or NO. */
function token(s: string, p: number, lit: string): number {
  const at = spaces(s, p);
  return s.startsWith(lit, at) ? at + lit.length : NO;
}

const text = (s: string, from: number, end: number): string => unescapeString(s.slice(from + 1, end - 1));

function statement(s: string, at: number): Parsed<AstStatement> | null {
  return syntaxStmt(s, at) ?? infoStmt(s, at) ?? importStmt(s, at) ?? typeStmt(s, at) ?? serviceStmt(s, at);
}

function syntaxStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = keyword(s, at, "syntax");
  const eq = kw === NO ? NO : token(s, kw, "=");
  if (eq === NO) return null;
  const valueAt = spaces(s, eq);
  const end = quoted(s, valueAt, false);
  return end === NO ? null : node({ kind: "syntax", value: text(s, valueAt, end), at, valueAt }, end);
}

function infoStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = keyword(s, at, "info");
  const open = kw === NO ? NO : token(s, kw, "(");
  if (open === NO) return null;
  const pairs = pairList(s, open);
  const close = token(s, pairs.end, ")");
  return close === NO ? null : node({ kind: "info", pairs: pairs.v, at }, close);
}

function importStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = keyword(s, at, "import");
  if (kw === NO) return null;
  const open = token(s, kw, "(");
  if (open !== NO) {
    const paths: Array<{ path: string; at: number }> = [];
    let p = open;
    for (;;) {
      const q = spaces(s, p);
      const e = quoted(s, q, false);
      if (e === NO) break;
      paths.push({ path: text(s, q, e), at: q });
      p = e;
    }
    const close = token(s, p, ")");
    if (close !== NO) return node({ kind: "import", paths, at }, close);
  }
  const q = spaces(s, kw);
  const end = quoted(s, q, false);
  return end === NO ? null : node({ kind: "import", paths: [{ path: text(s, q, end), at: q }], at }, end);
}

function typeStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = keyword(s, at, "type");
  if (kw === NO) return null;
  const open = token(s, kw, "(");
  if (open !== NO) {
    const decls: AstTypeDecl[] = [];
    let p = open;
    // In a group, each declaration's doc comment is found from its own name.
    for (;;) {
      const q = spaces(s, p);
      const d = typeSpec(s, q, q);
      if (!d) break;
      decls.push(d.v);
      p = d.end;
    }
    const close = token(s, p, ")");
    if (close !== NO) return node({ kind: "type", decls, at }, close);
  }
  const decl = typeSpec(s, spaces(s, kw), at);
  return decl && node({ kind: "type", decls: [decl.v], at }, decl.end);
}

/** `Name = T` (alias), `Name struct? { ... }` (struct), `Name T` (other), in that order. */
function typeSpec(s: string, at: number, docAt: number): Parsed<AstTypeDecl> | null {
  const name = ident(s, at);
  if (name === NO) return null;
  const decl = (
    kind: AstTypeDecl["kind"],
    fields: AstTypeDecl["fields"],
    target: AstTypeExpr | null,
    end: number,
  ): Parsed<AstTypeDecl> => node({ name: s.slice(at, name), at, docAt, end, kind, fields, target }, end);
  const eq = token(s, name, "=");
  const alias = eq === NO ? null : typeExpr(s, spaces(s, eq));
  if (alias) return decl("alias", [], alias.v, alias.end);
  const kw = keyword(s, spaces(s, name), "struct");
  const body = structBody(s, spaces(s, kw === NO ? name : kw));
  if (body) return decl("struct", body.v, null, body.end);
  const other = typeExpr(s, spaces(s, name));
  return other && decl("other", [], other.v, other.end);
}

function serviceStmt(s: string, at: number): Parsed<AstStatement> | null {
  const server = serverAnno(s, at);
  const annotated = server && service(s, spaces(s, server.end), at);
  if (server && annotated) {
    annotated.v.service.server = server.v;
    return annotated;
  }
  return service(s, at, at);
}

function service(s: string, p: number, at: number): Parsed<ServiceStatement> | null {
  const kw = keyword(s, p, "service");
  if (kw === NO) return null;
  const nameAt = spaces(s, kw);
  const name = serviceName(s, nameAt);
  const open = name === NO ? NO : token(s, name, "{");
  if (open === NO) return null;
  const routes: AstRoute[] = [];
  let q = open;
  for (let r = route(s, spaces(s, q)); r; r = route(s, spaces(s, q))) {
    routes.push(r.v);
    q = r.end;
  }
  const close = token(s, q, "}");
  if (close === NO) return null;
  return node(
    { kind: "service", at, service: { server: null, name: s.slice(nameAt, name), nameAt, at, routes } },
    close,
  );
}

function route(s: string, at: number): Parsed<AstRoute> | null {
  const annotations: AstAnnotation[] = [];
  let p = at;
  for (let a = routeAnno(s, at); a; a = routeAnno(s, spaces(s, p))) {
    annotations.push(a.v);
    p = a.end;
  }
  return (annotations.length > 0 ? routeLine(s, spaces(s, p), annotations, at) : null) ?? routeLine(s, at, [], at);
}

function routeAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  return serverAnno(s, at) ?? docAnno(s, at) ?? handlerAnno(s, at);
}

/** `method path (Req)? returns (Resp)? ;?`: request/response undefined when not written, null for `()`. */
function routeLine(s: string, methodAt: number, annotations: AstAnnotation[], at: number): Parsed<AstRoute> | null {
  const methodEnd = method(s, methodAt);
  if (methodEnd === NO) return null;
  const pathAt = spaces(s, methodEnd);
  const pathEnd = path(s, pathAt);
  if (pathEnd === NO) return null;
  let end = pathEnd;
  const body = parenType(s, end);
  if (body) end = body.end;
  const returns = keyword(s, spaces(s, end), "returns");
  const response = returns === NO ? null : parenType(s, returns);
  if (response) end = response.end;
  const semi = token(s, end, ";");
  if (semi !== NO) end = semi;
  return node(
    {
      annotations,
      method: s.slice(methodAt, methodEnd),
      methodAt,
      path: s.slice(pathAt, pathEnd),
      pathAt,
      request: body?.v,
      response: response?.v,
      at,
      end,
    },
    end,
  );
}

/** `( T? )`: the type, or null for `()`. */
function parenType(s: string, p: number): Parsed<AstTypeExpr | null> | null {
  const open = token(s, p, "(");
  if (open === NO) return null;
  const type = typeExpr(s, spaces(s, open));
  const close = token(s, type ? type.end : open, ")");
  return close === NO ? null : node(type ? type.v : null, close);
}

function annotation(
  kind: AstAnnotation["kind"],
  at: number,
  pairs: AstPair[],
  label: string | null,
  textAt: number,
  end: number,
): Parsed<AstAnnotation> {
  return node({ kind, at, pairs, text: label, textAt }, end);
}

function serverAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  const kw = keyword(s, at, "@server");
  const open = kw === NO ? NO : token(s, kw, "(");
  if (open === NO) return null;
  const pairs = pairList(s, open);
  const close = token(s, pairs.end, ")");
  return close === NO ? null : annotation("server", at, pairs.v, null, 0, close);
}

/** `@doc("text")`, `@doc(key: value ...)`, `@doc "text"`, in that order. */
function docAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  const kw = keyword(s, at, "@doc");
  if (kw === NO) return null;
  const open = token(s, kw, "(");
  if (open !== NO) {
    const q = spaces(s, open);
    const e = quoted(s, q, false);
    const close = e === NO ? NO : token(s, e, ")");
    if (close !== NO) return annotation("doc", at, [], text(s, q, e), q, close);
    const pairs = pairList(s, open);
    const end = token(s, pairs.end, ")");
    if (end !== NO) return annotation("doc", at, pairs.v, null, 0, end);
  }
  const q = spaces(s, kw);
  const e = quoted(s, q, false);
  return e === NO ? null : annotation("doc", at, [], text(s, q, e), q, e);
}

function handlerAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  const kw = keyword(s, at, "@handler");
  if (kw === NO) return null;
  const q = spaces(s, kw);
  const e = ident(s, q);
  return e === NO ? null : annotation("handler", at, [], s.slice(q, e), q, e);
}

/** `Pair*`: the pairs and the position after the last one (before any spaces after it). */
function pairList(s: string, p: number): Parsed<AstPair[]> {
  const pairs: AstPair[] = [];
  for (let pr = pair(s, spaces(s, p)); pr; pr = pair(s, spaces(s, p))) {
    pairs.push(pr.v);
    p = pr.end;
  }
  return node(pairs, p);
}

/** `key: value`, the value a `"string"` (line ends allowed), a `raw` string or bare words (trimmed). */
function pair(s: string, at: number): Parsed<AstPair> | null {
  const k = key(s, at);
  const colon = k === NO ? NO : token(s, k, ":");
  if (colon === NO) return null;
  const valueAt = spaces(s, colon);
  const make = (value: string, valueKind: AstPair["valueKind"], end: number): Parsed<AstPair> =>
    node({ key: s.slice(at, k), value, valueKind, at, valueAt }, end);
  let end = quoted(s, valueAt, true);
  if (end !== NO) return make(text(s, valueAt, end), "string", end);
  end = raw(s, valueAt);
  if (end !== NO) return make(s.slice(valueAt + 1, end - 1), "raw", end);
  end = bareValue(s, valueAt);
  return end === NO ? null : make(s.slice(valueAt, end).trim(), "bare", end);
}

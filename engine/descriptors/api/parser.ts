/**
 * The .api parser: recursive descent, one function per rule of the language (lexer.ts holds the
 * tokens, type-parser.ts the type expressions and struct bodies). A PEG: alternatives are tried
 * in order, the first that matches wins, and before each token the blanks and comments are
 * skipped (undone when the token is missing, so a node ends at its last token). Every token it
 * looks for and does not find is noted (expected.ts), which is what the syntax stage words its
 * errors from. Internal to the api reader.
 */
import type { AstAnnotation, AstPair, AstRoute, AstStatement, AstTypeDecl, AstTypeExpr } from "./ast.js";
import { entered, left, missed, noting } from "./expected.js";
import { bareValue, ident, key, keyword, method, NO, path, quoted, raw, serviceName, spaces } from "./lexer.js";
import { node, structBody, typeExpr, type Parsed } from "./type-parser.js";
import { unescapeString } from "./unescape.js";

type ServiceStatement = Extract<AstStatement, { kind: "service" }>;

/** The file's statements, or null when it does not parse (what was missed is noted). */
export function parseStatements(s: string): AstStatement[] | null {
  const statements: AstStatement[] = [];
  let p = 0;
  for (let st = statement(s, spaces(s, p)); st; st = statement(s, spaces(s, p))) {
    statements.push(st.v);
    p = st.end;
  }
  const end = spaces(s, p);
  if (end === s.length) return statements;
  missed(end, "end of input");
  return null;
}

/** `spaces` then the literal `lit`; the position after it, or NO. */
function token(s: string, p: number, lit: string): number {
  const at = spaces(s, p);
  if (s.startsWith(lit, at)) return at + lit.length;
  if (noting()) missed(at, JSON.stringify(lit));
  return NO;
}

/** The keyword `word` at `at`, or NO. */
function word(s: string, at: number, w: string): number {
  const end = keyword(s, at, w);
  if (end === NO && noting()) missed(at, JSON.stringify(w));
  return end;
}

/** A lexical rule's match at `at`, noting `what` when there is none. */
function expect(at: number, end: number, what: string): number {
  if (end === NO) missed(at, what);
  return end;
}

const QUOTED = "a quoted string";
const string = (s: string, at: number): number => expect(at, quoted(s, at, false), QUOTED);
const text = (s: string, from: number, end: number): string => unescapeString(s.slice(from + 1, end - 1));

function statement(s: string, at: number): Parsed<AstStatement> | null {
  return syntaxStmt(s, at) ?? infoStmt(s, at) ?? importStmt(s, at) ?? typeStmt(s, at) ?? serviceStmt(s, at);
}

function syntaxStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = word(s, at, "syntax");
  const eq = kw === NO ? NO : token(s, kw, "=");
  if (eq === NO) return null;
  const valueAt = spaces(s, eq);
  const end = string(s, valueAt);
  return end === NO ? null : node({ kind: "syntax", value: text(s, valueAt, end), at, valueAt }, end);
}

function infoStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = word(s, at, "info");
  const open = kw === NO ? NO : token(s, kw, "(");
  if (open === NO) return null;
  const pairs = pairList(s, open);
  const close = token(s, pairs.end, ")");
  return close === NO ? null : node({ kind: "info", pairs: pairs.v, at }, close);
}

function importStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = word(s, at, "import");
  if (kw === NO) return null;
  const open = token(s, kw, "(");
  if (open !== NO) {
    const paths: Array<{ path: string; at: number }> = [];
    let p = open;
    for (;;) {
      const q = spaces(s, p);
      const e = string(s, q);
      if (e === NO) break;
      paths.push({ path: text(s, q, e), at: q });
      p = e;
    }
    const close = token(s, p, ")");
    if (close !== NO) return node({ kind: "import", paths, at }, close);
  }
  const q = spaces(s, kw);
  const end = string(s, q);
  return end === NO ? null : node({ kind: "import", paths: [{ path: text(s, q, end), at: q }], at }, end);
}

function typeStmt(s: string, at: number): Parsed<AstStatement> | null {
  const kw = word(s, at, "type");
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
  const name = expect(at, ident(s, at), "a type name");
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
  const kw = word(s, spaces(s, name), "struct");
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
  const kw = word(s, p, "service");
  if (kw === NO) return null;
  const nameAt = spaces(s, kw);
  const name = expect(nameAt, serviceName(s, nameAt), "a service name");
  const open = name === NO ? NO : token(s, name, "{");
  if (open === NO) return null;
  const routes: AstRoute[] = [];
  entered(open - 1);
  let q = open;
  for (let r = route(s, spaces(s, q)); r; r = route(s, spaces(s, q))) {
    routes.push(r.v);
    q = r.end;
  }
  const close = token(s, q, "}");
  left();
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
  const methodEnd = expect(methodAt, method(s, methodAt), "an HTTP method");
  if (methodEnd === NO) return null;
  const pathAt = spaces(s, methodEnd);
  const pathEnd = expect(pathAt, path(s, pathAt), 'a route path starting with "/"');
  if (pathEnd === NO) return null;
  // A `:` that starts a segment and has no name after it: the path stops before the `:`, where
  // every alternative after a path would otherwise be listed.
  if (s.charCodeAt(pathEnd) === 0x3a && s.charCodeAt(pathEnd - 1) === 0x2f)
    missed(pathEnd + 1, 'a path parameter name after ":"');
  let end = pathEnd;
  const body = parenType(s, end);
  if (body) end = body.end;
  const returns = word(s, spaces(s, end), "returns");
  const response = returns === NO ? null : parenType(s, returns);
  if (response) end = response.end;
  // A route's `;` may stand on a later line, but with no comment before it: a comment there
  // belongs to the next route, and a route that held it would move it when formatted.
  let semiAt = end;
  while (/[ \t\r\n]/.test(s[semiAt] ?? "")) semiAt++;
  if (s.charCodeAt(semiAt) === 0x3b) end = semiAt + 1;
  else if (noting()) missed(semiAt, '";"');
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
  const kw = word(s, at, "@server");
  const open = kw === NO ? NO : token(s, kw, "(");
  if (open === NO) return null;
  const pairs = pairList(s, open);
  const close = token(s, pairs.end, ")");
  return close === NO ? null : annotation("server", at, pairs.v, null, 0, close);
}

/** `@doc("text")`, `@doc(key: value ...)`, `@doc "text"`, in that order. */
function docAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  const kw = word(s, at, "@doc");
  if (kw === NO) return null;
  const open = token(s, kw, "(");
  if (open !== NO) {
    const q = spaces(s, open);
    const e = string(s, q);
    const close = e === NO ? NO : token(s, e, ")");
    if (close !== NO) return annotation("doc", at, [], text(s, q, e), q, close);
    const pairs = pairList(s, open);
    const end = token(s, pairs.end, ")");
    if (end !== NO) return annotation("doc", at, pairs.v, null, 0, end);
  }
  const q = spaces(s, kw);
  const e = string(s, q);
  return e === NO ? null : annotation("doc", at, [], text(s, q, e), q, e);
}

function handlerAnno(s: string, at: number): Parsed<AstAnnotation> | null {
  const kw = word(s, at, "@handler");
  if (kw === NO) return null;
  const q = spaces(s, kw);
  const e = expect(q, ident(s, q), "a handler name");
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
  const k = expect(at, key(s, at), "a key");
  const colon = k === NO ? NO : token(s, k, ":");
  if (colon === NO) return null;
  const valueAt = spaces(s, colon);
  const make = (value: string, valueKind: AstPair["valueKind"], end: number): Parsed<AstPair> =>
    node({ key: s.slice(at, k), value, valueKind, at, valueAt }, end);
  let end = quoted(s, valueAt, true);
  if (end !== NO) return make(text(s, valueAt, end), "string", end);
  end = raw(s, valueAt);
  if (end !== NO) return make(s.slice(valueAt + 1, end - 1), "raw", end);
  end = expect(valueAt, bareValue(s, valueAt), "a value");
  return end === NO ? null : make(s.slice(valueAt, end).trim(), "bare", end);
}

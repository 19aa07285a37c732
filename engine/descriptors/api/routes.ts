/**
 * Service blocks and their routes: annotations (`@handler`, `@doc`, the legacy in-service
 * `@server(handler: ...)`), paths and parameters, request and response types.
 * Internal to the api reader.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiBlock, ApiRoute, ApiTypeExpr } from "../../ir/index.js";
import type { AstRoute, AstService, AstTypeExpr } from "./ast.js";
import type { LoadedFile } from "./load.js";
import { isIdentifier, joinRoutePath, pathParams, unsafePathReason } from "./paths.js";
import { pairsToRecord, serverSettings } from "./server.js";
import type { TypeBuilder } from "./types.js";

export class RouteBuilder {
  readonly blocks: ApiBlock[] = [];

  constructor(
    private readonly types: TypeBuilder,
    private readonly diagnostics: Diagnostic[],
  ) {}

  /** Add one `[@server(...)] service Name { ... }` statement as a block. */
  addService(service: AstService, file: LoadedFile): ApiBlock {
    const block: ApiBlock = {
      index: this.blocks.length,
      file: file.path,
      service: service.name,
      ...serverSettings(service.server, file, this.diagnostics),
      routes: [],
      pos: file.src.pos(service.server?.at ?? service.at),
    };
    this.blocks.push(block);
    for (const r of service.routes) {
      const route = this.route(r, block, file);
      if (route) block.routes.push(route);
    }
    return block;
  }

  private route(r: AstRoute, block: ApiBlock, file: LoadedFile): ApiRoute | null {
    const report = (code: string, message: string, at: number, hint?: string): void => {
      this.diagnostics.push(diag(code, message, file.src.pos(at), hint));
    };
    let handler: { name: string; at: number; fromServer: boolean } | null = null;
    let doc: Record<string, string> | null = null;
    for (const a of r.annotations) {
      if (a.kind === "doc") {
        if (doc) report("API_DUPLICATE_ANNOTATION", "a route has at most one @doc", a.at);
        doc = a.text !== null ? { summary: a.text } : pairsToRecord(a.pairs, file, this.diagnostics, "@doc");
        continue;
      }
      const pair = a.kind === "server" ? a.pairs.find((p) => p.key === "handler") : undefined;
      if (a.kind === "server" && !pair) continue;
      const next = pair
        ? { name: pair.value, at: pair.valueAt, fromServer: true }
        : { name: a.text ?? "", at: a.textAt, fromServer: false };
      if (handler) report("API_DUPLICATE_ANNOTATION", `route already has handler ${handler.name}`, a.at);
      else handler = next;
    }
    const { params, bad } = pathParams(r.path);
    for (const p of bad)
      report(
        "API_INVALID_PATH",
        `path parameter ":${p.name}" must be a name (letters, digits, _)`,
        r.pathAt + p.offset,
      );
    if (!handler) {
      report(
        "API_MISSING_HANDLER",
        `route ${r.method} ${r.path} has no handler`,
        r.methodAt,
        "add @handler name above the route",
      );
      return null;
    }
    const unsafe = unsafePathReason(handler.name);
    if (unsafe)
      report(
        "API_UNSAFE_PATH",
        `handler name ${JSON.stringify(handler.name)} ${unsafe}; it names a file inside the project`,
        handler.at,
      );
    else if (handler.fromServer && !isIdentifier(handler.name))
      report("API_INVALID_HANDLER", `handler name ${JSON.stringify(handler.name)} must be an identifier`, handler.at);
    return {
      // The parser's method token reads only these words (lexer.ts).
      method: r.method as ApiRoute["method"],
      path: r.path,
      fullPath: joinRoutePath(block.prefix, r.path),
      pathParams: params.map((p) => p.name),
      handler: handler.name,
      request: this.body(r.request, file, true),
      response: this.body(r.response, file, false),
      doc: doc ?? {},
      docs: file.src.docsAbove(r.at),
      block: block.index,
      group: block.group,
      file: file.path,
      pos: file.src.pos(r.methodAt),
    };
  }

  private body(e: AstTypeExpr | null | undefined, file: LoadedFile, request: boolean): ApiTypeExpr | null {
    if (!e) return null;
    if (request) {
      const inner = e.kind === "pointer" ? e.elem : e;
      if (inner.kind !== "named") {
        const what = inner.kind === "slice" || inner.kind === "array" ? "an array or slice" : `a ${inner.kind}`;
        this.diagnostics.push(
          diag(
            "API_REQUEST_TYPE",
            `a request body cannot be ${what}`,
            file.src.pos(e.at),
            "use a struct type; put a list in one of its fields",
          ),
        );
        return null;
      }
    }
    return this.types.expr(e, file, request ? "request" : "response");
  }
}

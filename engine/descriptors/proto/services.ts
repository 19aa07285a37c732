/**
 * Building the services of the ProtoIR: each rpc with its request and response types, http
 * bindings (checked against the messages) and middleware lists (own and effective), and the
 * packages of the messages a service uses. Called by the builder (build.ts) once every
 * message is built, since a method's validation flag depends on its request message.
 */
import protobuf from "protobufjs";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type {
  ProtoHttpRule,
  ProtoMethod,
  ProtoMiddleware,
  ProtoPosition,
  ProtoService,
  ProtoTypeRef,
} from "../../ir/index.js";
import { checkHttpFields, httpRules } from "./http.js";
import type { LoadedFile } from "./load.js";
import { splitNames, union } from "./names.js";
import type { OptionValues } from "./options.js";
import type { Decl, Pos } from "./outline.js";
import { lookupType, type Declared } from "./resolve.js";

/** Extension full names carrying middleware lists (the rpc-side name is assembled from parts). */
const RPC = ["z", "rpc"].join("");
export const MIDDLEWARE_OPTIONS = {
  service: { http: "codegen.api.http_group", rpc: `codegen.api.${RPC}_group` },
  method: { http: "codegen.api.http", rpc: `codegen.api.${RPC}` },
} as const;
const HTTP_RULE = "google.api.http";

/** What building a service needs from the builder. */
export interface ServiceContext {
  readonly root: protobuf.Root;
  readonly diagnostics: Diagnostic[];
  pos(file: LoadedFile, p: Pos): ProtoPosition;
  /** Evaluated options of a declaration, keyed `target:owner`. */
  opts(file: LoadedFile, key: string): OptionValues;
  goPackage(file: LoadedFile | undefined): string;
  typeRef(t: Declared): ProtoTypeRef;
  /** Does the message, or anything it reaches through fields, carry rules? */
  hasDeepValidation(fullName: string): boolean;
}

export function buildService(ctx: ServiceContext, file: LoadedFile, d: Decl): ProtoService {
  const svc = ctx.root.lookup(d.fullName, [protobuf.Service]) as protobuf.Service | null;
  const pkg = file.outline.package;
  const options = ctx.opts(file, `service:${d.fullName}`);
  const middleware = middlewareOf(options, MIDDLEWARE_OPTIONS.service);
  checkMiddlewareNames(ctx, file, d, middleware);
  const goPackage = ctx.goPackage(file);
  const methods: ProtoMethod[] = [];
  for (const md of file.outline.decls) {
    if (md.kind !== "rpc" || md.scope !== d.fullName || !md.input || !md.output) continue;
    const method = svc?.methods[md.name];
    const input = lookupType(ctx.root, d.fullName, md.input.name);
    const output = lookupType(ctx.root, d.fullName, md.output.name);
    if (!input || !output) continue;
    const mOptions = ctx.opts(file, `method:${md.fullName}`);
    const own = middlewareOf(mOptions, MIDDLEWARE_OPTIONS.method);
    checkMiddlewareNames(ctx, file, md, own);
    const inputType = ctx.typeRef(input);
    const outputType = ctx.typeRef(output);
    methods.push({
      name: md.name,
      fullName: md.fullName,
      rpcPath: `/${d.fullName}/${md.name}`,
      service: d.fullName,
      inputType,
      outputType,
      clientStreaming: md.input.stream,
      serverStreaming: md.output.stream,
      http: httpOf(ctx, file, md, mOptions, input, output),
      middleware: own,
      effectiveMiddleware: { http: union(middleware.http, own.http), rpc: union(middleware.rpc, own.rpc) },
      hasValidation: ctx.hasDeepValidation(inputType.fullName),
      options: mOptions,
      comment: method?.comment ?? "",
      pos: ctx.pos(file, md.pos),
    });
  }
  return {
    name: d.name,
    fullName: d.fullName,
    package: pkg,
    file: file.path,
    goPackage,
    middleware,
    allMiddleware: {
      http: union(middleware.http, ...methods.map((m) => m.middleware.http)),
      rpc: union(middleware.rpc, ...methods.map((m) => m.middleware.rpc)),
    },
    methods,
    hasHttp: methods.some((m) => m.http.length > 0),
    hasStreaming: methods.some((m) => m.clientStreaming || m.serverStreaming),
    hasValidation: methods.some((m) => m.hasValidation),
    options,
    comment: svc?.comment ?? "",
    pos: ctx.pos(file, d.pos),
  };
}

function middlewareOf(values: OptionValues, names: { http: string; rpc: string }): ProtoMiddleware {
  const pick = (key: string) => {
    const v = values[key];
    return v && typeof v === "object" ? splitNames((v as Record<string, unknown>)["middleware"]) : [];
  };
  return { http: pick(names.http), rpc: pick(names.rpc) };
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Middleware names become type, function and file names of the generated code: each must be an
 * identifier (letters, digits and _, not starting with a digit), reported at the declaration's
 * middleware option.
 */
function checkMiddlewareNames(ctx: ServiceContext, file: LoadedFile, d: Decl, list: ProtoMiddleware): void {
  for (const name of [...list.http, ...list.rpc]) {
    if (IDENTIFIER.test(name)) continue;
    const carriers: readonly string[] = Object.values(d.kind === "rpc" ? MIDDLEWARE_OPTIONS.method : MIDDLEWARE_OPTIONS.service);
    const opt = d.options.find((o) => o.parts[0]?.extension && carriers.includes(o.parts[0].name.replace(/^\./, "")));
    ctx.diagnostics.push(diag("PROTO_MIDDLEWARE_NAME", `middleware ${JSON.stringify(name)} must be an identifier (letters, digits and _)`, ctx.pos(file, opt?.pos ?? d.pos)));
  }
}

/** The method's http bindings, with path variables, body and response_body checked against its messages. */
function httpOf(ctx: ServiceContext, file: LoadedFile, md: Decl, options: OptionValues, input: Declared, output: Declared): ProtoHttpRule[] {
  const value = options[HTTP_RULE];
  if (!value || typeof value !== "object") return [];
  const opt = md.options.find((o) => o.parts[0]?.extension && o.parts[0].name.replace(/^\./, "") === HTTP_RULE);
  const at = ctx.pos(file, opt?.pos ?? md.pos);
  const error = (message: string) => ctx.diagnostics.push(diag("PROTO_HTTP_RULE", `rpc ${md.name}: ${message}`, at));
  const rules = httpRules(value as Record<string, unknown>, error);
  checkHttpFields(rules, input, output, (t, name) => lookupType(ctx.root, t.fullName.slice(1), name), error);
  return rules;
}

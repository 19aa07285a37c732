/**
 * Building the services of the ProtoIR: each rpc with its request and response types, http
 * bindings (checked against the messages) and options. Called by the builder (build.ts) once
 * every message is built, since a method's validation flag depends on its request message.
 */
import protobuf from "protobufjs";
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { ProtoHttpRule, ProtoMethod, ProtoPosition, ProtoService, ProtoTypeRef } from "../../ir/index.js";
import { checkHttpFields, httpRules } from "./http.js";
import type { LoadedFile } from "./load.js";
import type { OptionValues } from "./options.js";
import type { Decl, Pos } from "./outline.js";
import { lookupType, type Declared } from "./resolve.js";
import { declsIn } from "./scopes.js";

const HTTP_RULE = "google.api.http";

/** What building a service needs from the builder. */
export interface ServiceContext {
  readonly root: protobuf.Root;
  readonly diagnostics: Diagnostic[];
  pos(file: LoadedFile, p: Pos): ProtoPosition;
  /** Evaluated options of a declaration, keyed `target:owner`. */
  opts(file: LoadedFile, key: string): OptionValues;
  /** Where each of those options is written. */
  optionPos(file: LoadedFile, key: string): Record<string, ProtoPosition>;
  typeRef(t: Declared): ProtoTypeRef;
  /** Does the message, or anything it reaches through fields, carry rules? */
  hasDeepValidation(fullName: string): boolean;
}

export function buildService(ctx: ServiceContext, file: LoadedFile, d: Decl): ProtoService {
  const svc = ctx.root.lookup(d.fullName, [protobuf.Service]) as protobuf.Service | null;
  const pkg = file.outline.package;
  const options = ctx.opts(file, `service:${d.fullName}`);
  const methods: ProtoMethod[] = [];
  for (const md of declsIn(file.outline, d.fullName)) {
    if (md.kind !== "rpc" || !md.input || !md.output) continue;
    const method = svc?.methods[md.name];
    const input = lookupType(ctx.root, d.fullName, md.input.name);
    const output = lookupType(ctx.root, d.fullName, md.output.name);
    if (!input || !output) continue;
    const mOptions = ctx.opts(file, `method:${md.fullName}`);
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
      hasValidation: ctx.hasDeepValidation(inputType.fullName),
      options: mOptions,
      optionPos: ctx.optionPos(file, `method:${md.fullName}`),
      comment: method?.comment ?? "",
      pos: ctx.pos(file, md.pos),
    });
  }
  return {
    name: d.name,
    fullName: d.fullName,
    package: pkg,
    file: file.path,
    methods,
    hasHttp: methods.some((m) => m.http.length > 0),
    hasStreaming: methods.some((m) => m.clientStreaming || m.serverStreaming),
    hasValidation: methods.some((m) => m.hasValidation),
    options,
    optionPos: ctx.optionPos(file, `service:${d.fullName}`),
    comment: svc?.comment ?? "",
    pos: ctx.pos(file, d.pos),
  };
}

/** The method's http bindings, with path variables, body and response_body checked against its messages. */
function httpOf(
  ctx: ServiceContext,
  file: LoadedFile,
  md: Decl,
  options: OptionValues,
  input: Declared,
  output: Declared,
): ProtoHttpRule[] {
  const value = options[HTTP_RULE];
  if (!value || typeof value !== "object") return [];
  const opt = md.options.find((o) => o.parts[0]?.extension && o.parts[0].name.replace(/^\./, "") === HTTP_RULE);
  const at = ctx.pos(file, opt?.pos ?? md.pos);
  const error = (message: string) => ctx.diagnostics.push(diag("PROTO_HTTP_RULE", `rpc ${md.name}: ${message}`, at));
  const rules = httpRules(value as Record<string, unknown>, error);
  checkHttpFields(rules, input, output, (t, name) => lookupType(ctx.root, t.fullName.slice(1), name), error);
  return rules;
}

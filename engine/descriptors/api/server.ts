/**
 * `@server(...)` settings of a service block: every key kept as written, the known keys
 * checked and split out (prefix, group, jwt, middleware, timeout, ...). Internal to the
 * api reader.
 */
import { diag, type Diagnostic } from "../../diagnostics/index.js";
import type { ApiBlock } from "../../ir/index.js";
import type { AstAnnotation, AstPair } from "./ast.js";
import type { LoadedFile } from "./load.js";
import { isIdentifier, normalizeGroup, unsafePathReason } from "./paths.js";

export type BlockSettings = Omit<ApiBlock, "index" | "file" | "service" | "routes" | "pos">;

/** Pairs as a record; a repeated key is reported and its later value ignored. */
export function pairsToRecord(
  pairs: AstPair[],
  file: LoadedFile,
  diagnostics: Diagnostic[],
  what: string,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of pairs) {
    if (Object.hasOwn(out, p.key)) {
      diagnostics.push(diag("API_DUPLICATE_KEY", `${what} key ${p.key} is given twice`, file.src.pos(p.at)));
      continue;
    }
    out[p.key] = p.value;
  }
  return out;
}

export function serverSettings(anno: AstAnnotation | null, file: LoadedFile, diagnostics: Diagnostic[]): BlockSettings {
  const pairs = anno?.pairs ?? [];
  const server = pairsToRecord(pairs, file, diagnostics, "@server");
  const bad = (key: string, message: string, code = "API_INVALID_SERVER_VALUE"): void => {
    const pair = pairs.find((p) => p.key === key);
    diagnostics.push(diag(code, message, file.src.pos(pair?.valueAt ?? anno?.at ?? 0)));
  };
  const settings: BlockSettings = {
    server,
    prefix: server["prefix"] ?? "",
    group: "",
    jwt: server["jwt"] ?? "",
    jwtTransition: server["jwtTransition"] ?? "",
    middleware: (server["middleware"] ?? "")
      .split(",")
      .map((m) => m.trim())
      .filter((m) => m !== ""),
    timeout: server["timeout"] ?? "",
    timeoutMs: 0,
    maxBytes: server["maxBytes"] ?? "",
  };

  if (/[\s"'`\\]/.test(settings.prefix)) bad("prefix", `prefix ${JSON.stringify(settings.prefix)} is not a URL path`);
  const rawGroup = server["group"] ?? "";
  const unsafe = unsafePathReason(rawGroup, true);
  const group = normalizeGroup(rawGroup);
  if (unsafe)
    bad(
      "group",
      `group ${JSON.stringify(rawGroup)} ${unsafe}; it names a folder inside the project`,
      "API_UNSAFE_PATH",
    );
  else if (group === null)
    bad("group", `group ${JSON.stringify(rawGroup)} must be folder names (letters, digits, _ . -) separated by /`);
  else settings.group = group;
  for (const key of ["jwt", "jwtTransition"] as const) {
    if (settings[key] !== "" && !isIdentifier(settings[key]))
      bad(key, `${key} ${JSON.stringify(settings[key])} must be an identifier (it names a config section)`);
  }
  for (const m of settings.middleware) {
    if (!isIdentifier(m)) bad("middleware", `middleware ${JSON.stringify(m)} must be an identifier`);
  }
  if (settings.timeout !== "") {
    const ms = durationMs(settings.timeout);
    if (ms === null)
      bad("timeout", `timeout ${JSON.stringify(settings.timeout)} is not a duration such as 3s, 500ms or 1m30s`);
    else settings.timeoutMs = ms;
  }
  if (settings.maxBytes !== "" && !/^\d+$/.test(settings.maxBytes))
    bad("maxBytes", `maxBytes ${JSON.stringify(settings.maxBytes)} must be a whole number of bytes`);
  for (const key of ["compact_handler", "rewrite_handler", "signature", "sse"]) {
    const v = server[key];
    if (v !== undefined && v !== "true" && v !== "false")
      bad(key, `${key} must be true or false, not ${JSON.stringify(v)}`);
  }
  return settings;
}

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
};

/** Milliseconds of a duration written as Go writes them (`1h10m`, `10µs`, `1.5s`), or null. */
export function durationMs(text: string): number | null {
  if (text === "0") return 0;
  const re = /(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)/y;
  let total = 0;
  let i = 0;
  while (i < text.length) {
    re.lastIndex = i;
    const m = re.exec(text);
    if (!m) return null;
    total += Number(m[1]) * (UNIT_MS[m[2] ?? ""] ?? 0);
    i = re.lastIndex;
  }
  return i > 0 ? Math.round(total * 1e6) / 1e6 : null;
}

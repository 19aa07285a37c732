/** The `proto_imports:` section of a pack manifest: third-party .proto sets and their sources. */
import { CodegenError, diag } from "../diagnostics/index.js";
import type { ProtoImportSource } from "../descriptors/index.js";
import type { YamlDoc } from "../schema/index.js";
import type { DeclaredImportSet } from "./types.js";

/** One set as written (the schema has checked the shape). */
export interface ImportSetYaml {
  id: string;
  title: string;
  prefix: string;
  strip?: string;
  marker: string;
  hint?: string;
  sources: SourceYaml[];
}

type SourceYaml = { partial?: boolean; sub?: string } & (
  | { dir: string }
  | { npm: string }
  | { tool: string }
  | { run: string[]; json?: string; env?: Record<string, string>; downloads?: boolean }
);

export function importSets(
  list: ImportSetYaml[] | undefined,
  doc: YamlDoc,
  trust: { builtin: boolean; source: string },
): DeclaredImportSet[] {
  return (list ?? []).map((s, i) => {
    const span = doc.spanAt(["proto_imports", i]);
    const strip = s.strip ?? "";
    if (!s.prefix.startsWith(strip))
      throw new CodegenError(
        diag(
          "PACK_INVALID",
          `proto import set ${s.id}: strip "${strip}" is not the start of its prefix "${s.prefix}"`,
          span,
        ),
        2,
      );
    if (!s.marker.startsWith(s.prefix))
      throw new CodegenError(
        diag(
          "PACK_INVALID",
          `proto import set ${s.id}: marker ${s.marker} is not under its prefix "${s.prefix}"`,
          span,
        ),
        2,
      );
    return {
      id: s.id,
      title: s.title,
      prefix: s.prefix,
      strip,
      marker: s.marker,
      hint: s.hint ?? "",
      sources: s.sources.map(toSource),
      ...trust,
      span,
    };
  });
}

function toSource(s: SourceYaml): ProtoImportSource {
  const partial = s.partial ?? false;
  const sub = s.sub ?? "";
  if ("dir" in s) return { kind: "dir", path: s.dir, partial };
  if ("npm" in s) return { kind: "npm", package: s.npm, sub, partial };
  if ("tool" in s) return { kind: "tool", program: s.tool, sub, partial };
  return {
    kind: "command",
    run: s.run,
    json: s.json ?? null,
    sub,
    env: s.env ?? {},
    downloads: s.downloads ?? false,
    partial,
  };
}

/** Every program the declared sets may run, for the trust check. */
export function importCommands(sets: DeclaredImportSet[]): Array<{ set: DeclaredImportSet; run: string[] }> {
  return sets.flatMap((set) => set.sources.flatMap((s) => (s.kind === "command" ? [{ set, run: s.run }] : [])));
}

/**
 * The built-in pack's third-party .proto sets, as `codegen gen` gives them to the reader: tests
 * that call readProto directly use this so they read the same imports a project would.
 */
import type { ProtoImportConfig } from "../../engine/descriptors/index.js";
import { cachedCommandOutput } from "../../engine/exec/cached-command-output.js";
import { loadPack } from "../../engine/packs/index.js";
import { repoRoot } from "./paths.js";

let imports: Promise<ProtoImportConfig> | null = null;

export function builtinProtoImports(): Promise<ProtoImportConfig> {
  imports ??= loadPack("go-zero", repoRoot).then((pack) => ({ sets: pack.protoImports, run: cachedCommandOutput }));
  return imports;
}

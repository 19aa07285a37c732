/** The .proto language: its reader, and the compiler include folders of the third-party files a project uses. */
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import { createHash } from "node:crypto";
import { dirname, join } from "node:path";
import { cacheDir } from "../../cache/index.js";
import { globPrefix } from "../glob.js";
import type { Language } from "../read-context.js";
import { emptyProtoIR } from "./empty.js";
import type { ProtoImportSet } from "./import-sets.js";
import { findProtoIncludes, readProto } from "./index.js";

/** What a pack says to this language (pack.yaml `proto` and `proto_imports`). */
export interface ProtoSettings {
  /** The folder import paths start from; null: the proto glob's folders before its first wildcard. */
  root: string | null;
  vendored: string[];
  imports: ProtoImportSet[];
}

export const language: Language = {
  read: async (files, ctx) => {
    if (files.length === 0) return emptyProtoIR();
    // Given by the engine from the loaded pack, which pack.schema.json checked.
    const settings = (ctx.pack.settings["proto"] ?? { root: null, vendored: [], imports: [] }) as ProtoSettings;
    const offline = ctx.config["offline"] === true;
    const imports = { imports: { sets: settings.imports, offline, ...(ctx.run ? { run: ctx.run } : {}) } };
    const layout = {
      protoRoot: settings.root ?? (globPrefix(ctx.pack.inputs["proto"] ?? "") || "."),
      vendored: settings.vendored,
    };
    const ir = await readProto(files, { root: ctx.root, ...imports, ...layout, onWarning: (w) => ctx.onWarning?.(w) });
    // Compiler include folders for the third-party files the project uses (steps pass them to
    // the protocol buffer compiler), in the pack's declared order: a later folder must not
    // shadow the compiler's own copies of well-known files with newer ones it cannot read.
    const found = await findProtoIncludes({ root: ctx.root, ...imports, only: ir.thirdParty, forCompiler: true });
    // A prefixed set's own files import each other without the prefix: both folders are needed.
    return {
      ...ir,
      includeDirs: [
        ...new Set(found.dirs.flatMap((d) => (d.strip ? [prefixedInclude(d.dir, d.strip), d.dir] : [d.dir]))),
      ],
    };
  },
};

/**
 * A compiler resolves `prefix/x.proto` only under a folder that has `prefix/` in it. For a set
 * whose files sit at the root of their package (imported with a prefix), a folder holding one
 * link named after the prefix is made once in the cache and used as the include path.
 */
function prefixedInclude(dir: string, prefix: string): string {
  const folder = cacheDir("proto-include", createHash("sha256").update(`${prefix}\0${dir}`).digest("hex").slice(0, 16));
  const link = join(folder, prefix.replace(/\/+$/, ""));
  if (!existsSync(link)) {
    mkdirSync(dirname(link), { recursive: true });
    try {
      symlinkSync(dir, link, "dir");
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
  return folder;
}

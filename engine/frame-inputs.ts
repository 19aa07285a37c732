/**
 * A frame's required inputs (pack.yaml `frames.<name>.required_inputs`): the kinds of which a
 * gen needs at least one descriptor file. Without one the pack's templates would render from an
 * empty IR and fail inside the pack; the user is told instead, at the config key that chose the
 * frame or the kind's glob. Copies of third-party .proto files (the pack's vendored folders) are
 * not the project's descriptors, so they do not count.
 */
import { CodegenError, diag, type SourceSpan } from "./diagnostics/index.js";
import type { LoadedConfig } from "./config/index.js";
import { findInputs } from "./descriptors/index.js";
import type { Pack } from "./packs/index.js";

export async function requireFrameInputs(
  pack: Pack,
  config: LoadedConfig,
  globs: Record<string, string>,
): Promise<void> {
  const frame = config.values.frame;
  for (const kind of pack.frames[frame]?.requiredInputs ?? []) {
    const glob = globs[kind];
    if (glob === undefined) continue;
    const found = await findInputs(config.root, glob, `the ${kind} input glob`);
    if (found.some((f) => !(kind === "proto" && inside(pack.protoLayout.vendored, f)))) continue;
    throw new CodegenError(
      diag(
        "DESC_MISSING",
        `frame ${frame} needs at least one ${kind} descriptor, and no descriptor of the project matches ${glob}; nothing was written`,
        choosingKey(config, kind),
        `add a ${kind} descriptor under ${glob}, or set inputs.${kind} to the glob of the project's ${kind} files`,
      ),
    );
  }
}

/** Whether a project file lies in one of the folders (third-party copies are no descriptor of the project). */
function inside(folders: string[], file: string): boolean {
  return folders.some((dir) => {
    const folder = dir.replace(/^\.\//, "").replace(/\/+$/, "");
    return file.startsWith(`${folder}/`);
  });
}

/** The key of the settings file that named the kind's glob or the frame; its start when neither is there. */
function choosingKey(config: LoadedConfig, kind: string): SourceSpan | undefined {
  const doc = config.layers.doc;
  if (!doc) return undefined;
  const given = doc.value as { inputs?: Record<string, unknown>; frame?: unknown } | null;
  if (config.provenance.get("frame") !== "file" && given?.inputs?.[kind] === undefined) {
    // A frame from a flag or the environment: the file did not choose it.
    return config.provenance.get("frame") === "pack" ? doc.spanAt([]) : undefined;
  }
  return doc.spanAt(given?.inputs?.[kind] !== undefined ? ["inputs", kind] : ["frame"]);
}

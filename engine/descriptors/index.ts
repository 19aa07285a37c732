/**
 * Descriptor discovery and reading: find the files each input glob names and hand them to
 * the language of their kind (a folder of its own behind one interface, read-context.ts). The
 * IR is one JSON document with one property per kind.
 */
import { readdir } from "node:fs/promises";
import { existsSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
import { CodegenError, diag, type Diagnostic } from "../diagnostics/index.js";
import { isPlainRelative, PathPolicy } from "../fs/index.js";
import { NestedProjects } from "../project/index.js";
import type { Language, ReadContext } from "./read-context.js";
import { globMatcher, globPrefix } from "./glob.js";
export { globMatcher, globPrefix } from "./glob.js";

export type {
  ProtoImportConfig,
  ProtoImportSet,
  ProtoImportSource,
  ImportCommandRunner,
  CommandOutput,
} from "./proto/import-sets.js";

export { connect, parseDatasource, type SqlSession } from "./sql/datasource.js";

export type { Language, ReadContext } from "./read-context.js";

/** The descriptor languages by input kind, each a module of its own, loaded when a pack declares its kind. */
const languages: Record<string, () => Promise<Language>> = {
  api: async () => (await import("./api/language.js")).language,
  proto: async () => (await import("./proto/language.js")).language,
  jsonschema: async () => (await import("./jsonschema/language.js")).language,
  sql: async () => (await import("./sql/language.js")).language,
};

/** An .api file's text in the canonical layout, or the diagnostic of a file that does not parse. */
export async function formatApiText(
  text: string,
  file: string,
): Promise<{ text: string } | { diagnostic: Diagnostic }> {
  const { format } = await languages["api"]!();
  if (!format) throw new Error("the api language has no formatter");
  return format(text, file);
}

/**
 * The files under `root` a glob matches, root-relative. Its fixed folders (before the first
 * wildcard) come from a pack or a project's config, which may be a clone's: they must lie
 * inside the project and be real folders, or gen would read files outside it as descriptors.
 * `what` names the glob in a diagnostic.
 */
export async function findInputs(root: string, glob: string, what = "the input glob"): Promise<string[]> {
  const prefix = relative(root, resolve(root, globPrefix(glob)))
    .split(sep)
    .join("/");
  if (prefix !== "" && !isPlainRelative(prefix)) {
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `${what} ${JSON.stringify(glob)} starts outside the project; nothing was read`,
        undefined,
        "descriptor globs are relative to the project root, without ..",
      ),
    );
  }
  const link = prefix === "" ? null : new PathPolicy(root).linkIn(prefix);
  if (link?.kind === "symlink") {
    throw new CodegenError(
      diag(
        "UNSAFE_PATH",
        `${what} ${JSON.stringify(glob)} reaches ${link.at}, which is a symbolic link; codegen reads descriptors only through real folders; nothing was read`,
        undefined,
        `replace ${link.at} with a real folder`,
      ),
    );
  }
  // A file where a folder of the glob would be: nothing matches.
  if (link) return [];
  const start = join(root, prefix);
  if (!existsSync(start)) return [];
  const entries = await readdir(start, { recursive: true, withFileTypes: true });
  // A folder with its own .codegen.yaml is another project: its descriptors are not ours.
  const nested = new NestedProjects(root);
  const match = await globMatcher(glob);
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(root, join(e.parentPath, e.name)).split("\\").join("/"))
    .filter((p) => match(p) && nested.owner(p) === null)
    .sort();
}

/**
 * The IR of every input kind the pack declares (an empty IR for a kind without files, and for
 * the kinds in `unread`: those the project's frame does not read). `named` gives a kind's files
 * (absolute) instead of its glob: the descriptors a user named on the command line.
 */
export async function readDescriptors(
  inputs: Record<string, string>,
  ctx: ReadContext,
  unread: ReadonlySet<string> = new Set(),
  named: Record<string, string[]> = {},
): Promise<Record<string, unknown>> {
  const ir: Record<string, unknown> = {};
  for (const [kind, glob] of Object.entries(inputs)) {
    const load = languages[kind];
    if (!load)
      throw new CodegenError(
        diag(
          "PACK_INVALID",
          `the pack declares inputs of kind "${kind}", which codegen cannot read (known: ${Object.keys(languages).join(", ")})`,
        ),
      );
    const files =
      named[kind] ??
      (unread.has(kind)
        ? []
        : (await findInputs(ctx.root, glob, `the ${kind} input glob`)).map((f) => resolve(ctx.root, f)));
    ir[kind] = await (await load()).read(files, ctx);
  }
  return ir;
}

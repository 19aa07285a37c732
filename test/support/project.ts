import { join } from "node:path";
import { writeTree } from "./files.js";
import { fixtures, scratch } from "./paths.js";

export const smallApi = `syntax = "v1"

type Req {
	Id int64 \`path:"id"\`
}

type Resp {
	Name string \`json:"name"\`
}

service demo {
	@handler getThing
	get /things/:id (Req) returns (Resp)

	@handler listThings
	get /things returns (Resp)
}
`;

/** A scratch project: files by relative path, plus a .codegen.yaml using a test pack. */
export function makeProject(files: Record<string, string>, pack = "mini"): string {
  const dir = scratch("proj");
  const all: Record<string, string> = {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(fixtures, "packs", pack)}\n`,
    ...files,
  };
  return writeTree(dir, all);
}

/**
 * A pack written for one test (its files by relative path, `pack.yaml` besides them taking api
 * descriptors) and a project using it, with a cache of their own.
 */
export function packAndProject(
  name: string,
  packFiles: Record<string, string>,
  descriptors: Record<string, string>,
): { dir: string; pack: string; env: Record<string, string> } {
  const pack = writeTree(scratch("pack"), {
    "pack.yaml": `name: ${name}\nmanaged_marker: "@generated"\ninputs:\n  api: "desc/api/**/*.api"\n`,
    ...packFiles,
  });
  const dir = writeTree(scratch("proj"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${pack}\n`,
    ...descriptors,
  });
  return { dir, pack, env: { CODEGEN_CACHE_DIR: scratch("cache") } };
}

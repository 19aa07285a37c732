import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
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
  const all: Record<string, string> = { ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(fixtures, "packs", pack)}\n`, ...files };
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

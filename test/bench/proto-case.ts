import { cpSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../support/paths.js";

/**
 * A synthetic gateway project: `rpcs` rpcs over `files` proto files, one service each, with the
 * pack's option files (desc/proto/codegen/api) that `codegen new` writes: without them the first
 * gen writes them, and the next one reads two new descriptors.
 */
export function writeProtoProject(dir: string, rpcs: number, files: number): void {
  mkdirSync(join(dir, "desc/proto"), { recursive: true });
  cpSync(join(repoRoot, "template-packs/go-zero/static/proto/codegen"), join(dir, "desc/proto/codegen"), {
    recursive: true,
  });
  writeFileSync(join(dir, ".codegen.yaml"), "name: bench\nmodule: example.com/bench\nframe: gateway\n");
  const per = Math.ceil(rpcs / files);
  for (let f = 0; f < files; f++) {
    const lines = [
      `syntax = "proto3";`,
      ``,
      `package m${f};`,
      ``,
      `import "google/api/annotations.proto";`,
      ``,
      `option go_package = "./pb/m${f}";`,
      ``,
    ];
    const methods: string[] = [];
    for (let r = 0; r < per && f * per + r < rpcs; r++) {
      lines.push(
        `message Get${r}Request {`,
        `  string id = 1;`,
        `  int32 page = 2;`,
        `}`,
        ``,
        `message Get${r}Response {`,
        `  string id = 1;`,
        `  repeated string items = 2;`,
        `}`,
        ``,
      );
      methods.push(
        `  rpc Get${r}(Get${r}Request) returns (Get${r}Response) {`,
        `    option (google.api.http) = { get: "/api/m${f}/r${r}/{id}" };`,
        `  }`,
      );
    }
    lines.push(`service Service${f} {`, ...methods, `}`);
    writeFileSync(join(dir, "desc/proto", `m${f}.proto`), lines.join("\n") + "\n");
  }
}

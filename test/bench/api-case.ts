import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** A synthetic api project: `routes` routes spread over `files` descriptor files. */
export function writeApiProject(dir: string, routes: number, files: number): void {
  mkdirSync(join(dir, "desc/api"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: bench\nmodule: example.com/bench\nframe: api\n");
  const perFile = Math.ceil(routes / files);
  for (let f = 0; f < files; f++) {
    const lines = [`syntax = "v1"`, ``, `info (`, `\tgo_package: "m${f}"`, `)`, ``];
    const routeLines: string[] = [];
    for (let r = 0; r < perFile && f * perFile + r < routes; r++) {
      const n = `R${r}`;
      lines.push(
        `type ${n}Request {`,
        `\tId int64 \`path:"id"\``,
        `\tName string \`form:"name,optional" validate:"omitempty,min=2"\``,
        `}`,
        ``,
      );
      lines.push(`type ${n}Response {`, `\tId int64 \`json:"id"\``, `\tItems []string \`json:"items"\``, `}`, ``);
      routeLines.push(
        `\t@doc "route ${r} of module ${f}"`,
        `\t@handler get${n}`,
        `\tget /r${r}/:id (${n}Request) returns (${n}Response)`,
        ``,
      );
    }
    lines.push(`@server (`, `\tprefix: /api/m${f}`, `\tgroup: m${f}`, `)`, `service bench {`, ...routeLines, `}`);
    writeFileSync(join(dir, "desc/api", `m${f}.api`), lines.join("\n") + "\n");
  }
}

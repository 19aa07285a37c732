/** The same synthetic projects in the shape goctl reads (one entry .api, one service per proto, one DDL glob). */
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** goctl-style api tree: unique type names, `desc/api/main.api` importing every module file. */
export function writeGoctlApiProject(dir: string, routes: number, files: number): void {
  mkdirSync(join(dir, "desc/api/mods"), { recursive: true });
  writeFileSync(join(dir, ".codegen.yaml"), "name: bench\nmodule: example.com/bench\nframe: api\n");
  const per = Math.ceil(routes / files);
  const imports: string[] = [];
  for (let f = 0; f < files; f++) {
    writeFileSync(join(dir, `desc/api/mods/m${f}.api`), apiModule(f, Math.min(per, routes - f * per)));
    imports.push(`\t"mods/m${f}.api"`);
  }
  writeFileSync(join(dir, "desc/api/main.api"), `syntax = "v1"\n\nimport (\n${imports.join("\n")}\n)\n`);
}

export function apiModule(f: number, count: number, extraField = ""): string {
  const lines = [`syntax = "v1"`, ``];
  const routes: string[] = [];
  for (let r = 0; r < count; r++) {
    const n = `M${f}R${r}`;
    lines.push(
      `type ${n}Request {`,
      `\tId int64 \`path:"id"\``,
      `\tName string \`form:"name,optional"\``,
      ...(extraField && r === 0 ? [extraField] : []),
      `}`,
      ``,
    );
    lines.push(`type ${n}Response {`, `\tId int64 \`json:"id"\``, `\tItems []string \`json:"items"\``, `}`, ``);
    routes.push(
      `\t@doc "route ${r} of module ${f}"`,
      `\t@handler get${n}`,
      `\tget /r${r}/:id (${n}Request) returns (${n}Response)`,
      ``,
    );
  }
  lines.push(`@server (`, `\tprefix: /api/m${f}`, `\tgroup: m${f}`, `)`, `service bench {`, ...routes, `}`);
  return lines.join("\n") + "\n";
}

/** The proto case without HTTP annotations (goctl rpc does not read them), for goctl runs. */
export function goctlProtoCopies(project: string, into: string): string[] {
  mkdirSync(into, { recursive: true });
  const out: string[] = [];
  for (const f of readdirSync(join(project, "desc/proto")).filter((n) => n.endsWith(".proto"))) {
    const text = readFileSync(join(project, "desc/proto", f), "utf8")
      .replace(/import "google\/api\/annotations\.proto";\n/, "")
      .replace(/ \{\n    option \(google\.api\.http\) = \{.*\};\n  \}/g, ";");
    writeFileSync(join(into, f), text);
    out.push(f);
  }
  return out.sort();
}

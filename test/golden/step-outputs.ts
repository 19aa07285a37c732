/**
 * Files a pack step wrote (protoc's pb/*.pb.go, a descriptor set) carry bytes of the tools
 * installed on the machine: their version comments, the code shape of that plugin release, the
 * third-party .proto files found. A golden case keeps such a file in its expected set (where it
 * lands is the pack's doing) but compares a stable view of it instead of its bytes:
 *
 *   Go source       the header without its `versions:` lines, the package clause and the imports
 *                   (what the pack's compiler arguments decide: Go package names, import paths);
 *                   the rest is the compiler's, and a case with `build: true` compiles it.
 *   descriptor set  the files it holds, in order, with the services each declares.
 *
 * The ledger's sha256 of such a file becomes "<step output>". Which files are step outputs is
 * read from the run's own ledger (rule `step:<name>`), never from a list kept here.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import protobuf from "protobufjs";

const LEDGER = ".codegen/ledger.json";

/** Paths of the files the ledger in `dir` says a step wrote, with the step's name. */
export function stepOutputs(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(join(dir, LEDGER))) return out;
  const ledger = JSON.parse(readFileSync(join(dir, LEDGER), "utf8")) as {
    files?: Array<{ path: string; rule: string }>;
  };
  for (const f of ledger.files ?? []) if (f.rule.startsWith("step:")) out.set(f.path, f.rule.slice("step:".length));
  return out;
}

/** The text a golden compares for one file of the tree. */
export function goldenView(path: string, bytes: Buffer, steps: Map<string, string>): string {
  if (path === LEDGER) return ledgerView(bytes.toString("utf8"));
  const step = steps.get(path);
  if (step === undefined) return bytes.toString("utf8");
  const note = `golden view of an output of step ${step}: not its bytes (see test/golden/step-outputs.ts)`;
  if (path.endsWith(".go")) return `// ${note}\n${goView(bytes.toString("utf8"))}`;
  if (path.endsWith(".protoset") || path.endsWith(".pb") || path.endsWith(".binpb"))
    return `# ${note}\n${descriptorSetView(bytes)}`;
  return `# ${note}\n${bytes.length > 0 ? "(not empty)" : "(empty)"}\n`;
}

function ledgerView(text: string): string {
  return text
    .split("\n")
    .map((line) =>
      line.includes(`"rule":"step:`) ? line.replace(/"sha256":"[0-9a-f]+"/, `"sha256":"<step output>"`) : line,
    )
    .join("\n");
}

/** Header (less the tool versions), package clause and imports of a generated Go file. */
function goView(text: string): string {
  const lines = text.split("\n");
  const pkg = lines.findIndex((l) => /^package \w+/.test(l));
  if (pkg < 0) return "(no package clause)\n";
  // `// versions:` and its `// \tprotoc-gen-go v1.36.12` / `// - protoc v3.21.12` lines.
  const header = lines.slice(0, pkg).filter((l) => l !== "// versions:" && !/^\/\/ (\t|- )\S+\s+v\d/.test(l));
  // Imports outside the standard library (which of those a plugin release uses is its own
  // affair): the runtime, and the packages the compiler arguments map each .proto file to.
  const imports: string[] = [];
  const first = lines.findIndex((l, i) => i > pkg && /^import\b/.test(l));
  if (first >= 0) {
    const grouped = lines[first] === "import (";
    for (let i = first; i < lines.length && (!grouped || lines[i] !== ")"); i++) {
      const path = /"([^"]+)"/.exec(lines[i]!)?.[1];
      if (path?.split("/")[0]?.includes(".")) imports.push(lines[i]!.replace(/^import\s+/, "").trim());
      if (!grouped) break;
    }
  }
  const importLines = imports.length
    ? ["// imports (standard library left out):", ...imports.map((l) => `//\t${l}`)]
    : [];
  return [...header, lines[pkg]!, "", ...importLines, ""].join("\n");
}

/** `name: services a, b` for each FileDescriptorProto of a FileDescriptorSet. */
function descriptorSetView(bytes: Buffer): string {
  const lines: string[] = [];
  const set = protobuf.Reader.create(bytes);
  while (set.pos < set.len) {
    const tag = set.uint32();
    if (tag !== ((1 << 3) | 2)) {
      set.skipType(tag & 7);
      continue;
    }
    const file = protobuf.Reader.create(set.bytes());
    let name = "";
    let pkg = "";
    const services: string[] = [];
    while (file.pos < file.len) {
      const t = file.uint32();
      if (t === ((1 << 3) | 2)) name = file.string();
      else if (t === ((2 << 3) | 2)) pkg = file.string();
      else if (t === ((6 << 3) | 2)) services.push(messageName(file.bytes()));
      else file.skipType(t & 7);
    }
    const full = services.map((s) => (pkg ? `${pkg}.${s}` : s));
    lines.push(full.length ? `${name}: services ${full.join(", ")}` : name);
  }
  return lines.join("\n") + "\n";
}

/** Field 1 (`name`) of a DescriptorProto or ServiceDescriptorProto. */
function messageName(bytes: Uint8Array): string {
  const r = protobuf.Reader.create(bytes);
  while (r.pos < r.len) {
    const t = r.uint32();
    if (t === ((1 << 3) | 2)) return r.string();
    r.skipType(t & 7);
  }
  return "";
}

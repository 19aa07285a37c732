/**
 * goctl 1.8.5 as the oracle of the goctl pack: the same descriptors through `goctl` and through
 * `codegen gen` with the goctl pack must give the same Go file paths (and etc/*.yaml), and every
 * package the same API (test/support/goapi: package names, types with their fields and method
 * sets, func and method signatures, var and const names). That is what lets a team's own code,
 * written against goctl's output, compile against codegen's. Bodies and comments may differ.
 *
 * goctl comes from test/setup-tools.sh (npm's pretest); without it this test fails, it is not
 * skipped.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { codegen } from "../support/cli.js";
import { goApi } from "../support/go-api.js";
import { fixtures, scratch } from "../support/paths.js";

const test = suite("goctl oracle");

const GOCTL_VERSION = "1.8.5";
const fixtureRoot = join(fixtures, "goctl-oracle");

interface Case {
  title: string;
  frame: "api" | "rpc" | "model";
  style: "gozero" | "go_zero" | "goZero";
  /** .codegen.yaml's name: the folder's, as `codegen adopt` writes it (the model package is named after it, as goctl names it after --dir). */
  name: string;
  /** Fixture folder under test/fixtures/goctl-oracle, copied into the project folder. */
  fixture: string;
  /** go.mod's module path; the tree's root holds go.mod. */
  module: string;
  /** The codegen project's folder below the module root (the model package is a folder of its own). */
  project: string;
  /** .codegen.yaml lines beyond name, pack, frame, module and style. */
  config?: string;
  /** goctl's arguments, run in the module root (where the project folder sits). */
  goctl: string[];
  /**
   * Unexported names are compared too: a model's custom file (<table>model.go, the team's) uses
   * model_gen's unexported names: newXModel, defaultXModel and its conn and table fields, the
   * xRows and cacheXIdPrefix variables its hand-written queries build on.
   */
  unexported?: boolean;
  /** Files goctl writes that codegen deliberately does not, each with the reason. */
  onlyGoctl: Record<string, string>;
  /** Files codegen writes that goctl does not, each with the reason. */
  onlyCodegen: Record<string, string>;
}

const apiGo = (style: string): string[] => ["api", "go", "-api", "user.api", "-dir", ".", "--style", style];
const rpcProtoc = (style: string): string[] => [
  "rpc",
  "protoc",
  "order.proto",
  "--go_out=.",
  "--go-grpc_out=.",
  "--zrpc_out=.",
  "-m",
  "--style",
  style,
];
const modelDdl = (style: string, cache: boolean): string[] => [
  "model",
  "mysql",
  "ddl",
  "--src",
  "model/schema.sql",
  "--dir",
  "model",
  "--style",
  style,
  ...(cache ? ["-c"] : []),
];

const cases: Case[] = [
  ...(["gozero", "goZero"] as const).map(
    (style): Case => ({
      title: `api (--style ${style}): imports, groups, prefixes, two jwt names, middleware`,
      frame: "api",
      style,
      name: "user",
      fixture: "api",
      module: "example.com/user",
      project: ".",
      goctl: apiGo(style),
      onlyGoctl: {},
      onlyCodegen: {},
    }),
  ),
  ...(["gozero", "go_zero"] as const).map(
    (style): Case => ({
      title: `rpc (--style ${style}, -m): two services, pb from go_package "./pb"`,
      frame: "rpc",
      style,
      name: "order",
      fixture: "rpc",
      module: "example.com/order",
      project: ".",
      goctl: rpcProtoc(style),
      onlyGoctl: {},
      onlyCodegen: {},
    }),
  ),
  {
    title: "model (--style go_zero): a mysqldump of three tables, unique keys, nullable and time columns",
    frame: "model",
    style: "go_zero",
    name: "model",
    fixture: "model",
    module: "example.com/shop",
    project: "model",
    goctl: modelDdl("go_zero", false),
    unexported: true,
    onlyGoctl: {},
    onlyCodegen: {},
  },
  {
    title: "model with the row cache (-c, --style goZero)",
    frame: "model",
    style: "goZero",
    name: "model",
    fixture: "model",
    module: "example.com/shop",
    project: "model",
    config: "sql:\n  cache: true",
    goctl: modelDdl("goZero", true),
    unexported: true,
    onlyGoctl: {},
    onlyCodegen: {},
  },
];

/** goctl on the PATH (test/run.js puts $(go env GOPATH)/bin first) at the oracle's version, or why not. */
function goctlProblem(): string | null {
  const r = spawnSync("goctl", ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0)
    return `goctl is not installed (${r.error?.message ?? r.stderr.trim()}): run test/setup-tools.sh, which builds goctl ${GOCTL_VERSION} into $(go env GOPATH)/bin`;
  if (!r.stdout.includes(`goctl version ${GOCTL_VERSION} `))
    return `goctl ${GOCTL_VERSION} is the oracle, found ${r.stdout.trim()}: run test/setup-tools.sh`;
  return null;
}

/** A module root with go.mod and the fixture copied into the project folder. */
function tree(c: Case, name: string): string {
  const root = scratch(`goctl-oracle-${name}`);
  writeFileSync(join(root, "go.mod"), `module ${c.module}\n\ngo 1.22\n`);
  const project = join(root, c.project);
  mkdirSync(project, { recursive: true });
  cpSync(join(fixtureRoot, c.fixture), project, { recursive: true });
  return root;
}

/** The Go files and the service's etc/*.yaml under root, relative to it (dot folders such as .codegen left out). */
function generatedPaths(root: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!e.isFile()) continue;
    const rel = relative(root, join(e.parentPath, e.name)).split("\\").join("/");
    if (rel.split("/").some((part) => part.startsWith("."))) continue;
    if (rel.endsWith(".go") || /(^|\/)etc\/[^/]+\.yaml$/.test(rel)) out.push(rel);
  }
  return out.sort();
}

/**
 * A package's block as entries: a top-level line (`  type X struct`, `  func F(...)`) with the
 * indented lines below it (fields, methods).
 */
function entries(block: string): string[] {
  const out: string[] = [];
  for (const line of block.split("\n").slice(1)) {
    if (!line) continue;
    if (line.startsWith("    ") && out.length) out[out.length - 1] += "\n" + line;
    else out.push(line);
  }
  return out;
}

/**
 * A package's block with each entry's lines in sorted order. goctl 1.8.5 writes the jwt sections
 * of Config and the middleware fields of ServiceContext in map order, which changes from run to
 * run (3 orders in 12 runs of one input); the order of a struct's fields is not part of what
 * code written against it relies on (fields are named in literals), so it is not compared.
 */
function fieldOrderFree(block: string): string {
  const head = block.split("\n")[0] ?? "";
  return [
    head,
    ...entries(block).map((e) => {
      const [first, ...rest] = e.split("\n");
      return [first, ...rest.sort()].join("\n");
    }),
  ].join("\n");
}

/**
 * What differs between two packages' blocks ("-" goctl only, "+" codegen only). An entry on both
 * sides with the same first line (a type, most often) shows only its lines that differ.
 */
function apiDiff(goctl: string, ours: string): string {
  const head = (b: string): string => b.split("\n")[0] ?? "";
  const out: string[] = [];
  if (head(goctl) !== head(ours))
    out.push(...(goctl ? [`    - ${head(goctl)}`] : []), ...(ours ? [`    + ${head(ours)}`] : []));
  const a = entries(goctl);
  const b = entries(ours);
  const firstLines = (es: string[]): Map<string, string> => new Map(es.map((e) => [head(e), e]));
  const byHeadA = firstLines(a);
  const byHeadB = firstLines(b);
  const whole = (mark: string, e: string): string[] =>
    e.split("\n").map((l, i) => `    ${mark} ${i ? "  " : ""}${l.trim()}`);
  for (const e of a) {
    if (b.includes(e)) continue;
    const other = byHeadB.get(head(e));
    if (other === undefined) {
      out.push(...whole("-", e));
      continue;
    }
    const mine = e.split("\n").slice(1);
    const theirs = other.split("\n").slice(1);
    out.push(`      ${head(e).trim()}`);
    for (const l of mine) if (!theirs.includes(l)) out.push(`    -   ${l.trim()}`);
    for (const l of theirs) if (!mine.includes(l)) out.push(`    +   ${l.trim()}`);
    if (mine.every((l) => theirs.includes(l)) && theirs.every((l) => mine.includes(l))) {
      out.push(
        "    the same lines in another order:",
        ...mine.map((l) => `    -   ${l.trim()}`),
        ...theirs.map((l) => `    +   ${l.trim()}`),
      );
    }
  }
  for (const e of b) if (!a.includes(e) && !byHeadA.has(head(e))) out.push(...whole("+", e));
  return out.join("\n");
}

test(`goctl ${GOCTL_VERSION} is installed (the oracle of every case below)`, () => {
  const problem = goctlProblem();
  if (problem) assert.unreachable(problem);
});

for (const c of cases) {
  test(c.title, () => {
    const problem = goctlProblem();
    if (problem) assert.unreachable(problem);

    const oracle = tree(c, "goctl");
    const g = spawnSync("goctl", c.goctl, { cwd: oracle, encoding: "utf8", env: { ...process.env, NO_COLOR: "1" } });
    assert.is(g.status, 0, `goctl ${c.goctl.join(" ")} failed:\n${g.stdout}\n${g.stderr}`);

    const ours = tree(c, "codegen");
    const project = join(ours, c.project);
    const config = [
      `name: ${c.name}`,
      "pack: goctl",
      `frame: ${c.frame}`,
      `module: ${[c.module, c.project].filter((p) => p !== ".").join("/")}`,
      `style: ${c.style}`,
      c.config ?? "",
    ];
    writeFileSync(join(project, ".codegen.yaml"), config.join("\n") + "\n");
    const r = codegen(["gen"], project);
    assert.is(
      r.code,
      0,
      `codegen gen (pack goctl, frame ${c.frame}, style ${c.style}) failed:\n${r.stdout}\n${r.stderr}`,
    );

    // (a) the same file paths, but for the deliberate differences listed with the case.
    const theirs = generatedPaths(oracle);
    const mine = generatedPaths(ours);
    const missing = theirs.filter((p) => !mine.includes(p) && !(p in c.onlyGoctl));
    const extra = mine.filter((p) => !theirs.includes(p) && !(p in c.onlyCodegen));
    const stale = [
      ...Object.keys(c.onlyGoctl).filter((p) => !theirs.includes(p) || mine.includes(p)),
      ...Object.keys(c.onlyCodegen).filter((p) => !mine.includes(p) || theirs.includes(p)),
    ];
    const pathReport = [
      ...missing.map((p) => `  goctl writes ${p}, codegen does not`),
      ...extra.map((p) => `  codegen writes ${p}, goctl does not`),
      ...stale.map((p) => `  ${p} is listed as a deliberate difference but is not one any more`),
    ];

    // (b) the same API, package by package.
    const opts = { unexported: c.unexported ?? false };
    const goctlApi = goApi(oracle, opts);
    const ourApi = goApi(ours, opts);
    const apiReport: string[] = [];
    for (const pkg of [...new Set([...goctlApi.keys(), ...ourApi.keys()])].sort()) {
      const a = goctlApi.get(pkg);
      const b = ourApi.get(pkg);
      if (a === b || (a !== undefined && b !== undefined && fieldOrderFree(a) === fieldOrderFree(b))) continue;
      const only = a === undefined ? " (codegen only)" : b === undefined ? " (goctl only)" : "";
      apiReport.push(`  package ${pkg}${only}:\n${apiDiff(a ?? "", b ?? "")}`);
    }

    const report = [
      ...(pathReport.length ? ["file paths:", ...pathReport] : []),
      ...(apiReport.length
        ? [`API (- goctl, + codegen${opts.unexported ? ", unexported names included" : ""}):`, ...apiReport]
        : []),
    ];
    if (report.length)
      assert.unreachable(
        `codegen's goctl pack differs from goctl ${GOCTL_VERSION} (${c.goctl.join(" ")}):\n${report.join("\n")}`,
      );
  });
}

test.run();

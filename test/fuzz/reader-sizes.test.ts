/**
 * Fuzzing the readers' work on hostile sizes (issue 33): the three readers (.api, .proto, SQL)
 * on constructs nested up to 200,000 deep and repeated up to 100,000 times, alone or two
 * together. The properties: no internal error (what gen reports as exit 70), every read ends
 * within 10 s (the readers are linear on nesting and length, or refuse at a limit), and a gen
 * interrupted while it reads such a file exits 130 within a second of SIGINT.
 * Seeds as in harness.ts: the base seed in `npm test`, a fresh one under FUZZ_RANDOM=1,
 * FUZZ_SEED=<n> to repeat one; FUZZ_SIZE_RUNS=<n> changes the number of inputs per seed;
 * FUZZ_VERBOSE=1 prints each seed's slowest input, FUZZ_VERBOSE=2 every input before it is read.
 */
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { spawn } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CodegenError } from "../../engine/diagnostics/index.js";
import { readApi } from "../../engine/descriptors/api/index.js";
import { readProto } from "../../engine/descriptors/proto/index.js";
import { readSqlFiles } from "../../engine/descriptors/sql/index.js";
import { writeTree } from "../support/files.js";
import { codegenBin, fixtures, scratch } from "../support/paths.js";
import { fuzzSeeds } from "./harness.js";

const RUNS = Number(process.env["FUZZ_SIZE_RUNS"] ?? 60);
const LIMIT_MS = 10_000;
const test = suite(`fuzz: reader sizes, ${RUNS} inputs per seed`);

type Shape = (n: number) => string;
const times = (s: string, n: number): string => s.repeat(n);
const lines = (n: number, line: (i: number) => string): string => Array.from({ length: n }, (_, i) => line(i)).join("");

const API: Record<string, Shape> = {
  "map prefixes": (n) => `type T {\n\tF ${times("map[string]", n)}int \`json:"f"\`\n}\n`,
  "mixed prefixes": (n) => `type T {\n\tF ${times("[]*[3]map [ string ][...]", n)}int \`json:"f"\`\n}\n`,
  "map keys": (n) => `type T {\n\tF ${times("map[", n)}string${times("]int", n)} \`json:"f"\`\n}\n`,
  "inline structs": (n) => `type T {\n${times("\tF {\n", n)}\tA int\n${times("}\n", n)}}\n`,
  braces: (n) => times("{", n),
  "parens in info": (n) => `info (\n\ttitle: ${times("(", n)}\n)\n`,
  closers: (n) => times(")]}", n),
  "unclosed string": (n) => `info (\n\ttitle: "${times("a\\\\", n)}`,
  "unclosed comment": (n) => `/*${times("/* a ", n)}`,
  types: (n) => lines(n, (i) => `type T${i} {\n\tA int \`json:"a"\`\n}\n`),
  fields: (n) => `type T {\n${lines(n, (i) => `\tF${i} []*T${i} \`json:"f${i}"\`\n`)}}\n`,
  routes: (n) =>
    `type R {\n\tA int \`json:"a"\`\n}\nservice s {\n${lines(n, (i) => `\t@doc "d${i}"\n\t@handler h${i}\n\tget /r${i}/:id (R) returns (R)\n`)}}\n`,
  "long name": (n) => `type ${times("Ab", n * 20)} {\n\tA int \`json:"a"\`\n}\n`,
  "long tag": (n) => `type T {\n\tA int \`${times('json:"a" ', n)}\`\n}\n`,
};

const PROTO: Record<string, Shape> = {
  "nested messages": (n) => `syntax = "proto3";\npackage p;\n${times("message M {\n", n)}${times("}\n", n)}`,
  "option values": (n) => `syntax = "proto3";\npackage p;\noption (x) = ${times("{a: ", n)}1${times("}", n)};\n`,
  brackets: (n) => `syntax = "proto3";\npackage p;\nmessage M { string a = 1 ${times("[", n)} }\n`,
  messages: (n) => `syntax = "proto3";\npackage p;\n${lines(n, (i) => `message M${i} { string a = 1; }\n`)}`,
  fields: (n) =>
    `syntax = "proto3";\npackage p;\nmessage M {\n${lines(n, (i) => `  string f${i} = ${i < 18_999 ? i + 1 : i + 1001};\n`)}}\n`,
  "unknown types": (n) => `syntax = "proto3";\npackage p;\n${lines(n, (i) => `message M${i} { U${i} a = 1; }\n`)}`,
  // Four declarations and three diagnostics for each: a quarter as many.
  "names from outside their scope": (n) =>
    `syntax = "proto3";\npackage p;\n${lines(Math.ceil(n / 4), (i) => `message M${i} { message N${i} {} option (zz${i}) = 1; }\nmessage U${i} { N${i} a = 1; M${i}.N${i} b = 2; }\n`)}`,
  "enum values": (n) => `syntax = "proto3";\npackage p;\nenum E {\n${lines(n, (i) => `  E${i} = ${i};\n`)}}\n`,
  rpcs: (n) =>
    `syntax = "proto3";\npackage p;\nmessage A {}\nservice S {\n${lines(n, (i) => `  rpc R${i}(A) returns (A);\n`)}}\n`,
  "unknown options": (n) =>
    `syntax = "proto3";\npackage p;\nmessage A {\n${lines(Math.min(n, 18_000), (i) => `  string f${i} = ${i + 1} [zz${i} = true];\n`)}}\n`,
  "long name": (n) => `syntax = "proto3";\npackage p;\nmessage ${times("Ab", n * 20)} {}\n`,
};

const SQL: Record<string, Shape> = {
  "default parens": (n) =>
    `CREATE TABLE t (\n  id bigint NOT NULL DEFAULT ${times("(", n)}1${times(")", n)},\n  PRIMARY KEY (id)\n);\n`,
  "default expression parens": (n) =>
    `CREATE TABLE t (\n  id bigint NOT NULL DEFAULT ${times("(", n)}1${times(")", n)} + ${times("(", n)}2${times(")", n)},\n  PRIMARY KEY (id)\n);\n`,
  "check parens": (n) => `CREATE TABLE t (\n  id int CHECK ${times("(", n)}id > 0${times(")", n)}\n);\n`,
  "type parens": (n) => `CREATE TABLE t (\n  id varchar${times("(", n)}10${times(")", n)}\n);\n`,
  "unclosed parens": (n) => `CREATE TABLE t (\n  id int DEFAULT ${times("(", n)}1\n);\n`,
  "nested comments": (n) => `-- postgres\n${times("/* ", n)}${times(" */", n)}\nCREATE TABLE t (id int);\n`,
  "begin blocks": (n) =>
    `CREATE FUNCTION f() RETURNS int BEGIN ${times("BEGIN ", n)}${times("END; ", n)} END;\nCREATE TABLE t (id int);\n`,
  tables: (n) => lines(n, (i) => `CREATE TABLE t${i} (id int PRIMARY KEY, name varchar(10));\n`),
  columns: (n) => `CREATE TABLE t (\n${lines(n, (i) => `  c${i} int,\n`)}  id int PRIMARY KEY\n);\n`,
  "alter columns": (n) =>
    `CREATE TABLE t (id int);\n${lines(n, (i) => `ALTER TABLE t ADD COLUMN c${i} int;\nALTER TABLE t RENAME COLUMN c${i} TO d${i};\n`)}`,
  "indexes and foreign keys": (n) =>
    `CREATE TABLE t (id int PRIMARY KEY, c int);\n${lines(n, (i) => `CREATE INDEX ON t (c, id);\nALTER TABLE t ADD CONSTRAINT f${i} FOREIGN KEY (c) REFERENCES t (id);\n`)}`,
  "postgres indexes": (n) =>
    `-- postgres\nCREATE TABLE t (id bigserial PRIMARY KEY, "${times("é", n)}" int);\n${lines(Math.min(n, 5000), () => `CREATE INDEX ON t ("${times("é", Math.min(n, 200))}");\n`)}`,
  "long string": (n) => `CREATE TABLE t (id int DEFAULT '${times("a''", n * 10)}');\n`,
};

const READERS = { api: API, proto: PROTO, sql: SQL } as const;
type Reader = keyof typeof READERS;

const dir = scratch("fuzz-sizes");
function write(rel: string, text: string): string {
  const full = join(dir, rel);
  mkdirSync(join(full, ".."), { recursive: true });
  writeFileSync(full, text);
  return full;
}

async function read(reader: Reader, text: string): Promise<void> {
  if (reader === "api") await readApi([write("desc/api/fuzz.api", text)], { root: dir });
  else if (reader === "proto") await readProto([write("desc/proto/fuzz.proto", text)], { root: dir });
  else await readSqlFiles([write("desc/sql/fuzz.sql", text)], { root: dir });
}

/** Shapes whose size is a depth (or a length of one token), up to 200,000; the others repeat a statement, up to 100,000 times. */
const NESTING = new Set([
  "map prefixes",
  "mixed prefixes",
  "map keys",
  "inline structs",
  "braces",
  "parens in info",
  "closers",
  "unclosed string",
  "unclosed comment",
  "long name",
  "long tag",
  "nested messages",
  "option values",
  "brackets",
  "default parens",
  "default expression parens",
  "check parens",
  "type parens",
  "unclosed parens",
  "nested comments",
  "begin blocks",
  "postgres indexes",
  "long string",
]);

/** A size from 1 to `max`, spread evenly over the orders of magnitude. */
const size = (max: number): fc.Arbitrary<number> =>
  fc.double({ min: 0, max: Math.log10(max), noNaN: true }).map((e) => Math.max(1, Math.round(10 ** e)));

/** One reader's input: one or two of its shapes, each with a size (nesting up to 200,000, repeats up to 100,000). */
const input: fc.Arbitrary<{ reader: Reader; parts: Array<{ shape: string; n: number }> }> = fc
  .constantFrom<Reader>("api", "proto", "sql")
  .chain((reader) => {
    const shapes = Object.keys(READERS[reader]);
    const part = fc
      .constantFrom(...shapes)
      .chain((shape) => size(NESTING.has(shape) ? 200_000 : 100_000).map((n) => ({ shape, n })));
    return fc.array(part, { minLength: 1, maxLength: 2 }).map((parts) => ({ reader, parts }));
  });

test("no internal error and no read over 10 s, nested up to 200,000 deep, repeated up to 100,000 times", async () => {
  // 818369993: 200,000 unclosed PostgreSQL comments (dialect detection was quadratic).
  for (const seed of fuzzSeeds([818369993])) {
    let slowest = { ms: 0, what: "" };
    const result = await fc.check(
      fc.asyncProperty(input, async ({ reader, parts }) => {
        const text = parts.map(({ shape, n }) => READERS[reader][shape]!(n)).join("\n");
        const what = `${reader}: ${parts.map((p) => `${p.shape} × ${p.n}`).join(" + ")} (${text.length} characters)`;
        if (process.env["FUZZ_VERBOSE"] === "2") console.log(`seed ${seed}: ${what}`);
        const started = performance.now();
        try {
          await read(reader, text);
        } catch (e) {
          if (!(e instanceof CodegenError))
            throw new Error(`internal error on ${what}: ${(e as Error)?.stack ?? String(e)}`);
        }
        const ms = performance.now() - started;
        if (ms > slowest.ms) slowest = { ms, what };
        if (ms > LIMIT_MS) throw new Error(`${what} took ${Math.round(ms)} ms`);
      }),
      { numRuns: RUNS, seed, endOnFailure: true },
    );
    assert.not.ok(result.failed, `FUZZ_SEED=${seed}: ${fc.defaultReportMessage(result)}`);
    if (process.env["FUZZ_VERBOSE"]) console.log(`seed ${seed}: slowest ${Math.round(slowest.ms)} ms, ${slowest.what}`);
  }
});

/**
 * gen on such a file, with a pack that only counts what it read: SIGINT is sent 150 ms after gen
 * says it loaded what it renders with (it reads the descriptors next, the file is read by then),
 * and the exit event must come within a second, with 130. Before, the readers were quadratic on
 * these files and gen ignored the signal until the read ended (minutes); now a read, linear,
 * takes about a second, and a signal ends it as it ends a pack's evaluation (within 250 ms).
 */
async function interruptWhileReading(
  files: Record<string, string>,
): Promise<{ code: number | null; signal: NodeJS.Signals | null; afterSignal: number; stderr: string }> {
  const project = writeTree(scratch("fuzz-sizes-sigint"), {
    ".codegen.yaml": `name: demo\nmodule: example.com/demo\nframe: docs\npack: ${join(fixtures, "attacks/sizes")}\n`,
    ...files,
  });
  const child = spawn(process.execPath, [codegenBin, "gen", "--verbose"], {
    cwd: project,
    env: { ...process.env, FORCE_COLOR: "0", CODEGEN_CACHE_DIR: scratch("fuzz-sizes-cache") },
  });
  let stdout = "";
  let stderr = "";
  let sent = 0;
  let timer: NodeJS.Timeout | null = null;
  child.stdout.on("data", (d: Buffer) => {
    stdout += d.toString();
    if (!timer && /^load the template and expression engines: /m.test(stdout)) {
      timer = setTimeout(() => {
        sent = performance.now();
        child.kill("SIGINT");
      }, 150);
    }
  });
  child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
  const giveUp = setTimeout(() => child.kill("SIGKILL"), 120_000);
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
    child.on("exit", (c, s) => resolve([c, s])),
  );
  const ended = performance.now();
  clearTimeout(giveUp);
  return { code, signal, afterSignal: sent ? ended - sent : -1, stderr: stderr + stdout.slice(-500) };
}

for (const [what, files] of [
  ["a SQL DEFAULT nested 200,000 deep", { "desc/sql/t.sql": SQL["default parens"]!(200_000) }],
  ["a .proto message of 30,000 fields", { "desc/proto/p.proto": PROTO["fields"]!(30_000) }],
] as const) {
  test(`SIGINT while gen reads ${what}: exit 130 within a second`, async () => {
    const r = await interruptWhileReading(files);
    assert.ok(r.afterSignal >= 0, `gen never said it was about to read: ${r.stderr}`);
    assert.is(r.code, 130, `exit ${r.code} (${r.signal}) ${Math.round(r.afterSignal)} ms after SIGINT: ${r.stderr}`);
    assert.ok(r.afterSignal < 1000, `exited ${Math.round(r.afterSignal)} ms after SIGINT`);
  });
}

test.run();

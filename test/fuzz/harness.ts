/**
 * Property-based fuzzing of the descriptor readers (fast-check): inputs are real-shaped seeds
 * mutated (ranges deleted, duplicated, swapped, tokens inserted, cut short) or random text.
 * The property: the reader accepts the input, or refuses it with diagnostics whose positions
 * lie inside the input. Anything else (a TypeError, a stack overflow) is an internal error.
 * Seeds: `npm test` runs a fixed list (the base seed plus every seed that once found a bug, so CI
 * is deterministic); `npm run fuzz` sets FUZZ_RANDOM=1 for a fresh seed; FUZZ_SEED=<n> repeats one
 * run. The seed is printed on failure: add it to the suite's list of found seeds with the fix.
 * FUZZ_RUNS=<n> changes a run's size.
 */
import fc from "fast-check";
import { CodegenError } from "../../engine/diagnostics/index.js";

export const RUNS = Number(process.env["FUZZ_RUNS"] ?? 2000);
/** The seed every suite runs in `npm test`. */
export const BASE_SEED = 20261126;

/** The seeds a suite runs: FUZZ_SEED alone, a random one under FUZZ_RANDOM=1, else the base seed and the suite's found ones. */
export function fuzzSeeds(found: number[] = []): number[] {
  const fixed = process.env["FUZZ_SEED"];
  if (fixed !== undefined && fixed !== "") return [Number(fixed)];
  if (process.env["FUZZ_RANDOM"] === "1") return [Math.floor(Math.random() * 2 ** 31)];
  return [BASE_SEED, ...found];
}

/** Text derived from the seeds (texts, or an arbitrary of them): a seed with up to four edits, or (rarely) random text. */
export function mutatedText(seeds: string[] | fc.Arbitrary<string>, tokens: string[]): fc.Arbitrary<string> {
  const edit = fc.oneof(
    fc.record({ kind: fc.constant("delete" as const), at: fc.nat(), len: fc.nat({ max: 40 }) }),
    fc.record({ kind: fc.constant("repeat" as const), at: fc.nat(), len: fc.nat({ max: 60 }) }),
    fc.record({ kind: fc.constant("insert" as const), at: fc.nat(), token: fc.constantFrom(...tokens) }),
    fc.record({ kind: fc.constant("cut" as const), at: fc.nat() }),
    fc.record({ kind: fc.constant("swap" as const), a: fc.nat(), b: fc.nat() }),
  );
  const mutated = fc
    .tuple(Array.isArray(seeds) ? fc.constantFrom(...seeds) : seeds, fc.array(edit, { minLength: 1, maxLength: 4 }))
    .map(([text, edits]) => {
      let t = text;
      for (const e of edits) {
        const at = t.length === 0 ? 0 : "at" in e ? e.at % (t.length + 1) : 0;
        if (e.kind === "delete") t = t.slice(0, at) + t.slice(at + e.len);
        else if (e.kind === "repeat") t = t.slice(0, at + e.len) + t.slice(at, at + e.len) + t.slice(at + e.len);
        else if (e.kind === "insert") t = t.slice(0, at) + e.token + t.slice(at);
        else if (e.kind === "cut") t = t.slice(0, at);
        else {
          const lines = t.split("\n");
          const i = e.a % lines.length;
          const j = e.b % lines.length;
          [lines[i], lines[j]] = [lines[j]!, lines[i]!];
          t = lines.join("\n");
        }
      }
      return t.slice(0, 6000);
    });
  return fc.oneof(
    { arbitrary: mutated, weight: 9 },
    { arbitrary: fc.string({ maxLength: 300, unit: "binary" }), weight: 1 },
  );
}

/** Run `read` over RUNS inputs per seed; returns a failure message (with the seed) or null. */
export async function fuzzReader(
  name: string,
  inputs: fc.Arbitrary<string>,
  read: (text: string) => Promise<unknown>,
  seeds = fuzzSeeds(),
): Promise<string | null> {
  for (const seed of seeds) {
    const failure = await fuzzReaderOnce(name, inputs, read, seed);
    if (failure) return failure;
  }
  return null;
}

async function fuzzReaderOnce(
  name: string,
  inputs: fc.Arbitrary<string>,
  read: (text: string) => Promise<unknown>,
  seed: number,
): Promise<string | null> {
  let accepted = 0;
  let refused = 0;
  const result = await fc.check(
    fc.asyncProperty(inputs, async (text) => {
      try {
        await read(text);
        accepted++;
      } catch (e) {
        if (!(e instanceof CodegenError)) throw new Error(`internal error: ${(e as Error)?.stack ?? String(e)}`);
        const lines = text.split("\n").length;
        for (const d of e.diagnostics) {
          if (!d.span) continue;
          if (d.span.line < 1 || d.span.column < 1 || d.span.line > lines + 1)
            throw new Error(
              `diagnostic outside the input: ${d.span.line}:${d.span.column} (${lines} lines): ${d.code} ${d.message}`,
            );
        }
        refused++;
      }
    }),
    { numRuns: RUNS, seed, endOnFailure: true },
  );
  if (result.failed) return `${name} reader, FUZZ_SEED=${seed}: ${fc.defaultReportMessage(result)}`;
  return accepted + refused === 0 ? `${name}: no input was tried` : null;
}

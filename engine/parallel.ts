/**
 * A second thread for the whole-IR work of a large generation: the pack's checks and the data of
 * rules without `each` (an OpenAPI document) run there while this thread renders the item rules.
 * jsonata is most of a cold gen, and on two cores the two halves take about as long. Small
 * projects stay on one thread: starting one costs more than it would save.
 */
import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { CodegenError, type Diagnostic } from "./diagnostics/index.js";
import type { Pack, Phase } from "./packs/index.js";
import type { Aggregate } from "./plan/index.js";

/** Descriptors this large (bytes in all) are worth a second thread; `CODEGEN_THREADS=1` or `2` decides instead. */
const THRESHOLD = 64 * 1024;

export function wantsThread(descriptorBytes: number): boolean {
  const asked = process.env["CODEGEN_THREADS"];
  if (asked === "1") return false;
  if (asked === "2") return true;
  return availableParallelism() > 1 && descriptorBytes >= THRESHOLD;
}

export interface WorkerInput {
  pack: Pick<Pack, "functions" | "viewDirs" | "rules">;
  checkDirs: string[];
  /** The IR as JSON: a string crosses to the thread at a fraction of the cost of copying the objects. */
  irJson: string;
  project: { frame: string };
  config: object;
  phase: Phase;
  digest: string;
  /** Names of the rules whose aggregate the worker computes. */
  rules: string[];
}

/** What the worker sends back: the checks' outcome, then each rule's aggregate, as they finish. */
export type WorkerMessage =
  | { kind: "checks"; problems: Diagnostic[]; warnings: Diagnostic[] }
  | { kind: "aggregate"; rule: string; value: Aggregate }
  | { kind: "failed"; rule: string | null; diagnostics: Diagnostic[] }
  | { kind: "crashed"; rule: string | null; message: string; stack: string };

export interface ThreadWork {
  checks: Promise<{ problems: Diagnostic[]; warnings: Diagnostic[] }>;
  aggregates: Map<string, Promise<Aggregate>>;
  stop(): Promise<void>;
}

export function startThread(input: WorkerInput): ThreadWork {
  const worker = new Worker(new URL("./parallel-worker.js", import.meta.url), { workerData: input });
  const pending = new Map<string | null, { resolve: (v: never) => void; reject: (e: Error) => void }>();
  const settle = <T>(key: string | null): Promise<T> => {
    const p = new Promise<T>((resolve, reject) => pending.set(key, { resolve: resolve as (v: never) => void, reject }));
    // Rejections are handled by whoever awaits; an unawaited one must not end the process.
    p.catch(() => undefined);
    return p;
  };
  const checks = settle<{ problems: Diagnostic[]; warnings: Diagnostic[] }>(null);
  const aggregates = new Map(input.rules.map((r) => [r, settle<Aggregate>(r)]));
  const fail = (error: Error): void => {
    for (const p of pending.values()) p.reject(error);
    pending.clear();
  };
  worker.on("message", (m: WorkerMessage) => {
    const key = m.kind === "checks" ? null : m.rule;
    const p = pending.get(key);
    pending.delete(key);
    if (m.kind === "checks") p?.resolve({ problems: m.problems, warnings: m.warnings } as never);
    else if (m.kind === "aggregate") p?.resolve(m.value as never);
    else if (m.kind === "failed") p?.reject(new CodegenError(m.diagnostics));
    else {
      const e = new Error(m.message);
      e.stack = m.stack;
      p?.reject(e);
    }
  });
  worker.on("error", fail);
  worker.on("exit", () => fail(new Error("the generation thread stopped before it answered")));
  return {
    checks,
    aggregates,
    stop: async () => {
      await worker.terminate();
    },
  };
}

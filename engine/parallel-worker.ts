/** The second thread of engine/parallel.ts: checks, then whole-IR rules' data, each sent when done. */
import { parentPort, workerData } from "node:worker_threads";
import { runChecks } from "./checks/index.js";
import { CodegenError, type Diagnostic } from "./diagnostics/index.js";
import { aggregateOf, bindFunctions, guardEmptyArrays, planBindings } from "./plan/index.js";
import type { WorkerInput, WorkerMessage } from "./parallel.js";

const given = workerData as WorkerInput;
const input = { ...given, ir: JSON.parse(given.irJson) as object };
const send = (m: WorkerMessage): void => parentPort!.postMessage(m);

function failure(rule: string | null, e: unknown): WorkerMessage {
  if (e instanceof CodegenError) return { kind: "failed", rule, diagnostics: e.diagnostics };
  const error = e instanceof Error ? e : new Error(String(e));
  return { kind: "crashed", rule, message: error.message, stack: error.stack ?? error.message };
}

// The IR arrived as text: it gets the same guard the reading thread gave it.
guardEmptyArrays(input.ir);
try {
  const warnings: Diagnostic[] = [];
  const functions = await bindFunctions(input.pack, { ir: input.ir, project: input.project, config: input.config });
  const problems = await runChecks(input.ir, input.checkDirs, { onWarning: (w) => warnings.push(w), bindings: functions });
  send({ kind: "checks", problems, warnings });
} catch (e) {
  send(failure(null, e));
}
const bindings = await planBindings(input);
for (const name of input.rules) {
  const rule = input.pack.rules.find((r) => r.name === name)!;
  try {
    const value = await aggregateOf(rule, input, bindings);
    try {
      send({ kind: "aggregate", rule: name, value });
    } catch {
      // Not copyable to the other thread (a function in the data): sent as its JSON, which is what the data cache keeps too.
      send({ kind: "aggregate", rule: name, value: JSON.parse(JSON.stringify(value)) as typeof value });
    }
  } catch (e) {
    send(failure(name, e));
  }
}
